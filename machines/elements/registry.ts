import type { AnyStateMachine } from 'xstate';
import type { ModelName } from '../../src/model/elements';
import { carouselMachine } from './carousel';
import { foldableMachine } from './foldable';
import { hotspotsMachine } from './hotspots';

/*
 * modelName → the statechart the viewer spawns for each element of that kind (id `element:${id}`).
 * Every machine here takes `input: { element }` (the element's content, already parsed) and reports
 * learner changes to its parent with `sendParent({ type: 'element.changed', id, field, value })`.
 * Element kinds add their line here.
 */
export const elementMachines: Partial<Record<ModelName, AnyStateMachine>> = {
  Foldable: foldableMachine,
  ImageGallery: carouselMachine,
  Hotspot: hotspotsMachine,
};
