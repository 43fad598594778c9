import type { AnyStateMachine } from 'xstate';
import type { ModelName } from '../../model/elements';

/**
 * The element kinds that have a statechart (machines/elements/registry.ts lists the machines; a
 * test keeps the two in step). Known without loading the machines, so the view can tell which
 * elements need an actor.
 */
export const STATEFUL_KINDS: ReadonlySet<ModelName> = new Set<ModelName>([
  'Foldable', 'ImageGallery', 'Hotspot', 'ChoiceQuestion', 'ClozeQuestion', 'FreeTextInput', 'AssignmentQuestion',
  'PolygonTargetExercise', 'Barrier', 'Certificate', 'Path',
]);

/**
 * The element machines the viewer spawns from, filled when machines/elements/registry.ts is
 * imported. In the browser that module is a chunk of its own, loaded alongside the material
 * (src/elements/machineLoading.ts): the first paint does not wait for every element's statechart.
 */
export const loadedElementMachines: Partial<Record<ModelName, AnyStateMachine>> = {};
