// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useEffect, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestAnnotationsPanel } from '../../src/annotations/panelRequest';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import { Material } from '../../model/material';
import { useOverlay } from '../../src/ui/useOverlay';
import { MaterialViewer } from '../../src/viewer/MaterialViewer';
import { validateViewerSearch } from '../../routes/search';
import { PageDataContext } from '../../paint/PageDataContext';
import { guestSharePageData, renderMaterialPage } from '../support/materialPage';
import { annotation, textareaEditor } from './fixtures';
import { expectVisible } from '../support/visible';

/*
 * The annotation panel and its delete dialog among the other overlays of the page (spec section 4:
 * one open per group, Escape closes the topmost, a press outside closes it). The layer is mounted by
 * MaterialViewer as the viewer does, next to a page whose own overlays (a hotspot popup, the search
 * panel) are stand-ins that use the same hook as the real ones.
 */

vi.mock('../../src/annotations/editor/NoteEditor', () => ({ default: textareaEditor }));

const material = Material.parse({
  modelName: 'Material', id: 'material-1', publicId: 'm', title: 'M',
  content: [{ id: 'text-1', modelName: 'Text', content: { html: '<p>A marked passage stays here.</p>' } }],
});
const pageData = guestSharePageData('Ada Lovelace');

/** An overlay of the page: open while `open`, closed by the stack (`onDismiss`) as the real ones are. */
function PageOverlay({ id, group, onDismiss }: { id: string; group: 'dropdown' | 'sidebar'; onDismiss: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { open } = useOverlay(id, group, { refs: [ref], onDismiss });
  useEffect(() => open(), [open]);
  return (
    <div ref={ref} data-testid={id}>
      {id}
    </div>
  );
}

let dismissed: string[];
let shown: Set<string>;
let rerender: () => void;

function Page() {
  return (
    <main>
      <div id="text-1" data-model-name="Text">
        <p>A marked passage stays here.</p>
      </div>
      {[...shown].map((id) => (
        <PageOverlay
          key={id}
          id={id}
          group={id.startsWith('sidebar') ? 'sidebar' : 'dropdown'}
          onDismiss={() => {
            dismissed.push(id);
            shown.delete(id);
            rerender();
          }}
        />
      ))}
    </main>
  );
}

function renderViewer() {
  const i18n = createI18n('en');
  const tree = () => (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PageDataContext.Provider value={pageData}>
          <MaterialViewer material={material}>
            <Page />
          </MaterialViewer>
        </PageDataContext.Provider>
      </I18nProvider>
    </StrictMode>
  );
  const result = render(tree());
  rerender = () => result.rerender(tree());
  return { user: userEvent.setup() };
}

const showPageOverlay = (id: string) =>
  act(async () => {
    shown.add(id);
    rerender();
  });

async function openAnnotationPanel() {
  await act(async () => requestAnnotationsPanel());
  return screen.findByTestId('annotation-panel', {}, { timeout: 5000 });
}

beforeEach(() => {
  localStorage.clear();
  dismissed = [];
  shown = new Set();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      const data = path.endsWith('/annotations')
        ? [annotation({ id: 'a-1', own: true, text: 'marked passage', from: 2, to: 16 })]
        : path.endsWith('/searchFulltext')
          ? { results: [], total: 0, hasMore: false, totalIsLowerBound: false }
          : null;
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the annotation panel among the page’s overlays (spec section 4)', () => {
  it('is one sidebar among the page’s: another sidebar opening closes it', async () => {
    renderViewer();
    await openAnnotationPanel();
    await showPageOverlay('sidebar-search');
    await waitFor(() => expect(screen.queryByTestId('annotation-panel')).toBeNull());
    expectVisible(screen.getByTestId('sidebar-search'));
    expect(dismissed).toEqual([]);
  });

  it('opening it closes the page’s open sidebar', async () => {
    renderViewer();
    await showPageOverlay('sidebar-search');
    await openAnnotationPanel();
    expect(dismissed).toEqual(['sidebar-search']);
  });

  it('a press inside the panel, the topmost overlay, does not close a popup of the page below it', async () => {
    renderViewer();
    await showPageOverlay('hotspot-popup');
    const panel = await openAnnotationPanel();
    fireEvent.pointerDown(panel);
    fireEvent.pointerUp(panel);
    expect(dismissed).toEqual([]);
    // Still open, below the modal panel (which hides the page from assistive technology meanwhile).
    expect(screen.queryByTestId('hotspot-popup')).not.toBeNull();
  });

  it('Escape closes the topmost first: the delete dialog, then the panel, then the popup below them', async () => {
    const { user } = renderViewer();
    await showPageOverlay('hotspot-popup');
    await openAnnotationPanel();
    await user.click(await screen.findByRole('button', { name: /Open the annotation of/ }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expectVisible(screen.getByRole('alertdialog'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expectVisible(screen.getByTestId('annotation-panel'));
    expect(dismissed).toEqual([]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('annotation-panel')).toBeNull());
    expect(dismissed).toEqual([]);

    await user.keyboard('{Escape}');
    expect(dismissed).toEqual(['hotspot-popup']);
  });
});

describe('the annotation panel and the full-text search panel: one sidebar at a time', () => {
  /** The material's page as the app shows it (the real header with its Search and Annotations buttons), at `/{search}`. */
  function renderPage(search: string) {
    const withSearch = { ...pageData, featureFlags: { ...pageData.featureFlags, FULLTEXT_SEARCH: true } };
    return renderMaterialPage(material, search, { lang: 'en', pageData: withSearch, validateSearch: validateViewerSearch }).router;
  }

  it('the annotation panel opening closes the open search panel', async () => {
    const router = renderPage('?search=true');
    await screen.findByTestId('fulltext-panel', {}, { timeout: 5000 });
    await openAnnotationPanel();
    await waitFor(() => expect(screen.queryByTestId('fulltext-panel')).toBeNull());
    expect(router.state.location.search).not.toHaveProperty('search');
    expectVisible(screen.getByTestId('annotation-panel'));
  });

  it('the search panel opening closes the annotation panel', async () => {
    const router = renderPage('');
    await screen.findByRole('heading', { level: 1, name: 'M' });
    await openAnnotationPanel();
    await act(() => router.navigate({ to: '/', search: { search: true } }));
    await screen.findByTestId('fulltext-panel', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId('annotation-panel')).toBeNull());
  });
});
