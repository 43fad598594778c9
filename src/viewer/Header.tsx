import { Link, useSearch } from '@tanstack/react-router';
import { lazyPart } from '../ui/lazyPart';
import { useTranslation } from '../../i18n/react';
import type { Crumb } from './crumbFit';
import { LanguageSwitch } from './LanguageSwitch';
import { DisplayButton } from '../display';
import { Logo } from './Logo';
import { AccountControl } from '../auth/AccountControl';
import { ProgressRing } from '../../paint/ProgressRing';
import type { Material } from '../../model/material';
import { useProgress } from '../elements/viewerContext';
import { GuestSaveSlot } from '../guest/GuestSaveSlot';
import { usePageData } from '../../paint/PageDataContext';
import { requestUpNavigation } from './upNavigation';
import type { ViewerSearch } from './viewerSearch';
import { mayAnnotateOf } from '../annotations/mayAnnotate';
import { requestAnnotationsPanel } from '../annotations/panelRequest';
import { Icon } from '../../paint/Icon';
import { withTooltip } from '../ui/withTooltip';
import { revealEverything } from '../elements/revealScheduler';

/** The chapters' trail: loads when first shown (the material's root has none), preloaded by ./lazyParts.tsx. */
export const loadBreadcrumbs = () => import('./Breadcrumbs');
const Breadcrumbs = lazyPart(() => loadBreadcrumbs().then((module) => module.Breadcrumbs));
/**
 * Whether the learner's work is saved: a chunk of its own that loads as soon as the app runs (the server names it
 * among the page's preloads: server/pages/routePreloads.ts), mostly there for the first render; should it come
 * later, the header shows without it until then (nothing to its right moves: the title's room takes it).
 */
export const loadSaveStateIndicator = () => import('./SaveStateIndicator');
const SaveStateIndicator = lazyPart(() => loadSaveStateIndicator().then((module) => module.SaveStateIndicator), undefined, true);
// Only a logged-in user has favourites.
const LikeButton = lazyPart(() => import('../favorites/LikeButton').then((module) => module.default));
// The full-text search panel loads when it opens (FULLTEXT_SEARCH).
const FulltextPanel = lazyPart(() => import('../search/FulltextPanel').then((module) => module.default));

/**
 * The fixed page header. On the material root it shows the logo (inside a collection the back button
 * to the grid and the material's title); inside a chapter a back button (one level up, scroll
 * restored) and the breadcrumbs; then whether the learner's work is saved,
 * the guest-save control, the full-text search (FULLTEXT_SEARCH), progress, language and the logged-in
 * user's account menu. Hidden in print.
 */
export function Header({ crumbs, backTo, material, inCollection = false }: { crumbs: Crumb[]; backTo?: string; material?: Material; inCollection?: boolean }) {
  const { t } = useTranslation('viewer');
  const pageData = usePageData();
  const { preview, featureFlags } = pageData;
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white print:hidden" data-testid="viewer-header">
      <div className="mx-auto flex h-14 max-w-[1536px] items-center gap-2 px-3 sm:gap-3 sm:px-4">
        {backTo !== undefined ? (
          <Link
            to={backTo}
            resetScroll={false}
            onClick={requestUpNavigation}
            aria-label={t('nav.back')}
            {...withTooltip}
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600"
          >
            <Icon name="chevron-left" className="h-5 w-5" />
          </Link>
        ) : (
          <Logo />
        )}
        <div className="min-w-0 flex-1">
          {crumbs.length > 1 ? (
            <Breadcrumbs crumbs={crumbs} />
          ) : backTo !== undefined && crumbs.length ? (
            // A material's root inside a collection: the back arrow takes the logo's place, the title the trail's (spec section 2).
            <p className="truncate text-sm font-medium text-gray-900" data-testid="header-title">
              {crumbs[0].label}
            </p>
          ) : null}
        </div>
        {preview ? null : <SaveStateIndicator />}
        <GuestSaveSlot />
        {material && mayAnnotateOf(pageData) ? <AnnotationsButton /> : null}
        {material && featureFlags.FULLTEXT_SEARCH ? <FulltextSearch material={material} inCollection={inCollection} /> : null}
        {material && pageData.user ? <LikeButton materialId={material.id} title={material.title} /> : null}
        {material ? <PrintButton title={material.title} /> : null}
        {material ? <MaterialProgressRing material={material} /> : null}
        <DisplayButton />
        <LanguageSwitch />
        <AccountControl />
      </div>
    </header>
  );
}

/** The material's progress: the one part of the header that follows the learner's answers. */
function MaterialProgressRing({ material }: { material: Material }) {
  const { t } = useTranslation('viewer');
  const progress = useProgress(material);
  return <ProgressRing progress={progress} size={32} label={t('materialProgress', { percent: Math.round(progress * 100) })} />;
}

/** The Search button, and the panel while the address says `search=true` (spec section 2). */
function FulltextSearch({ material, inCollection }: { material: Material; inCollection: boolean }) {
  const { t } = useTranslation('viewer');
  const { search: open, q } = useSearch({ strict: false }) as ViewerSearch;
  return (
    <>
      <Link
        to="."
        search={(prev: Record<string, unknown>) => ({ ...prev, search: true })}
        resetScroll={false}
        aria-label={t('header.search')}
        {...withTooltip}
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600"
        data-testid="open-search"
      >
        <Icon name="search" className="h-5 w-5" />
      </Link>
      {open ? <FulltextPanel materialId={material.id} inCollection={inCollection} q={q} /> : null}
    </>
  );
}

/** The header's Annotations button: the annotation layer (a chunk of its own) opens its panel, also when it loads after the press. */
function AnnotationsButton() {
  const { t } = useTranslation('viewer');
  return (
    <button
      type="button"
      onClick={requestAnnotationsPanel}
      aria-label={t('header.annotations')}
      {...withTooltip}
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600"
      data-testid="open-annotations"
    >
      <Icon name="annotations" className="h-5 w-5" />
    </button>
  );
}

/** Prints the page the learner sees (its `[data-print-page]`, every list rendered to its end) from the print frame. */
function PrintButton({ title }: { title: string }) {
  const { t } = useTranslation('viewer');
  const print = () => {
    revealEverything();
    // After the lists revealed above have committed.
    requestAnimationFrame(() => {
      const page = document.querySelector('[data-print-page]');
      // The print frame's code loads on the first print: it never weighs on the first paint.
      if (page) void import('./printFrame').then(({ printInFrame }) => printInFrame(page, title));
    });
  };
  return (
    <button
      type="button"
      onClick={print}
      aria-label={t('header.print')}
      {...withTooltip}
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600"
      data-testid="print-page"
    >
      <Icon name="print" className="h-5 w-5" />
    </button>
  );
}
