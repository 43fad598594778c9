import type { AnyStateMachine } from 'xstate';
import type { ModelName } from '../../model/elements';

/** A stateful kind's chart, as its folder declares it (`kindMachine` of src/kinds/<kind>/<chart>.machine.ts). */
export type KindMachine = { readonly modelName: ModelName; readonly machine: AnyStateMachine };

/**
 * The element machines the viewer spawns from, filled as the kinds' views load: a stateful kind's view
 * module hands over its chart (src/elements/registry.ts), and the view waits for the charts of the kinds
 * it shows before their actors are spawned. The tools register them all (scripts/statecharts/kindMachines.ts).
 */
export const loadedElementMachines: Partial<Record<ModelName, AnyStateMachine>> = {};
