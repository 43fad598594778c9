import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import type { Material } from '../../model/material';
import type { PageData } from '../../model/pageData';
import { ServerSanitizedHtml } from '../../paint/SafeHtml';
import { MaterialPage, MaterialViewer } from '../../src/viewer/MaterialViewer';
import { PageDataContext } from '../../paint/PageDataContext';

/** Page data of a public material share (nothing saved on the server). */
export const publicPageData: PageData = {
  entryPoint: 'material', baseUrl: '/s/test', lang: 'de', share: null,
  shareSettings: { private: false, saveGuestSessions: false, scorm: false }, preview: false, user: null, guestSession: null,
  settings: { metadata: [], themeColorOverrides: {} } as unknown as PageData['settings'],
  featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false },
  api: { base: '/api', assets: '/assets' }, userdata: { metadata: { shareId: null } }, learnerState: null,
};

/** The page data of a guest-saving share (share-1) with the saved guest session `name`, in English. */
export function guestSharePageData(name: string): PageData {
  return {
    ...publicPageData,
    lang: 'en',
    share: { publicId: 'share-1' } as PageData['share'],
    shareSettings: { private: false, saveGuestSessions: true, scorm: false },
    guestSession: { publicId: 'G'.repeat(24), name } as PageData['guestSession'],
  };
}

/**
 * The material's root page as the app shows it (viewer actor, header, content, footer) in a router
 * at `/` with the given query string, as server content (html sanitised at import). Answers the
 * render result and the router. Options: the language (de), the page data (a public share), and the
 * root route's search validation (the app's, `validateViewerSearch`, for tests of search parameters),
 * and the chapter trail to show instead of the root page (publicIds, as the page's address has them).
 */
export function renderMaterialPage(
  material: Material,
  search = '',
  options: { lang?: 'de' | 'en'; pageData?: PageData; validateSearch?: (search: Record<string, unknown>) => object; segments?: string[] } = {},
) {
  const root = createRootRoute({ component: Outlet, ...(options.validateSearch ? { validateSearch: options.validateSearch } : {}) });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <MaterialViewer material={material}>
        <MaterialPage material={material} segments={options.segments ?? []} base="" />
      </MaterialViewer>
    ),
  });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: [`/${search}`] }) });
  const rendered = render(
    <I18nProvider i18n={createI18n(options.lang ?? 'de')}>
      <PageDataContext.Provider value={options.pageData ?? publicPageData}>
        <ServerSanitizedHtml.Provider value={true}>
          <RouterProvider router={router} />
        </ServerSanitizedHtml.Provider>
      </PageDataContext.Provider>
    </I18nProvider>,
  );
  return Object.assign(rendered, { router });
}
