import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { KindMachine } from '../../machines/elements/loadedMachines';
import { importKindFiles } from '../kindFiles';

/*
 * The element kinds' charts, as the tools and tests need them without a browser: every
 * `src/kinds/<kind>/*.machine.ts` exports `kindMachine`. In the app each comes with its kind's view
 * (src/elements/registry.ts).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every stateful kind's chart in the checkout at `root`. */
export async function kindMachines(root = ROOT): Promise<KindMachine[]> {
  return (await importKindFiles<{ kindMachine?: KindMachine }>('.machine.ts', root)).flatMap(({ module }) => (module.kindMachine ? [module.kindMachine] : []));
}

/** Registers every kind's chart where the viewer of the checkout at `root` spawns from, as the views do in the app. */
export async function registerKindMachines(root = ROOT): Promise<void> {
  const { loadedElementMachines } = (await import(pathToFileURL(path.join(root, 'machines/elements/loadedMachines.ts')).href)) as typeof import('../../machines/elements/loadedMachines');
  for (const { modelName, machine } of await kindMachines(root)) loadedElementMachines[modelName] = machine;
}
