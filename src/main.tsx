import { RouterProvider } from '@tanstack/react-router';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '../i18n/react';
import { createAppRouter, type AppRouter } from '../routes/createAppRouter';
import { createI18n, loadLanguage } from '../i18n';
import type { PageData } from '../model/pageData';
import { readPageData } from './readPageData';
import { prefetchMaterial } from './api/materialPrefetch';
import { ErrorView } from './viewer/ErrorView';
import { PageDataContext } from '../paint/PageDataContext';
import { Toasts } from './ui/Toasts';
import { ServerSanitizedHtml } from '../paint/SafeHtml';
import { yieldToMain } from './yieldToMain';

const LoginPage = lazy(() => import('./auth/LoginPage'));
// A private share that refuses a logged-in account: its invitation to accept, or no access with the account's menu.
const InvitationPage = lazy(() => import('./auth/InvitationPage'));

/**
 * How long the first render waits for the routes' data (ms). Where the server drew the page, its paint
 * stands in meanwhile; on a page it left blank the routes' pending state shows after their `pendingMs`.
 */
const FIRST_RENDER_WAIT_MS = { overFirstPaint: 1000, overBlankPage: 150 } as const;

function applyTheme(pageData: PageData) {
  const primary = pageData.settings.themeColorOverrides.primary;
  if (primary) document.documentElement.style.setProperty('--primary', primary);
  document.documentElement.lang = pageData.lang;
}

/** Renders the app into `#root` from the page data (the page's entry, ./boot.ts, calls it once the document is parsed). */
export async function startApp(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  let pageData: PageData;
  try {
    pageData = readPageData();
  } catch (error) {
    console.error(error);
    const lang = new URLSearchParams(location.search).get('lang') === 'en' ? 'en' : 'de';
    await loadLanguage(lang).catch((textsError: unknown) => console.error(textsError));
    const i18n = createI18n(lang);
    root.render(
      <I18nProvider i18n={i18n}>
        <ErrorView status={500} />
      </I18nProvider>,
    );
    return;
  }
  // The page's errors go to the error-reporting service when one is configured (spec section 7).
  if (pageData.featureFlags.ERROR_REPORTING) import('./errorReporting/reportErrors').then((m) => m.reportErrors(window, pageData.api.base), () => undefined);
  applyTheme(pageData);
  // The material travels while the router's code loads (its loader takes this request).
  if (pageData.entryPoint === 'material' && pageData.share) prefetchMaterial(pageData.api.base, pageData.share.publicId, pageData.share.rootId);
  // English texts are a chunk of their own: it loads alongside the router's code (German is there already).
  const textsLoaded = loadLanguage(pageData.lang).catch((error: unknown) => console.error(error));
  const refusedAccount = pageData.entryPoint === 'invitation' || (pageData.entryPoint === 'error' && pageData.user !== null);
  const routerMade = pageData.entryPoint === 'login' || pageData.entryPoint === 'error' || refusedAccount || !pageData.share ? null : createAppRouter(pageData);
  // The routes' data is loaded before the first render, which then draws the page whole and in slices (a
  // render after the data arrived would be one long task). Not for long: see FIRST_RENDER_WAIT_MS.
  const router = routerMade?.then(async (made) => {
    await yieldToMain();
    // A failed load is the routes' to show (their error views): the router tries again when it mounts.
    const loaded = made.load().catch((error: unknown) => console.error(error));
    const wait = document.getElementById('shell') ? FIRST_RENDER_WAIT_MS.overFirstPaint : FIRST_RENDER_WAIT_MS.overBlankPage;
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, wait))]);
    return made;
  });
  await textsLoaded;
  const i18n = createI18n(pageData.lang);
  const content =
    pageData.entryPoint === 'login' ? (
      <Suspense fallback={null}>
        <LoginPage pageData={pageData} />
      </Suspense>
    ) : refusedAccount ? (
      <Suspense fallback={null}>
        <InvitationPage pageData={pageData} />
      </Suspense>
    ) : !router ? (
      <ErrorView status={pageData.error?.status ?? 404} />
    ) : (
      <AppRouter router={await router} />
    );
  const tree = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PageDataContext.Provider value={pageData}>
          {content}
          <Toasts />
        </PageDataContext.Provider>
      </I18nProvider>
    </StrictMode>
  );
  startTransition(() => root.render(tree));
  // Share pages keep working offline after this visit (src/offline/sw.ts); registered once the page is up.
  if (import.meta.env.PROD && router) (window.requestIdleCallback ?? setTimeout)(() => void import('./offline/registerServiceWorker').then((m) => m.registerServiceWorker(pageData), () => undefined));
}

/**
 * Every route renders content from this server's calls: its html was sanitised at import (paint/SafeHtml).
 * react-aria's links are routed where they are (src/ui/AriaRouting.tsx), not here: the first route goes without their code.
 */
function AppRouter({ router }: { router: AppRouter }) {
  return (
    <ServerSanitizedHtml.Provider value={true}>
      <RouterProvider router={router} />
    </ServerSanitizedHtml.Provider>
  );
}

