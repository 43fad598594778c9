import type { Page } from '@playwright/test';
import { sweep } from './support/a11ySweep';
import { checkA11y } from './support/a11y';
import { saveGuestProgress } from './support/guest';
import { importShare } from './support/importShare';
import { ownOrigin, ownPort, ownServer, type OwnServer } from './support/ownServer';
import { collectPageErrors } from './support/pageErrors';
import { closeContext, expect, test } from './support/transitions';

/*
 * Issue 11: the three search surfaces against the real server's search (PGlite), with FULLTEXT_SEARCH
 * on: the collection grid (server search, sort, Load more, the search kept in the address and the
 * session), the material search page (facets, +N, Reset filters) and the full-text search (the
 * collection's /search page and the panel of a material's header) to the highlighted match on its
 * page, inside a folded foldable too. Keyboard only where a learner would type; axe on each surface.
 * This spec runs its own server with a collection of 25 materials of its own.
 */

const port = ownPort(3);
test.use({ baseURL: ownOrigin(port) });
let server: OwnServer | null = null;
let share = '';
let guestShare = '';

const SUBJECTS = ['Biologie', 'Chemie', 'Physik'];
const LEVELS = ['Primarstufe', 'Sekundarstufe I', 'Sekundarstufe II'];
const pad = (n: number) => String(n).padStart(2, '0');

