import type { ElementOf } from '../../../model/elements';
import type { KindRules } from '../kindRules';

export const pathRules: KindRules<ElementOf<'Path'>> = {
  children: (element) => [element.content],
  tracksProgress: true,
  stateful: true,
  standIn: { dozes: false, parts: (element) => element.content.map((step) => ({ text: (step.modelName === 'Chapter' && step.pathTitle) || step.title })) },
};
