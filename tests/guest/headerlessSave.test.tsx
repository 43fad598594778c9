// @vitest-environment jsdom
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateViewerSearch } from '../../routes/search';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import { GuestSessionProvider } from '../../src/guest/GuestSessionProvider';
import type { PageData } from '../../model/pageData';
import { preloadElementComponents } from '../../src/elements/registry';
import { ServerSanitizedHtml } from '../../paint/SafeHtml';
import { MaterialPage, MaterialViewer } from '../../src/viewer/MaterialViewer';
import { PageDataContext } from '../../paint/PageDataContext';
import { fixtureMaterial } from '../viewer/fixtureMaterial';
import { guestSharePageData, publicPageData } from '../support/materialPage';
import { expectVisible } from '../support/visible';

/** A guest-saving share (share-1) without a guest session yet: tracking is held until a name is given (spec section 4). */
const unsavedGuest: PageData = { ...guestSharePageData('unused'), lang: 'de', guestSession: null };

/** A page of the fixture material as the app shows it, with the guest session of the share around it (routes/root.tsx). */
function renderPage(search: string, pageData: PageData, segments: string[] = []) {
  const root = createRootRoute({
    validateSearch: validateViewerSearch,
    component: () => (
      <GuestSessionProvider>
        <Outlet />
      </GuestSessionProvider>
    ),
  });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <MaterialViewer material={fixtureMaterial}>
        <MaterialPage material={fixtureMaterial} segments={segments} base="" />
      </MaterialViewer>
    ),
  });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: [`/${search}`] }) });
  render(
    <StrictMode>
      <I18nProvider i18n={createI18n(pageData.lang)}>
        <PageDataContext.Provider value={pageData}>
          <ServerSanitizedHtml.Provider value={true}>
            <RouterProvider router={router} />
          </ServerSanitizedHtml.Provider>
        </PageDataContext.Provider>
      </I18nProvider>
    </StrictMode>,
  );
}

beforeAll(() => preloadElementComponents());

const saveButtons = () => screen.queryAllByRole('button', { name: 'Lernstand speichern' });

describe('saving a guest’s progress where the header is hidden (spec section 4: tracking is held until a name is given)', () => {
  it.each(['?hideHeader', '?hideHeader&hideFooter', '?hideHeader=1&hideFooter=true'])('%s: the page offers Save learning progress, by keyboard, and it opens the dialog', async (search) => {
    renderPage(search, unsavedGuest);
    await screen.findByRole('heading', { level: 1, name: fixtureMaterial.title });
    expect(screen.queryByTestId('viewer-header')).toBeNull();
    const save = await screen.findByRole('button', { name: 'Lernstand speichern' });
    expect(saveButtons()).toHaveLength(1);
    const user = userEvent.setup();
    // Reached by Tab before the page's content, as the header's control would be.
    await user.tab();
    expect(document.activeElement).toBe(save);
    await user.keyboard('{Enter}');
    // The dialog's code is a chunk of its own: it may take longer than findBy's default second to arrive.
    expectVisible(await screen.findByRole('dialog', {}, { timeout: 10_000 }));
    expectVisible(screen.getByRole('heading', { name: 'Lernstand speichern' }));
  });

  it('on a chapter page too', async () => {
    renderPage('?hideHeader&hideFooter', unsavedGuest, ['eins']);
    await screen.findByRole('heading', { level: 1, name: 'Eins' });
    expectVisible(await screen.findByRole('button', { name: 'Lernstand speichern' }));
  });

  it('once saved, the guest’s name takes its place, as in the header', async () => {
    renderPage('?hideHeader', { ...guestSharePageData('Ada Lovelace'), lang: 'de' });
    expectVisible(await screen.findByRole('button', { name: 'Lernstand gespeichert für Ada Lovelace' }));
  });

  it('not twice where the header shows it, and never on a share that saves no guest sessions', async () => {
    renderPage('', unsavedGuest);
    await screen.findByTestId('viewer-header');
    await waitFor(() => expect(saveButtons()).toHaveLength(1));
    expect(screen.getByTestId('viewer-header').contains(saveButtons()[0])).toBe(true);
    expect(screen.queryByTestId('headerless-guest-save')).toBeNull();
    document.body.innerHTML = '';
    renderPage('?hideHeader', publicPageData);
    await screen.findByRole('heading', { level: 1, name: fixtureMaterial.title });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saveButtons()).toHaveLength(0);
  });
});
