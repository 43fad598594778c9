import { assertEvent, assign, setup } from 'xstate';
import * as z from 'zod/mini';
import type { PolygonTargetExercise } from '../../../model/elements';
import { canAddMark, clampToImage, type Point } from './polygon.model';
import { reportChange, type ElementChangedEvent } from '../../../machines/elements/elementChanged';
import { reportEvaluation, restoringQuestion } from '../../../machines/elements/question';
import type { KindMachine } from '../../../machines/elements/loadedMachines';

const SavedPoint = z.object({ x: z.number().check(z.minimum(0), z.maximum(1)), y: z.number().check(z.minimum(0), z.maximum(1)) });

/** Learner state saved for a polygon exercise: the last reported value of each field. */
export const PolygonSaved = z.object({ points: z.optional(z.array(SavedPoint)), evaluated: z.optional(z.boolean()) });

export type PolygonInput = { element: PolygonTargetExercise; saved?: unknown };

export type PolygonContext = {
  id: string;
  polygonCount: number;
  /** The learner's marks, x and y as fractions (0–1) of the image. */
  marks: Point[];
  savedEvaluated: boolean;
};

export type PolygonEvent =
  | { type: 'mark.add'; x: number; y: number }
  | { type: 'mark.remove'; index: number }
  | { type: 'mark.move'; index: number; x: number; y: number }
  | { type: 'answer.submit' }
  | { type: 'answer.reset' };

type Ctx = { context: PolygonContext };

export const polygonGuards = {
  canAddMark: ({ context }: Ctx) => canAddMark(context.marks.length, context.polygonCount),
  isMarkIndex: ({ context }: Ctx, index: number) => Number.isInteger(index) && index >= 0 && index < context.marks.length,
  wasEvaluated: ({ context }: Ctx) => context.savedEvaluated,
};

function initialContext({ element, saved }: PolygonInput): PolygonContext {
  const restored = PolygonSaved.safeParse(saved ?? {});
  const polygonCount = element.polygons.length;
  return {
    id: element.id,
    polygonCount,
    marks: (restored.success ? (restored.data.points ?? []) : []).slice(0, polygonCount),
    savedEvaluated: restored.success && restored.data.evaluated === true,
  };
}

const reportPoints = { type: 'report', params: ({ context }: Ctx) => ({ id: context.id, field: 'points' as const, value: context.marks }) } as const;

/** A polygon target exercise: marks on an image, checked against hidden polygons. */
export const polygonMachine = setup({
  types: {
    input: {} as PolygonInput,
    context: {} as PolygonContext,
    events: {} as PolygonEvent,
    emitted: {} as ElementChangedEvent,
  },
  guards: {
    canAddMark: polygonGuards.canAddMark,
    isMarkIndex: ({ context, event }) => {
      assertEvent(event, ['mark.remove', 'mark.move']);
      return polygonGuards.isMarkIndex({ context }, event.index);
    },
    wasEvaluated: polygonGuards.wasEvaluated,
  },
  actions: {
    report: reportChange<PolygonContext, PolygonEvent>(),
    addMark: assign({
      marks: ({ context, event }) => {
        assertEvent(event, 'mark.add');
        return [...context.marks, clampToImage(event)];
      },
    }),
    removeMark: assign({
      marks: ({ context, event }) => {
        assertEvent(event, 'mark.remove');
        return context.marks.filter((_, index) => index !== event.index);
      },
    }),
    moveMark: assign({
      marks: ({ context, event }) => {
        assertEvent(event, 'mark.move');
        return context.marks.map((mark, index) => (index === event.index ? clampToImage(event) : mark));
      },
    }),
    clearMarks: assign({ marks: () => [] }),
  },
}).createMachine({
  id: 'polygon',
  description: 'Marks on an image, each correct when inside a target polygon.',
  initial: 'restoring',
  context: ({ input }) => initialContext(input),
  states: {
    restoring: restoringQuestion,
    notEvaluated: {
      description: 'The learner sets, moves and removes marks (at most one per polygon); Check answer is offered.',
      on: {
        'mark.add': { guard: 'canAddMark', actions: ['addMark', reportPoints], description: 'A click on the image sets a mark.' },
        'mark.remove': { guard: 'isMarkIndex', actions: ['removeMark', reportPoints], description: 'A click on a mark removes it.' },
        'mark.move': { guard: 'isMarkIndex', actions: ['moveMark', reportPoints], description: 'A mark is dragged (it stays inside the image).' },
        'answer.submit': {
          target: 'evaluated',
          actions: [
            ...reportEvaluation(true),
          ],
          description: 'Check answer: marks are judged, found polygons drawn.',
        },
      },
    },
    evaluated: {
      description: 'Marks locked and judged; the result box shows; the button reads Reset question.',
      tags: ['complete'],
      on: {
        'answer.reset': {
          target: 'notEvaluated',
          actions: [
            'clearMarks',
            reportPoints,
            ...reportEvaluation(false),
          ],
          description: 'Reset question: clears the marks and the evaluation.',
        },
      },
    },
  },
});

/** The chart the viewer spawns for each element of this kind (its view's module hands it over: src/elements/registry.ts). */
export const kindMachine = { modelName: 'PolygonTargetExercise', machine: polygonMachine } as const satisfies KindMachine;
