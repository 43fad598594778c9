import { createRootRouteWithContext, Outlet, retainSearchParams, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { lazyPart } from '../src/ui/lazyPart';
import { I18nProvider as AriaLocale } from 'react-aria-components/I18nProvider';
import { useTranslation } from '../i18n/react';
import type { PageData } from '../model/pageData';
import { DEFAULT_LANG } from '../i18n';
import { PreviewBanner } from '../src/viewer/PreviewBanner';
import { usePageData } from '../paint/PageDataContext';
import { ErrorView } from '../src/viewer/ErrorView';
import { HttpError } from '../src/api/client';
import { GuestSessionProvider } from '../src/guest/GuestSessionProvider';
import { RETAINED_SEARCH, ViewerSearch } from './search';

const SessionWatcher = lazyPart(() => import('../src/auth/SessionWatcher').then((module) => module.default));
const Tooltips = lazyPart(() => import('../src/ui/Tooltips').then((module) => module.default));
// Shows nothing while the connection holds: a chunk of its own, requested as the app starts (the service worker keeps it for offline use).
const ConnectivityNotice = lazyPart(() => import('../src/viewer/ConnectivityNotice').then((module) => module.default));

export type RouterContext = { pageData: PageData };

/** The default language is never written to the URL (spec section 1: only other locales add `lang`). */
function dropDefaultLang({ search, next }: { search: ViewerSearch; next: (search: ViewerSearch) => ViewerSearch }): ViewerSearch {
  const result = next(search);
  if (result.lang !== DEFAULT_LANG) return result;
  const { lang: _default, ...rest } = result;
  return rest;
}

/** A root route per entry point (a route tree owns its root: addChildren replaces the children). */
export function createViewerRootRoute() {
  return createRootRouteWithContext<RouterContext>()({
    validateSearch: ViewerSearch,
    // The first middleware wraps the others: the default language is dropped after retaining.
    search: { middlewares: [dropDefaultLang, retainSearchParams([...RETAINED_SEARCH])] },
    component: RootLayout,
    notFoundComponent: () => <ErrorView status={404} />,
    errorComponent: ({ error }) => <ErrorView status={error instanceof HttpError ? error.status : 500} />,
  });
}

function RootLayout() {
  const { lang } = useSearch({ strict: false }) as ViewerSearch;
  const { i18n } = useTranslation();
  const pageData = usePageData();
  useEffect(() => {
    const wanted = lang ?? DEFAULT_LANG;
    if (i18n.language !== wanted) void i18n.changeLanguage(wanted);
    document.documentElement.lang = wanted;
  }, [lang, i18n]);
  // The widgets' locale comes from here, not from each widget asking the browser (a cost per widget on long pages).
  return (
    <AriaLocale locale={`${lang ?? DEFAULT_LANG}-CH`}>
      <GuestSessionProvider>
        {pageData.preview ? <PreviewBanner /> : null}
        <Outlet />
        {/* In the first route's bundle: a connection lost while the page loads cannot fetch a chunk. */}
        <ConnectivityNotice />
        {/* The icon-only controls' tooltip: a chunk of its own, there soon after the page (no tooltip is needed sooner). */}
        <Tooltips />
        {pageData.shareSettings.private && pageData.user ? <SessionWatcher /> : null}
      </GuestSessionProvider>
    </AriaLocale>
  );
}
