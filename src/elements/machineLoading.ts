import { loadedElementMachines } from '../../machines/elements/loadedMachines';

let loading: Promise<void> | null = null;

/** Loads the element statecharts (one chunk); resolves at once when they are there. A failed load is tried again next time. */
export function loadElementMachines(): Promise<void> {
  loading ??= import('../../machines/elements/registry').then(
    () => undefined,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether the viewer can spawn element actors now. */
export function elementMachinesLoaded(): boolean {
  return Object.keys(loadedElementMachines).length > 0;
}
