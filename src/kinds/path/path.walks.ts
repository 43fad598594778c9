import { Path } from '../../../model/elements';
import { variant, type WalkVariants } from '../../../scripts/statecharts/walkVariant';
import { pathMachine, type PathEvent } from './path.machine';

const step = (id: string, pathEvaluationType?: 'selfCompletion' | 'openedCompletion') => ({
  id, modelName: 'Chapter', publicId: id, title: `Chapter ${id}`, content: [], ...(pathEvaluationType ? { pathEvaluationType } : {}),
});
const learningPath = Path.parse({ id: 'path-1', modelName: 'Path', content: [step('self', 'selfCompletion'), step('opened', 'openedCompletion'), step('derived')] });
const selfPath = Path.parse({ id: 'path-2', modelName: 'Path', content: [step('self', 'selfCompletion')] });
const pathEvents: PathEvent[] = [
  { type: 'step.toggle' as const, stepId: 'self' },
  { type: 'step.toggle' as const, stepId: 'opened' },
  { type: 'step.open' as const, stepId: 'opened' },
  { type: 'step.open' as const, stepId: 'self' },
  { type: 'progress.update' as const, progress: { derived: 1, self: 0 } },
  { type: 'progress.update' as const, progress: { derived: 0.5 } },
];

/** Walk variants of the learning path's chart (scripts/statecharts/walkConfigs.ts collects them). */
export const walks: WalkVariants = {
  path: [
    variant(pathMachine, 'self, opened and derived steps', { input: { element: learningPath }, events: pathEvents, key: (s) => s.context.progress }),
    variant(pathMachine, 'saved as complete', {
      input: { element: selfPath, saved: { stepProgress: { self: 1 } } },
      events: [],
      key: (s) => s.context.progress,
    }),
  ],
};
