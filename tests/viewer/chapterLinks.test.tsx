// @vitest-environment jsdom
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, retainSearchParams, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETAINED_SEARCH, validateViewerSearch } from '../../routes/search';
import { splitSegments } from '../../routes/splitSegments';
import { shellContentHtml } from '../../server/pages/shellContent';
import { preloadElementComponents } from '../../src/elements/registry';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import { Material } from '../../model/material';
import { ServerSanitizedHtml } from '../../paint/SafeHtml';
import { MaterialPage, MaterialViewer } from '../../src/viewer/MaterialViewer';
import { PageDataContext } from '../../paint/PageDataContext';
import { publicPageData } from '../support/materialPage';
import { expectVisible } from '../support/visible';

/*
 * Chapter cards link relatively (spec section 2: "a card that links to a sub-item by its publicId
 * (relative link)"), in the app as in the server's first paint, at every depth, with and without the
 * trailing slash of the page's address (server/routes/pages.ts draws cards only with it).
 */

beforeAll(() => preloadElementComponents());

const material = Material.parse({
  modelName: 'Material', id: 'cl', publicId: 'cl', title: 'Wasser',
  content: [
    {
      modelName: 'Chapter', id: 'cl-1', publicId: 'kreislauf', title: 'Der Kreislauf',
      content: [{ modelName: 'Chapter', id: 'cl-2', publicId: 'regen', title: 'Regen', content: [{ modelName: 'Text', id: 'cl-t', content: { html: '<p>Es regnet.</p>' } }] }],
    },
  ],
});

/**
 * The material under the share's base as the app routes it (routes/materialRoutes.tsx, routes/createAppRouter.ts), opened at
 * `address`; with `inCollection`, as one material of a collection share at `/{publicId}/` (routes/collectionRoutes.tsx).
 */
function openAt(address: string, inCollection = false) {
  const root = createRootRoute({ component: Outlet, validateSearch: validateViewerSearch, search: { middlewares: [retainSearchParams([...RETAINED_SEARCH])] } });
  const base = inCollection ? `/${material.publicId}` : '';
  const layout = createRoute({
    getParentRoute: () => root,
    ...(inCollection ? { path: material.publicId } : { id: 'material' }),
    component: () => (
      <MaterialViewer material={material}>
        <Outlet />
      </MaterialViewer>
    ),
  });
  const index = createRoute({ getParentRoute: () => layout, path: '/', component: () => <MaterialPage material={material} segments={[]} base={base} inCollection={inCollection} /> });
  const chapter = createRoute({
    getParentRoute: () => layout,
    path: '$',
    component: function Chapter() {
      return <MaterialPage material={material} segments={splitSegments(chapter.useParams()._splat)} base={base} inCollection={inCollection} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([layout.addChildren([index, chapter])]),
    basepath: '/s/test',
    trailingSlash: 'always',
    history: createMemoryHistory({ initialEntries: [address] }),
  });
  render(
    <I18nProvider i18n={createI18n('de')}>
      <PageDataContext.Provider value={publicPageData}>
        <ServerSanitizedHtml.Provider value={true}>
          <RouterProvider router={router} />
        </ServerSanitizedHtml.Provider>
      </PageDataContext.Provider>
    </I18nProvider>,
  );
  return router;
}

describe('chapter cards link relatively', () => {
  it.each([
    ['/s/test/', 'kreislauf/', '/s/test/kreislauf/', 'Der Kreislauf'],
    ['/s/test', './test/kreislauf/', '/s/test/kreislauf/', 'Der Kreislauf'],
    ['/s/test/kreislauf/', 'regen/', '/s/test/kreislauf/regen/', 'Regen'],
    ['/s/test/kreislauf', './kreislauf/regen/', '/s/test/kreislauf/regen/', 'Regen'],
    ['/s/test/cl/kreislauf/', 'regen/', '/s/test/cl/kreislauf/regen/', 'Regen', 'in a collection'],
  ])('at %s the card links %s, which leads to %s (%s) %s', async (address, href, target, title, where = '') => {
    const router = openAt(address, where === 'in a collection');
    const card = await screen.findByTestId('chapter-card');
    expect(card.getAttribute('href')).toBe(href);
    // Where a browser takes the link (a new tab, a copied link): below the page.
    expect(new URL(href, `https://lernwerk.example${address}`).pathname).toBe(target);
    fireEvent.click(card);
    await waitFor(() => expect(router.history.location.pathname).toBe(target));
    expectVisible(await screen.findByRole('heading', { level: 1, name: title }));
  });

  it('a click stays in the app and keeps the retained parameters, not the page’s scroll target', async () => {
    const router = openAt('/s/test/?hideFooter=1&scrollTo=cl-1');
    fireEvent.click(await screen.findByTestId('chapter-card'));
    await waitFor(() => expect(router.history.location.pathname).toBe('/s/test/kreislauf/'));
    expect(router.state.location.search).toEqual({ hideFooter: true });
  });

  it('the server’s first paint links the card as the app does', async () => {
    openAt('/s/test/');
    const appHref = (await screen.findByTestId('chapter-card')).getAttribute('href');
    const drawn = document.createElement('div');
    drawn.innerHTML = await shellContentHtml(material.content, 'de');
    expect(drawn.querySelector('a')?.getAttribute('href')).toBe(appHref);
  });
});
