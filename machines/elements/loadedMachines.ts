import type { AnyStateMachine } from 'xstate';
import type { ModelName } from '../../model/elements';

/** A stateful kind's chart, as its folder declares it (`kindMachine` of src/kinds/<kind>/<chart>.machine.ts). */
export type KindMachine = { readonly modelName: ModelName; readonly machine: AnyStateMachine };

/**
 * The element machines the viewer spawns from, filled when machines/elements/registry.ts is
 * imported. In the browser that module is a chunk of its own, loaded alongside the material
 * (src/elements/machineLoading.ts): the first paint does not wait for every element's statechart.
 */
export const loadedElementMachines: Partial<Record<ModelName, AnyStateMachine>> = {};
