import type { AnyStateMachine } from 'xstate';
import type { ModelName } from '../../model/elements';
import { loadedElementMachines, type KindMachine } from './loadedMachines';
import { kindMachine as assignment } from '../../src/kinds/assignment/assignment.machine';
import { kindMachine as barrier } from '../../src/kinds/barrier/barrier.machine';
import { kindMachine as certificate } from '../../src/kinds/certificate/certificate.machine';
import { kindMachine as choice } from '../../src/kinds/choice/choice.machine';
import { kindMachine as cloze } from '../../src/kinds/cloze/cloze.machine';
import { kindMachine as freeText } from '../../src/kinds/freeText/freeText.machine';
import { kindMachine as path } from '../../src/kinds/path/path.machine';
import { kindMachine as polygon } from '../../src/kinds/polygon/polygon.machine';
import { kindMachine as imageGallery } from '../../src/kinds/imageGallery/carousel.machine';
import { kindMachine as foldable } from '../../src/kinds/foldable/foldable.machine';
import { kindMachine as hotspot } from '../../src/kinds/hotspot/hotspots.machine';

/** The charts of the stateful kinds (each kind's rules say `stateful: true`; tests/machines/viewer.test.ts holds the two together). */
const KIND_MACHINES: readonly KindMachine[] = [foldable, imageGallery, hotspot, choice, cloze, freeText, assignment, polygon, barrier, certificate, path];

/*
 * modelName → the statechart the viewer spawns for each element of that kind (id `element:${id}`).
 * Every machine here takes `input: { element }` (the element's content, already parsed) and reports
 * learner changes to its parent with `sendParent({ type: 'element.changed', id, field, value })`.
 */
export const elementMachines: Partial<Record<ModelName, AnyStateMachine>> = Object.fromEntries(KIND_MACHINES.map(({ modelName, machine }) => [modelName, machine]));

// The viewer spawns from the registry it was handed this way (machines/elements/loadedMachines.ts).
Object.assign(loadedElementMachines, elementMachines);
