import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

/** A formula's source is no text a learner reads: only its title is found. */
export const mathFormulaIndexing: KindIndexing<ElementOf<'MathFormula'>> = {
  viewModules: ['src/kinds/mathFormula/MathFormulaElement.tsx', 'src/kinds/mathFormula/KatexFormula.tsx'],
  search: (element) => ({ title: [element.title] }),
};