/** 25 materials: the first about water (chapters, a foldable, a barrier), the others numbered, each with a subject and a level. */
function searchCollection(): unknown {
  const items: unknown[] = [];
  for (let n = 1; n <= 25; n++) {
    const id = `suche-${pad(n)}`;
    const first = n === 1;
    items.push({
      id: `eintrag-${pad(n)}`,
      material: {
        modelName: 'Material',
        id,
        publicId: first ? 'wasser' : id,
        title: first ? 'Wasser im Alltag' : `Lerneinheit ${pad(n)}`,
        description: '',
        created_at: `2025-01-${pad(n)}T09:00:00Z`,
        evaluationType: 'composite',
        metadata: { fach: SUBJECTS[n % 3], stufe: LEVELS[Math.floor(n / 3) % 3], sprache: 'Deutsch' },
        content: first
          ? [
              { modelName: 'Text', id: 'wasser-intro', content: { html: '<p>Jeden Tag brauchen wir Wasser.</p>' } },
              {
                modelName: 'Chapter', id: 'wasser-kapitel', publicId: 'grundwasser', title: 'Grundwasser', evaluationType: 'composite',
                content: [
                  { modelName: 'Text', id: 'wasser-haus', content: { html: '<p>Das Haus am See holt sein Wasser aus dem Brunnen.</p>' } },
                  ...Array.from({ length: 12 }, (_, i) => ({ modelName: 'Text' as const, id: `wasser-fuell-${i}`, content: { html: `<p>Absatz ${i + 1} über Quellen, Bäche und Flüsse.</p>` } })),
                  {
                    modelName: 'Foldable', id: 'wasser-falte', title: 'Mehr über den Boden',
                    content: [{ modelName: 'Text', id: 'wasser-kies', content: { html: '<p>Im Kiesbett fließt das Grundwasser langsam talwärts.</p>' } }],
                  },
                ],
              },
            ]
          : [{ modelName: 'Text', id: `${id}-text`, content: { html: `<p>Inhalt der Lerneinheit ${n}.</p>` } }],
      },
    });
  }
  return { modelName: 'Collection', id: 'suchsammlung', publicId: 'suchsammlung', title: 'Suchsammlung', description: '', items };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = ownServer(port, { env: { FULLTEXT_SEARCH: '1' } });
  share = await importShare(searchCollection(), server.dataDir, 'public');
  guestShare = await importShare(searchCollection(), server.dataDir, 'guest');
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

const cards = (page: Page) => page.getByTestId('material-card');
const header = (page: Page) => page.getByTestId('search-result-header');

test('collection grid: server search, sort, Load more; the search survives a reload and a visit to a material', async ({ page }, testInfo) => {
  const errors = collectPageErrors(page);
  await page.goto(`/s/${share}/`);
  await expect(header(page)).toHaveText('25 Materialien');
  await expect(cards(page)).toHaveCount(20);
  await page.getByTestId('search-load-more').click();
  await expect(cards(page)).toHaveCount(25);
  await expect(page.getByTestId('search-load-more')).toHaveCount(0);
  await checkA11y(page, testInfo, 'collection-grid');

  // Keyboard only: to the field, type; the grid reloads from the server (page 1 again).
  const field = page.getByRole('searchbox', { name: 'Materialien durchsuchen' });
  await field.focus();
  await page.keyboard.type('Lerneinheit', { delay: 20 });
  await expect(header(page)).toHaveText('Ergebnisse (24)');
  await expect(cards(page)).toHaveCount(20);
  await expect(page).toHaveURL(/[?&]q=Lerneinheit/);

  // The sort by keyboard: Tab to it, open with Enter, pick Alphabetisch absteigend.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /Sortierung/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const option = page.getByRole('option', { name: 'Alphabetisch absteigend' });
  await expect(option).toBeVisible();
  while (!(await option.evaluate((el) => el.getAttribute('data-focused') !== null))) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(cards(page).first()).toContainText('Lerneinheit 25');
  await expect(page).toHaveURL(/sort=material\.title%3Adesc|sort=material.title:desc/);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Materialien durchsuchen' })).toHaveValue('Lerneinheit');
  await expect(header(page)).toHaveText('Ergebnisse (24)');
  await expect(cards(page).first()).toContainText('Lerneinheit 25');

  // To a material and back by its header's arrow: the address has no search, the session brings it back.
  await cards(page).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lerneinheit 25' })).toBeVisible();
  await page.getByRole('link', { name: 'Zurück' }).first().click();
  await expect(page.getByRole('searchbox', { name: 'Materialien durchsuchen' })).toHaveValue('Lerneinheit');
  await expect(cards(page).first()).toContainText('Lerneinheit 25');

  // Reset filters: the defaults again.
  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(header(page)).toHaveText('25 Materialien');
  await expect(cards(page).first()).toContainText('Wasser im Alltag');
  expect(errors).toEqual([]);
});

test('a shared link with a search: the back arrow from a material returns to that search, not to an older one', async ({ newContext }) => {
  const context = await newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  // An older search of this session, then a link that names another.
  await page.goto(`/s/${share}/?q=Wasser`);
  await expect(header(page)).toHaveText('Ergebnisse (1)');
  await page.goto(`/s/${share}/?q=Lerneinheit%2007`);
  await expect(header(page)).toHaveText('Ergebnisse (1)');
  await expect(cards(page)).toHaveCount(1);
  await cards(page).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lerneinheit 07' })).toBeVisible();
  await page.getByRole('link', { name: 'Zurück' }).first().click();
  await expect(page.getByRole('searchbox', { name: 'Materialien durchsuchen' })).toHaveValue('Lerneinheit 07');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Lerneinheit 07');
  expect(errors).toEqual([]);
  await closeContext(context);
});

test('the viewer’s own params (here lang) beside it: the back arrow and a new visit bring back the session’s search', async ({ newContext }) => {
  const context = await newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`/s/${share}/?lang=en&q=Lerneinheit%2007&sort=material.title%3Adesc`);
  await expect(header(page)).toHaveText('Results (1)');
  await cards(page).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lerneinheit 07' })).toBeVisible();
  // The arrow keeps lang (a retained param) and names no search: the session's comes back.
  await page.getByRole('link', { name: 'Back' }).first().click();
  await expect(page.getByRole('searchbox', { name: 'Search materials' })).toHaveValue('Lerneinheit 07');
  await expect(page).toHaveURL(/sort=material\.title%3Adesc|sort=material.title:desc/);
  await expect(cards(page)).toHaveCount(1);
  await page.goto(`/s/${share}/?lang=en`);
  await expect(page.getByRole('searchbox', { name: 'Search materials' })).toHaveValue('Lerneinheit 07');
  await expect(header(page)).toHaveText('Results (1)');
  expect(errors).toEqual([]);
  await closeContext(context);
});

test('a guest saves their progress on the grid of a collection that saves guest sessions; the material opened next knows them', async ({ newContext }) => {
  const context = await newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`/s/${guestShare}/`);
  await expect(header(page)).toHaveText('25 Materialien');
  const gridHeader = page.getByTestId('collection-header');
  const link = await saveGuestProgress(page, { firstName: 'Nora', lastName: 'Netz' }, gridHeader);
  expect(new URL(link).searchParams.get('guestSessionId')).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
  await expect(gridHeader.getByTestId('guest-name')).toHaveText('Nora Netz');
  await cards(page).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wasser im Alltag' })).toBeVisible();
  await expect(page.getByTestId('viewer-header').getByTestId('guest-name')).toHaveText('Nora Netz');
  expect(errors).toEqual([]);
  await closeContext(context);
});

