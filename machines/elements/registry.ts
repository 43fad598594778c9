import type { AnyStateMachine } from 'xstate';
import type { ModelName } from '../../model/elements';
import { loadedElementMachines } from './loadedMachines';
import { assignmentMachine } from './assignment';
import { barrierMachine } from './barrier';
import { certificateMachine } from './certificate';
import { choiceMachine } from './choice';
import { clozeMachine } from './cloze';
import { freeTextMachine } from './freeText';
import { pathMachine } from './path';
import { polygonMachine } from './polygon';
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
  ChoiceQuestion: choiceMachine,
  ClozeQuestion: clozeMachine,
  FreeTextInput: freeTextMachine,
  AssignmentQuestion: assignmentMachine,
  PolygonTargetExercise: polygonMachine,
  Barrier: barrierMachine,
  Certificate: certificateMachine,
  Path: pathMachine,
};

// The viewer spawns from the registry it was handed this way (machines/elements/loadedMachines.ts).
Object.assign(loadedElementMachines, elementMachines);
