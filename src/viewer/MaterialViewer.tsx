import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { lazyPart } from '../ui/lazyPart';
import { useActorRef } from '@xstate/react';
import { Suspense, useContext, useEffect, useLayoutEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { viewerMachine } from '../../machines/viewer';
import type { Material } from '../../model/material';
import { allElements, elementsOnPage, resolvePath } from '../../model/tree';
import { preloadElementComponents } from '../elements/registry';
import { ContentList, RevealTargetContext } from '../elements/ContentList';
import { DORMANT_FROM_ELEMENTS } from '../elements/dormant/dormantContent';
import { LongPageContext, PageHighlightContext } from '../elements/dormant/waking';
import { revealEverything } from '../elements/revealScheduler';
import { ElementHeadingLevelContext } from '../elements/static/elementHeadingLevel';
import { ViewerActorContext } from '../elements/viewerContext';
import { completesOnOpen, endsWithCompletion } from '../../model/progressTree';
import { SafeHtml } from '../../paint/SafeHtml';
import type { ViewerSearch } from './viewerSearch';
import { Cover } from './Cover';
import { learnerStateKey, persistLearnerState } from './localLearnerState';
import { learnerSetup, useGuestSessionForTracking } from './learnerTracking';
import { useGuestSessionActor } from '../guest/GuestSessionProvider';
import { HostProgress } from './useHostProgress';
import { mayAnnotateOf } from '../annotations/mayAnnotate';
import { OverlayProvider } from '../ui/OverlayProvider';
import { usePageData } from '../../paint/PageDataContext';
import { generateFeedbackActor } from '../api/feedback';
import { removeShell } from './shell';
import { useContentDirection } from './contentDirection';
import { CopyrightNotice } from './CopyrightNotice';
import { Header } from './Header';
import { pagePath, siblingTargets } from './navTarget';
import { useScrollTarget } from './useScrollTarget';
import { ChapterCompletion, EmbeddedPage, FooterNav, PageNotFound, preloadViewerParts, ProgressAnnouncer, ScrollProgressTracker } from './lazyParts';
import { useViewerInspection } from './inspection';

// In an LMS (a scorm share in a frame) the bridge to the package's launch page loads; elsewhere never.
const LmsBridge = lazyPart(() => import('./LmsBridge').then((module) => module.default));
// A page drawn from a publication watches for a newer one (not on preview shares, where authors check drafts).
const PublicationWatcher = lazyPart(() => import('../publication/PublicationWatcher').then((module) => module.default));
// For a visitor who may annotate, the annotation layer (selection, marks, panel) loads.
const AnnotationLayer = lazyPart(() => import('../annotations/AnnotationLayer').then((module) => module.default));
// On a guest share without a header (?hideHeader, one element embedded alone), the header's save control floats.
const FloatingGuestControl = lazyPart(() => import('../guest/FloatingGuestControl').then((module) => module.default));

type PageProps = {
  material: Material;
  /** Chapter publicIds (and a trailing `iframe/{id}`) below the material. */
  segments: string[];
  /** Router path of the material: '' for a material share, '/{publicId}' inside a collection. */
  base: string;
  inCollection?: boolean;
};

/**
 * Holds the viewer actor of one open material. It lives in the layout route, so the element actors
 * survive navigation between the material's pages.
 */
export function MaterialViewer({ material, publicationId, children }: {
  material: Material;
  /** The publication the material was drawn from (a collection's material: its answer's); default: the page data's. None: nothing is watched. */
  publicationId?: string | null;
  children: ReactNode;
}) {
  const pageData = usePageData();
  const drawnFrom = publicationId ?? pageData.share?.publicationId;
  const { i18n } = useTranslation();
  const services = useMemo(
    () => ({
      generateFeedback:
        pageData.featureFlags.GENERATIVE_FEEDBACK && pageData.share
          ? generateFeedbackActor(pageData.api.base, pageData.share.publicId, () => (i18n.language === 'en' ? 'en' : 'de'))
          : undefined,
    }),
    [pageData, i18n],
  );
  const storageKey = learnerStateKey(pageData.share?.publicId ?? 'none', material.id);
  // Read once: a guest session created later changes the page data, not what this viewer started from.
  const [{ saved, tracking }] = useState(() => learnerSetup(pageData, material.id, storageKey));
  const viewer = useActorRef(viewerMachine, { input: { material, services, saved, tracking }, inspect: useViewerInspection() });
  useEffect(() => {
    const subscription = persistLearnerState(viewer, storageKey);
    return () => subscription.unsubscribe();
  }, [viewer, storageKey]);
  useGuestSessionForTracking(viewer, useGuestSessionActor());
  usePreloadWhenIdle(material);
  return (
    <ViewerActorContext.Provider value={viewer}>
      {drawnFrom ? <PublicationWatcher viewer={viewer} materialId={material.id} publicationId={drawnFrom} /> : null}
      <HostProgress material={material} />
      {pageData.shareSettings.scorm && window.parent !== window ? <LmsBridge material={material} /> : null}
      {/* One overlay stack for the page and the annotation layer: its panel and dialog are overlays among the page's (spec section 4). */}
      <OverlayProvider>
        {pageData.share && mayAnnotateOf(pageData) ? <AnnotationLayer material={material} /> : null}
        {children}
      </OverlayProvider>
    </ViewerActorContext.Provider>
  );
}

/**
 * Once the first page is up, fetch the code of every element kind the material uses and of the
 * viewer's parts that load lazily (./lazyParts.tsx), so pages opened later (also after the connection dropped) need nothing from the network but images.
 */
function usePreloadWhenIdle(material: Material) {
  useEffect(() => {
    const preload = () => {
      void preloadElementComponents(new Set([...allElements(material.content)].map((e) => e.modelName))).catch(() => undefined);
      preloadViewerParts();
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(preload, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, 1000);
    return () => clearTimeout(timer);
  }, [material]);
}

/** One page of the material: its root, a chapter at any depth, an external resource, or one embedded element. */
export function MaterialPage({ material, segments, base, inCollection = false }: PageProps) {
  const { t } = useTranslation('viewer');
  const search = useSearch({ strict: false }) as ViewerSearch;
  const resolved = useMemo(() => resolvePath(material, segments), [material, segments]);
  const trail = resolved.kind === 'page' || resolved.kind === 'iframe' ? resolved.trail : [];
  const page = trail.length ? trail[trail.length - 1] : material;
  const pageKey = segments.join('/');
  const viewer = useViewerRef();
  const chapter = trail[trail.length - 1];
  const onPage = useMemo(() => [...elementsOnPage(page.content)], [page]);
  const pageBarrierIds = useMemo(() => onPage.filter((e) => e.modelName === 'Barrier').map((e) => e.id), [onPage]);
  const longPage = onPage.length >= DORMANT_FROM_ELEMENTS;
  const onLinkClick = useRelativeLinkNavigation();
  const guestSaveFloats = useGuestSessionActor() !== null && (search.hideHeader === true || resolved.kind === 'element');
  const floatingGuestControl = guestSaveFloats ? <FloatingGuestControl /> : null;

  const contentLang = useContentDirection(material);
  useLayoutEffect(removeShell, []);
  useLayoutEffect(() => {
    // Fetch the chunks of every element kind on the page at once rather than one by one as they render.
    if (resolved.kind === 'page') void preloadElementComponents(new Set([...elementsOnPage(page.content)].map((e) => e.modelName)));
    if (resolved.kind === 'page') viewer.send({ type: 'page.open', pageId: page.id, completesOnOpen: completesOnOpen(chapter) });
    if (resolved.kind === 'iframe') viewer.send({ type: 'page.open', pageId: resolved.resource.id, completesOnOpen: completesOnOpen(resolved.resource) });
    if (resolved.kind === 'element') viewer.send({ type: 'page.open', pageId: `element:${resolved.element.id}` });
  }, [resolved, page, chapter, viewer]);
  useScrollTarget(search.scrollTo, search.highlight, pageKey);
  useRevealEverythingBeforePrint();
  const single = useMemo(() => (resolved.kind === 'element' ? [resolved.element] : []), [resolved]);

  if (resolved.kind === 'notFound') {
    return (
      <Suspense fallback={null}>
        <PageNotFound material={material} base={base} showHeader={!search.hideHeader} />
      </Suspense>
    );
  }
  if (resolved.kind === 'element') {
    // One element alone (embedded elsewhere): the page still has its h1, and the element's titles sit right under it.
    return (
      <main lang={contentLang} className={guestSaveFloats ? 'px-2 pt-2 pb-16' : 'p-2'} onClick={onLinkClick}>
        {floatingGuestControl}
        <h1 className="sr-only">{material.title}</h1>
        <ElementHeadingLevelContext.Provider value={2}>
          <ContentList elements={single} />
        </ElementHeadingLevelContext.Provider>
      </main>
    );
  }

  const crumbs = [{ label: material.title, to: `${base}/` }, ...trail.map((c, i) => ({ label: c.title, to: pagePath(base, trail.slice(0, i + 1)) }))];
  const backTo = trail.length ? pagePath(base, trail.slice(0, -1)) : inCollection ? '/' : undefined;
  const showHeader = !search.hideHeader;

  if (resolved.kind === 'iframe') {
    return (
      <div onClick={onLinkClick} className={guestSaveFloats ? 'pb-16' : undefined} data-print-page="">
        {showHeader ? <Header crumbs={[...crumbs, { label: resolved.resource.title, to: '.' }]} backTo={pagePath(base, trail)} material={material} inCollection={inCollection} /> : null}
        <main lang={contentLang}>
          {floatingGuestControl}
          <Suspense fallback={null}>
            <EmbeddedPage resource={resolved.resource} />
          </Suspense>
        </main>
      </div>
    );
  }

  const nav = siblingTargets(material, trail, base);
  const showCover = !chapter || !chapter.hideHeaderImage;
  return (
    <div onClick={onLinkClick} className={guestSaveFloats ? 'pb-16' : undefined} data-print-page="">
      {showHeader ? <Header crumbs={crumbs} backTo={backTo} material={material} inCollection={inCollection} /> : null}
      <main lang={contentLang}>
        {floatingGuestControl}
        <article key={page.id} data-page-id={page.id} className="pb-4" aria-labelledby={`title-${page.id}`}>
          {showCover ? <Cover asset={page.cover} color={chapter ? undefined : material.color} /> : null}
          <div className="container-content pt-8">
            <h1 id={`title-${page.id}`} className="mb-6 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">
              {page.title}
            </h1>
            {!chapter && material.description ? <SafeHtml html={material.description} className="mb-8 text-lg text-gray-600" /> : null}
          </div>
          <div className="content-flow" data-testid="page-content">
            {page.content.length ? (
              <LongPageContext.Provider value={longPage}>
                <RevealTargetContext.Provider value={search.scrollTo}>
                  <PageHighlightContext.Provider value={search.scrollTo ? undefined : search.highlight}>
                    <ContentList elements={page.content} />
                  </PageHighlightContext.Provider>
                </RevealTargetContext.Provider>
              </LongPageContext.Provider>
            ) : (
              <p className="container-content text-gray-500">{t('list.empty')}</p>
            )}
          </div>
          {endsWithCompletion(chapter) ? (
            <Suspense fallback={null}>
              <ChapterCompletion chapter={chapter} />
            </Suspense>
          ) : null}
          {page.evaluationType === 'scrolling' ? <ScrollProgressTracker pageId={page.id} saved={viewer.getSnapshot().context.progress[page.id]} /> : null}
          <ProgressAnnouncer page={page} material={material} />
        </article>
      </main>
      {search.hideFooter ? null : <FooterNav back={nav.back} forward={nav.forward} barrierIds={pageBarrierIds} />}
      <CopyrightNotice />
    </div>
  );
}

/** Printing needs the whole page: lists still mounting in chunks render to their end first. */
function useRevealEverythingBeforePrint() {
  useEffect(() => {
    window.addEventListener('beforeprint', revealEverything);
    return () => window.removeEventListener('beforeprint', revealEverything);
  }, []);
}

function useViewerRef() {
  const ref = useContext(ViewerActorContext);
  if (!ref) throw new Error('MaterialPage outside MaterialViewer');
  return ref;
}

/**
 * Content html and element components link with relative hrefs (`kapitel-2/`, `iframe/{id}/`).
 * Clicks on such links navigate inside the router instead of reloading the page.
 */
function useRelativeLinkNavigation() {
  const router = useRouter();
  const navigate = useNavigate();
  return (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a[href]');
    if (!anchor || anchor.getAttribute('target') === '_blank' || anchor.hasAttribute('download')) return;
    const url = new URL((anchor as HTMLAnchorElement).href, window.location.href);
    const basepath = router.basepath.replace(/\/$/, '');
    if (url.origin !== window.location.origin || !url.pathname.startsWith(`${basepath}/`)) return;
    event.preventDefault();
    const to = url.pathname.slice(basepath.length) || '/';
    void navigate({ to: to.endsWith('/') ? to : `${to}/`, search: (prev: Record<string, unknown>) => ({ ...prev, ...Object.fromEntries(url.searchParams) }) });
  };
}
