import { createRootRouteWithContext, Outlet, retainSearchParams, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageData } from '../src/model/pageData';
import { PreviewBanner } from '../src/viewer/PreviewBanner';
import { usePageData } from '../src/viewer/PageDataContext';
import { ErrorView } from '../src/viewer/ErrorView';
import { HttpError } from '../src/api/client';
import { RETAINED_SEARCH, ViewerSearch } from './search';

export type RouterContext = { pageData: PageData };

/** A root route per entry point (a route tree owns its root: addChildren replaces the children). */
export function createViewerRootRoute() {
  return createRootRouteWithContext<RouterContext>()({
    validateSearch: ViewerSearch,
    search: { middlewares: [retainSearchParams([...RETAINED_SEARCH])] },
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
    const wanted = lang ?? pageData.lang;
    if (i18n.language !== wanted) void i18n.changeLanguage(wanted);
    document.documentElement.lang = wanted;
  }, [lang, i18n, pageData.lang]);
  return (
    <>
      {pageData.preview ? <PreviewBanner /> : null}
      <Outlet />
    </>
  );
}
