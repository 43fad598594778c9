import { lazy } from 'react';
import { lazyPart } from '../ui/lazyPart';
import { loadQuestionTexts } from '../../i18n/questionTexts';
import { loadBreadcrumbs } from './Header';

/*
 * Parts of the viewer that most first pages do without (the material's root has no trail, a trail
 * that fits needs no menu, few pages are external resources or wrong addresses, few are evaluated by
 * scrolling, and their end marker is the last thing on them, as the footer's navigation is on every page). Each loads when
 * first shown, and all of them once the first page is idle (preloadViewerParts, from
 * MaterialViewer), so pages opened later, also after the connection dropped, find them.
 */
const loaders = {
  breadcrumbs: loadBreadcrumbs,
  footerNav: () => import('./FooterNav'),
  crumbMenu: () => import('../ui/RoutedCrumbMenu'),
  embeddedPage: () => import('./EmbeddedPage'),
  pageNotFound: () => import('./PageNotFound'),
  scrollProgressTracker: () => import('./ScrollProgressTracker'),
  chapterCompletion: () => Promise.all([import('./ChapterCompletion'), loadQuestionTexts()]).then(([module]) => module),
  progressAnnouncer: () => Promise.all([import('./ProgressAnnouncer'), loadQuestionTexts()]).then(([module]) => module),
};

/** Fetches the code of every part above; failures are left to the part's own load. */
export function preloadViewerParts(): void {
  for (const load of Object.values(loaders)) void load().catch(() => undefined);
}

/** A part the page can do without: should its code fail to load (offline before it was fetched), the page shows without it until the connection is back. */
const optional = lazyPart;

/** Full-page display of an external resource. */
export const EmbeddedPage = lazy(() => loaders.embeddedPage().then((module) => ({ default: module.EmbeddedPage })));
/** The Complete toggle at the end of a selfCompletion chapter, with the texts of the path's toggle. */
export const ChapterCompletion = lazy(() => loaders.chapterCompletion().then((module) => ({ default: module.ChapterCompletion })));
/** The not-found view of a wrong address below a material. */
export const PageNotFound = lazy(() => loaders.pageNotFound().then((module) => ({ default: module.PageNotFound })));
/** Back, Goto top and Forward below the page: the last thing on it, so the page shows without waiting for it. */
export const FooterNav = optional(() => loaders.footerNav().then((module) => module.FooterNav));
/** What screen readers hear when the learner completes the chapter or the material. */
export const ProgressAnnouncer = optional(() => loaders.progressAnnouncer().then((module) => module.ProgressAnnouncer));
/** The end marker of a page evaluated by scrolling, and its statechart. */
export const ScrollProgressTracker = optional(() => loaders.scrollProgressTracker().then((module) => module.ScrollProgressTracker));
