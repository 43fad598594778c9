import type { AnyStateMachine } from 'xstate';
import type { ModelName } from '../../model/elements';
import { loadedElementMachines } from './loadedMachines';
import { assignmentMachine } from '../../src/kinds/assignment/assignment.machine';
import { barrierMachine } from '../../src/kinds/barrier/barrier.machine';
import { certificateMachine } from '../../src/kinds/certificate/certificate.machine';
import { choiceMachine } from '../../src/kinds/choice/choice.machine';
import { clozeMachine } from '../../src/kinds/cloze/cloze.machine';
import { freeTextMachine } from '../../src/kinds/freeText/freeText.machine';
import { pathMachine } from '../../src/kinds/path/path.machine';
import { polygonMachine } from '../../src/kinds/polygon/polygon.machine';
import { carouselMachine } from '../../src/kinds/imageGallery/carousel.machine';
import { foldableMachine } from '../../src/kinds/foldable/foldable.machine';
import { hotspotsMachine } from '../../src/kinds/hotspot/hotspots.machine';

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
