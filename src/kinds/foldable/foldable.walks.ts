import { variant, type WalkVariants } from '../../../scripts/statecharts/walkVariant';
import { foldableMachine } from './foldable.machine';

/** Walk variants of the foldable's chart (scripts/statecharts/walkConfigs.ts collects them). */
export const walks: WalkVariants = {
  foldable: [true, false].map((folded) =>
    variant(foldableMachine, `folded=${folded}`, { input: { element: { id: 'f1', folded } }, events: [{ type: 'foldable.toggle' }], key: () => null }),
  ),
};
