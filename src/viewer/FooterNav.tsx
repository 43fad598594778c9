import { Link } from '@tanstack/react-router';
import { scrollBehavior } from '../ui/motion';
import { useTranslation } from '../../i18n/react';
import { useViewerSelector } from '../elements/viewerContext';
import type { NavTarget } from './navTarget';

const buttonClass =
  'inline-flex items-center gap-1 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary-600 aria-disabled:pointer-events-none aria-disabled:opacity-40';

type FooterNavProps = {
  back?: NavTarget;
  forward?: NavTarget;
  /** Every barrier of the page: Forward stays disabled until each is unlocked. */
  barrierIds?: readonly string[];
};

/**
 * Back, Goto top, Forward (spec section 2, Footer navigation). `undefined` targets render disabled.
 * It reads the unlocked barriers itself, so an unlock re-renders the footer and not the page.
 */
export function FooterNav({ back, forward, barrierIds = [] }: FooterNavProps) {
  const { t } = useTranslation('viewer');
  const forwardBlocked = useViewerSelector((context) => barrierIds.some((id) => !context.unlockedBarrierIds.includes(id)), false);
  return (
    // Toasts rise above it rather than cover its buttons (src/ui/toastLift.ts: data-toasts-avoid).
    <nav aria-label={t('nav.pages')} data-toasts-avoid="" className="container-content mt-10 mb-10 flex flex-wrap items-center justify-between gap-2 border-t border-gray-200 pt-6 print:hidden" data-testid="footer-nav">
      {back ? (
        <Link to={back.to} search={(prev: Record<string, unknown>) => ({ ...prev, scrollTo: back.scrollTo })} className={buttonClass}>
          ← {t('nav.back')}
        </Link>
      ) : (
        <span className={buttonClass} aria-disabled="true">
          ← {t('nav.back')}
        </span>
      )}
      <button type="button" className={buttonClass} onClick={() => window.scrollTo({ top: 0, behavior: scrollBehavior() })}>
        ↑ {t('nav.top')}
      </button>
      {forward && !forwardBlocked ? (
        <Link to={forward.to} search={(prev: Record<string, unknown>) => ({ ...prev, scrollTo: forward.scrollTo })} className={buttonClass}>
          {t('nav.forward')} →
        </Link>
      ) : (
        <span className={buttonClass} aria-disabled="true" title={forwardBlocked ? t('forwardBlocked') : undefined} data-testid="forward-disabled">
          {t('nav.forward')} →
        </span>
      )}
    </nav>
  );
}
