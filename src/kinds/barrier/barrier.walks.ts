import { Barrier } from '../../../model/elements';
import { variant, type WalkVariants } from '../../../scripts/statecharts/walkVariant';
import { barrierMachine } from './barrier.machine';

const barrier = Barrier.parse({ id: 'barrier-1', modelName: 'Barrier', content: '<p>Stop here.</p>', unlockedContent: '<p>Well done.</p>' });
const barrierEvents = [
  { type: 'barrier.condition' as const, met: true },
  { type: 'barrier.condition' as const, met: false },
  { type: 'barrier.unlock' as const },
];

/** Walk variants of the barrier's chart (scripts/statecharts/walkConfigs.ts collects them). */
export const walks: WalkVariants = {
  barrier: [
    variant(barrierMachine, 'fresh', { input: { element: barrier }, events: barrierEvents, key: (s) => s.context.canContinue }),
    variant(barrierMachine, 'saved as unlocked', { input: { element: barrier, saved: { unlocked: true } }, events: [], key: () => null }),
  ],
};
