import { useRef } from 'react';
import { lazyPart } from '../../ui/lazyPart';
import { useScrollsSideways } from '../../ui/useScrollsSideways';
import { useTranslation } from '../../../i18n/react';
import type { ElementOf } from '../../../model/elements';
import type { ElementProps } from '../../../paint/elementProps';
import { MATH_FORMULA_TEXTS } from './mathFormula.texts';

// KaTeX and its stylesheet load only when a formula is on the page; the source shows meanwhile.
const KatexFormula = lazyPart(
  () => import('./KatexFormula').then((module) => module.default),
  ({ source }) => <code className="block text-center font-mono text-sm text-gray-500">{source}</code>,
);

/** A LaTeX formula rendered by KaTeX; an empty one says that the formula is missing. */
export function MathFormulaElement({ element }: ElementProps<ElementOf<'MathFormula'>>) {
  const { t } = useTranslation(MATH_FORMULA_TEXTS);
  const source = element.content.trim();
  const frame = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(frame);
  if (!source) {
    return (
      <p className="my-4 rounded-md border border-dashed border-gray-300 px-4 py-3 text-center text-sm text-gray-500 italic" data-state="missing">
        {t('missing')}
      </p>
    );
  }
  return (
    <div
      ref={frame}
      className="my-4 overflow-x-auto py-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
      role="group"
      aria-label={t('label')}
      tabIndex={scrolls ? 0 : undefined}
    >
      <KatexFormula source={source} />
    </div>
  );
}