test('material search page: two facets, +N, Reset filters', async ({ page }, testInfo) => {
  const errors = collectPageErrors(page);
  await page.goto(`/s/${share}/`);
  await page.getByRole('link', { name: 'Materialsuche' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Materialsuche' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveAttribute('placeholder', 'Materialtitel eingeben');
  await expect(header(page)).toHaveText('25 Materialien');
  // Newest first by default.
  await expect(cards(page).first()).toContainText('Lerneinheit 25');

  const filter = page.getByTestId('filter-button');
  await expect(filter).toHaveText('Filter');
  await filter.click();
  const fach = page.getByTestId('facet-fach');
  // Named by the settings' label of the metadata key (content/settings.json), not by the key.
  await expect(fach).toHaveText(/^Fach/);
  await fach.click();
  const list = page.getByRole('listbox', { name: 'Fach' });
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Zurücksetzen' })).toBeDisabled();
  for (const subject of SUBJECTS) await list.getByRole('option', { name: new RegExp(subject) }).click();
  await expect(fach).toHaveText(/Fach: Biologie, Chemie \+1/);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Zurücksetzen' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(filter).toHaveText('Filter (1)');
  await expect(header(page)).toHaveText('Ergebnisse (25)');

  // A second facet narrows further.
  await page.getByTestId('facet-stufe').click();
  await page.getByRole('listbox', { name: 'Stufe' }).getByRole('option', { name: /Primarstufe/ }).click();
  await page.keyboard.press('Escape');
  await expect(filter).toHaveText('Filter (2)');
  // Read once the narrowed search has answered (meanwhile the header says it is searching): 1 to 24 results.
  await expect(header(page)).toHaveText(/^Ergebnisse \((?:[1-9]|1\d|2[0-4])\)$/);
  const narrowed = Number(/\((\d+)\)/.exec((await header(page).textContent()) ?? '')?.[1]);
  await expect(cards(page)).toHaveCount(narrowed);
  await expect(page).toHaveURL(/filters=/);
  await checkA11y(page, testInfo, 'material-search');

  await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
  await expect(header(page)).toHaveText('25 Materialien');
  await expect(filter).toHaveText('Filter');
  expect(errors).toEqual([]);
});

test('full-text search page: from typing to the highlighted match inside a folded foldable', async ({ page }, testInfo) => {
  const errors = collectPageErrors(page);
  await page.goto(`/s/${share}/`);
  await page.getByTestId('search-content').click();
  const field = page.getByRole('searchbox', { name: 'Suchbegriff' });
  await expect(field).toBeFocused();
  await expect(page.getByTestId('fulltext-status')).toHaveText('Bitte gib einen Suchbegriff ein.');

  // German stemming: "Häuser" finds "Haus", and the page it opens marks "Haus", as the snippet does.
  await page.keyboard.type('Häuser');
  await expect(page.getByTestId('fulltext-status')).toHaveText('Ergebnisse (1)');
  await expect(page.getByTestId('fulltext-result').first().locator('mark')).toHaveText('Haus');
  await page.getByTestId('fulltext-result-link').first().click();
  await expect(page.locator('#wasser-haus mark[data-highlight]')).toHaveText('Haus');
  await page.goBack();

  await field.fill('Kiesbett');
  await expect(page.getByTestId('fulltext-status')).toHaveText('Ergebnisse (1)');
  const result = page.getByTestId('fulltext-result').first();
  // The crumbs: material and chapter, each a link (the snippet is a link too, and may name them).
  await expect(result.getByRole('link', { name: 'Wasser im Alltag', exact: true })).toBeVisible();
  await expect(result.getByRole('link', { name: 'Grundwasser', exact: true })).toBeVisible();
  await expect(result.locator('mark')).toHaveText('Kiesbett');
  await checkA11y(page, testInfo, 'fulltext-page');
  await sweep(page, testInfo, 'fulltext-page');

  // Keyboard: the hit's link, Enter.
  await result.getByTestId('fulltext-result-link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wasser\/grundwasser\/\?.*scrollTo=wasser-falte/);
  expect(new URL(page.url()).searchParams.get('highlight')).toBe('["kiesbett"]');
  await expect(page.locator('#wasser-falte [data-state="unfolded"]')).toHaveCount(1);
  await expect(page.locator('mark[data-highlight]')).toHaveText('Kiesbett');
  await expect(page.locator('mark[data-highlight]')).toBeInViewport();
  expect(errors).toEqual([]);
});

test('full-text panel in the material header: Search Material, Escape closes, a hit opens its page', async ({ page }, testInfo) => {
  const errors = collectPageErrors(page);
  await page.goto(`/s/${share}/wasser/`);
  await page.getByTestId('open-search').click();
  const panel = page.getByTestId('fulltext-panel');
  await expect(panel.getByRole('heading', { name: 'Material durchsuchen' })).toBeVisible();
  await expect(page).toHaveURL(/search=true/);
  await expect(panel.getByRole('searchbox')).toBeFocused();
  await expect(panel.getByTestId('fulltext-status')).toHaveText('Bitte gib einen Suchbegriff ein.');
  await page.keyboard.type('Brunnen');
  await expect(panel.getByTestId('fulltext-status')).toHaveText('Ergebnisse (1)');
  await expect(page).toHaveURL(/q=Brunnen/);
  await checkA11y(page, testInfo, 'fulltext-panel');

  // The panel's state is in the address: a reload opens it again with its query and results.
  await page.reload();
  await expect(page.getByTestId('fulltext-panel').getByTestId('fulltext-status')).toHaveText('Ergebnisse (1)');
  // Escape empties the field first (a search field's own Escape), then closes the panel.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('fulltext-panel').getByTestId('fulltext-status')).toHaveText('Bitte gib einen Suchbegriff ein.');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('fulltext-panel')).toHaveCount(0);
  await expect(page).not.toHaveURL(/search=true/);

  await page.getByTestId('open-search').click();
  await page.keyboard.type('Brunnen');
  // The results of the whole word, not of the letters typed so far ("Br" finds "brauchen" too).
  await expect(page.getByTestId('fulltext-panel').getByTestId('fulltext-status')).toHaveText('Ergebnisse (1)');
  await page.getByTestId('fulltext-result-link').first().click();
  await expect(page.getByTestId('fulltext-panel')).toHaveCount(0);
  await expect(page).toHaveURL(/\/wasser\/grundwasser\/\?.*scrollTo=wasser-haus/);
  await expect(page.locator('#wasser-haus mark[data-highlight]')).toHaveText('Brunnen');
  // A highlight written as a text (a link from before the search named its words) marks that text.
  await page.goto(`/s/${share}/wasser/grundwasser/?scrollTo=wasser-haus&highlight=am%20see`);
  await expect(page.locator('#wasser-haus mark[data-highlight]')).toHaveText('am See');
  expect(errors).toEqual([]);
});

test('the server fails a Load more and a search: the learner is told, what shows stays, and Try again brings the results', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto(`/s/${share}/`);
  await expect(header(page)).toHaveText('25 Materialien');
  // The server answers the next search with an error, once.
  const failNextSearch = () => page.route('**/search/collection/*/materials', (route) => route.fulfill({ status: 500, json: { error: 'internal' } }), { times: 1 });
  const failure = page.getByRole('alert').filter({ hasText: 'Die Suche ist fehlgeschlagen.' });

  await failNextSearch();
  await page.getByTestId('search-load-more').click();
  await expect(failure).toBeVisible();
  await expect(cards(page)).toHaveCount(20);
  await failure.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(cards(page)).toHaveCount(25);
  await expect(failure).toHaveCount(0);

  // Enter sends the query at once (no wait for the typing to settle); this one fails too.
  await failNextSearch();
  const field = page.getByRole('searchbox', { name: 'Materialien durchsuchen' });
  await field.fill('Lerneinheit');
  await field.press('Enter');
  await expect(failure).toBeVisible();
  await expect(cards(page).first()).toContainText('Wasser im Alltag');
  await failure.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(header(page)).toHaveText('Ergebnisse (24)');
  await expect(failure).toHaveCount(0);
  expect(errors).toEqual([]);
});
