import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { checkA11y } from './support/a11y';
import { saveGuestProgress } from './support/guest';
import { importShare } from './support/importShare';
import { ownOrigin, ownPort, ownServer, type OwnServer } from './support/ownServer';
import { collectPageErrors } from './support/pageErrors';
import { annotatePassage } from './support/annotate';
import { closeContext, expect, test } from './support/transitions';

/*
 * Issue 12 with ANNOTATION_COMMENTS=1 (spec sections 2, 5 and 6): a second guest of the same share
 * comments on the first guest's annotation; an empty comment is never sent; the first guest sees the
 * comment read-only, and the server refuses the first guest's model/update of it (the comment stays as
 * it was); the second guest edits their own comment. Axe on the list and on the detail with comments.
 * This spec runs its own server, with the comments flag on.
 */

const port = ownPort(4);
test.use({ baseURL: ownOrigin(port) });
let server: OwnServer | null = null;

/** A material of its own for each run (`key`: the repeat), so a run never meets the annotations of another. */
const materialFor = (key: string) => ({
  modelName: 'Material',
  id: `kommentare-${key}`,
  publicId: `kommentare-${key}`,
  title: 'Kommentare zum Wasser',
  evaluationType: 'composite',
  metadata: {},
  content: [
    { modelName: 'Text', id: `kommentar-text-${key}`, content: { html: '<p>Das Grundwasser fließt langsam durch den Kies.</p>' } },
    { modelName: 'Text', id: `kommentar-zwei-${key}`, content: { html: '<p>Quellen speisen Bäche und Flüsse.</p>' } },
  ],
});

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = ownServer(port, { env: { ANNOTATION_COMMENTS: '1' } });
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

const guestSessionOf = (link: string): string => {
  const id = new URL(link).searchParams.get('guestSessionId');
  if (!id) throw new Error(`no guestSessionId in ${link}`);
  return id;
};

/** The annotations of the material of `share` as `guestSessionId` reads them through the API. */
async function listAnnotations(request: APIRequestContext, { share, materialId }: { share: string; materialId: string }, guestSessionId: string) {
  const response = await request.post(`${ownOrigin(port)}/api/annotations`, { data: { share, materialId, guestSessionId, sort: 'desc' } });
  expect(response.status()).toBe(200);
  return (await response.json()).data as {
    id: string;
    own: boolean;
    comments: { id: string; own: boolean; content: unknown; contentHtml: string; owner: { name: string } }[];
  }[];
}

/** Opens the header's Annotations panel, which lists the one annotation. */
async function openPanel(page: Page): Promise<Locator> {
  await page.getByTestId('open-annotations').click();
  const panel = page.getByTestId('annotation-panel');
  await expect(panel.getByRole('heading', { name: 'Anmerkungen' })).toBeVisible();
  await expect(panel.getByTestId('annotation-card')).toHaveCount(1);
  return panel;
}

/** Every model/… write the page sends (model/create, model/update, model/delete). */
function collectModelWrites(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/model\/(create|update|delete)$/.test(request.url())) writes.push(request);
  });
  return writes;
}

test('a second guest comments on the first guest’s annotation; empty comments are not sent; the first guest can neither edit it in the panel nor through the server; its owner can', async ({ page, newContext }, testInfo) => {
  test.setTimeout(120_000);
  const errorsA = collectPageErrors(page);
  const key = `${testInfo.repeatEachIndex}-${testInfo.retry}`;
  const material = materialFor(key);
  const share = await importShare(material, server!.dataDir, 'guest');
  const scope = { share, materialId: material.id };

  // Guest A annotates.
  await page.goto(`/s/${share}/`);
  const linkA = await saveGuestProgress(page, { firstName: 'Ada', lastName: 'Lovelace' });
  const guestA = guestSessionOf(linkA);
  await annotatePassage(page, `kommentar-text-${key}`, 'fließt langsam', 'Wie schnell genau?');
  await expect(page.locator(`#kommentar-text-${key} mark[data-annotation-id]`)).toHaveText('fließt langsam');

  // Guest B: a browser of their own, a guest session of their own on the same share.
  const contextB = await newContext({ baseURL: ownOrigin(port) });
  const pageB = await contextB.newPage();
  const errorsB = collectPageErrors(pageB);
  try {
    await pageB.goto(`/s/${share}/`);
    const linkB = await saveGuestProgress(pageB, { firstName: 'Grace', lastName: 'Hopper' });
    const guestB = guestSessionOf(linkB);
    expect(guestB).not.toBe(guestA);
    const writesB = collectModelWrites(pageB);

    const panelB = await openPanel(pageB);
    const card = panelB.getByTestId('annotation-card');
    await expect(card).toContainText('Ada Lovelace');
    await expect(card).not.toContainText('(du)');
    await checkA11y(pageB, testInfo, 'annotation-list');
    await panelB.getByRole('button', { name: 'Anmerkung von Ada Lovelace öffnen' }).click();
    const detailB = panelB.getByTestId('annotation-detail');
    await expect(detailB.getByTestId('annotation-note')).toHaveText('Wie schnell genau?');
    // Not B's annotation: no Edit, no Delete of the note.
    await expect(detailB.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
    await expect(detailB.getByRole('button', { name: 'Löschen' })).toHaveCount(0);

    const comments = detailB.getByTestId('annotation-comments');
    await expect(comments.getByRole('heading', { name: 'Kommentare' })).toBeVisible();
    await expect(comments).toContainText('Noch keine Kommentare.');
    const form = comments.getByTestId('comment-form');
    const send = form.getByRole('button', { name: 'Senden' });
    const input = form.getByRole('textbox', { name: 'Neuer Kommentar' });

    // Empty, and blank (spaces, an empty line): Senden stays disabled, neither a press nor a forced click sends anything.
    await expect(send).toBeDisabled();
    await send.click({ force: true });
    await input.click();
    await pageB.keyboard.type('   ');
    await pageB.keyboard.press('Enter');
    await expect(input).toBeFocused();
    await expect(send).toBeDisabled();
    await send.click({ force: true });
    // The form submitted anyway (as Enter in a field would): the statechart sends nothing blank either.
    await form.evaluate((element) => (element as HTMLFormElement).requestSubmit());
    await pageB.waitForTimeout(300);
    expect(writesB.map((r) => r.url())).toEqual([]);
    expect((await listAnnotations(pageB.request, scope, guestB))[0].comments).toEqual([]);

    // A real comment goes out once.
    await input.click();
    await pageB.keyboard.press('ControlOrMeta+a');
    await pageB.keyboard.press('Backspace');
    await pageB.keyboard.type('Etwa ein Meter am Tag.');
    await expect(send).toBeEnabled();
    const created = pageB.waitForResponse((response) => response.url().endsWith('/api/model/create') && response.request().method() === 'POST');
    await send.click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(200);
    const comment = (await createdResponse.json()).data as { id: string; own: boolean; content: unknown };
    expect(comment.own).toBe(true);
    expect(writesB).toHaveLength(1);
    const commentB = comments.getByTestId('annotation-comment');
    await expect(commentB).toHaveCount(1);
    await expect(commentB).toHaveAttribute('data-comment-id', comment.id);
    await expect(commentB).toContainText('Etwa ein Meter am Tag.');
    await expect(commentB.getByTestId('annotation-owner')).toHaveText('Grace Hopper (du)');
    await expect(commentB.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
    // The input is empty again, and Senden disabled.
    await expect(input).toHaveText('');
    await expect(send).toBeDisabled();
    await checkA11y(pageB, testInfo, 'annotation-detail-comments');

    // A sees B's comment, read-only: no Edit, no editor.
    await page.reload();
    const panelA = await openPanel(page);
    await panelA.getByRole('button', { name: 'Anmerkung von Ada Lovelace öffnen' }).click();
    const detailA = panelA.getByTestId('annotation-detail');
    const commentSeenByA = detailA.getByTestId('annotation-comment');
    await expect(commentSeenByA).toHaveCount(1);
    await expect(commentSeenByA).toContainText('Etwa ein Meter am Tag.');
    await expect(commentSeenByA.getByTestId('annotation-owner')).toHaveText('Grace Hopper');
    await expect(commentSeenByA.getByRole('button')).toHaveCount(0);
    await expect(commentSeenByA.getByRole('textbox')).toHaveCount(0);
    await expect(commentSeenByA.locator('[contenteditable="true"]')).toHaveCount(0);
    // A's own annotation: Edit and Delete of the note are there (the read-only comment is not a lack of rights in general).
    await expect(detailA.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(1);
    await checkA11y(page, testInfo, 'annotation-detail-comments-read-only');

    // A asks the server directly to change B's comment, with A's guest session: refused, nothing written.
    const hostile = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Von Ada überschrieben' }] }] };
    const update = await page.request.post(`${ownOrigin(port)}/api/model/update`, {
      data: { model: { id: comment.id, modelName: 'Comment' }, newValues: { content: hostile }, oldValues: { content: comment.content }, guestSessionId: guestA },
    });
    expect(update.status()).toBe(404);
    // Without any credentials: refused too.
    const anonymous = await page.request.post(`${ownOrigin(port)}/api/model/update`, {
      data: { model: { id: comment.id, modelName: 'Comment' }, newValues: { content: hostile }, oldValues: { content: comment.content } },
    });
    expect(anonymous.status()).toBe(403);
    // Nor may A delete it.
    const remove = await page.request.post(`${ownOrigin(port)}/api/model/delete`, { data: { model: { id: comment.id, modelName: 'Comment' }, guestSessionId: guestA } });
    expect(remove.status()).toBe(404);
    for (const reader of [guestA, guestB]) {
      const [annotation] = await listAnnotations(page.request, scope, reader);
      expect(annotation.comments).toHaveLength(1);
      expect(annotation.comments[0].id).toBe(comment.id);
      expect(annotation.comments[0].content).toEqual(comment.content);
      expect(annotation.comments[0].contentHtml).toContain('Etwa ein Meter am Tag.');
      expect(annotation.comments[0].own).toBe(reader === guestB);
    }
    await page.reload();
    await page.getByTestId('open-annotations').click();
    await page.getByTestId('annotation-panel').getByRole('button', { name: 'Anmerkung von Ada Lovelace öffnen' }).click();
    await expect(page.getByTestId('annotation-comment')).toContainText('Etwa ein Meter am Tag.');
    await expect(page.getByTestId('annotation-comment')).not.toContainText('überschrieben');

    // B edits B's own comment.
    await commentB.getByRole('button', { name: 'Bearbeiten' }).click();
    const editor = commentB.getByRole('textbox', { name: 'Kommentar bearbeiten' });
    await expect(editor).toHaveText('Etwa ein Meter am Tag.');
    // Saved unchanged: nothing is sent; changed and cancelled: the comment as it was.
    await commentB.getByRole('button', { name: 'Speichern' }).click();
    await expect(editor).toHaveCount(0);
    await commentB.getByRole('button', { name: 'Bearbeiten' }).click();
    await editor.click();
    await pageB.keyboard.press('ControlOrMeta+End');
    await pageB.keyboard.type(' Oder nicht?');
    await commentB.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(editor).toHaveCount(0);
    await expect(commentB).toContainText('Etwa ein Meter am Tag.');
    await expect(commentB).not.toContainText('Oder nicht?');
    expect(writesB).toHaveLength(1);
    await commentB.getByRole('button', { name: 'Bearbeiten' }).click();
    await expect(editor).toHaveText('Etwa ein Meter am Tag.');
    // Emptied, the edit is not saved.
    await editor.click();
    await pageB.keyboard.press('ControlOrMeta+a');
    await pageB.keyboard.press('Backspace');
    await commentB.getByRole('button', { name: 'Speichern' }).click();
    await expect(editor).toBeVisible();
    expect(writesB).toHaveLength(1);
    await editor.click();
    await pageB.keyboard.type('Etwa zwei Meter am Tag.');
    const updated = pageB.waitForResponse((response) => response.url().endsWith('/api/model/update'));
    await commentB.getByRole('button', { name: 'Speichern' }).click();
    expect((await updated).status()).toBe(200);
    await expect(editor).toHaveCount(0);
    await expect(commentB).toContainText('Etwa zwei Meter am Tag.');
    await expect(commentB.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
    expect(writesB).toHaveLength(2);
    const [afterEdit] = await listAnnotations(pageB.request, scope, guestB);
    expect(afterEdit.comments.map((c) => c.contentHtml)).toEqual([expect.stringContaining('Etwa zwei Meter am Tag.')]);

    // And A, after a reload, reads the edited comment (still without Edit).
    await page.reload();
    await page.getByTestId('open-annotations').click();
    await page.getByTestId('annotation-panel').getByRole('button', { name: 'Anmerkung von Ada Lovelace öffnen' }).click();
    await expect(page.getByTestId('annotation-comment')).toContainText('Etwa zwei Meter am Tag.');
    await expect(page.getByTestId('annotation-comment').getByRole('button')).toHaveCount(0);

    // B's connection fails: a new comment and an edit that reach no server stay where B wrote them, with the error toast.
    const toastB = pageB.getByTestId('toast').filter({ hasText: 'Hoppla, da ist etwas schiefgelaufen!' });
    await pageB.route('**/api/model/create', (route) => route.abort('connectionrefused'), { times: 1 });
    await input.click();
    await pageB.keyboard.type('Bei Regen mehr.');
    await send.click();
    await expect(toastB.first()).toBeVisible();
    await expect(input).toHaveText('Bei Regen mehr.');
    await expect(send).toBeEnabled();
    await expect(commentB).toHaveCount(1);
    await pageB.route('**/api/model/update', (route) => route.abort('connectionrefused'), { times: 1 });
    await commentB.getByRole('button', { name: 'Bearbeiten' }).click();
    await editor.click();
    await pageB.keyboard.press('ControlOrMeta+End');
    await pageB.keyboard.type(' Ungefähr.');
    const refusedUpdate = pageB.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/model/update'));
    await commentB.getByRole('button', { name: 'Speichern' }).click();
    await refusedUpdate;
    await expect(toastB.first()).toBeVisible();
    await expect(editor).toHaveText('Etwa zwei Meter am Tag. Ungefähr.');
    await commentB.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(commentB).toContainText('Etwa zwei Meter am Tag.');
    const [unchanged] = await listAnnotations(pageB.request, scope, guestB);
    expect(unchanged.comments.map((c) => c.contentHtml)).toEqual([expect.stringContaining('Etwa zwei Meter am Tag.')]);
    // The list does not load: the panel says so, and Retry loads it.
    await pageB.route('**/api/annotations', (route) => route.abort('connectionrefused'));
    await pageB.reload();
    await pageB.getByTestId('open-annotations').click();
    const panelAgain = pageB.getByTestId('annotation-panel');
    await expect(panelAgain.getByRole('alert')).toContainText('Die Anmerkungen konnten nicht geladen werden.');
    await pageB.unrouteAll();
    await panelAgain.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(panelAgain.getByTestId('annotation-card')).toHaveCount(1);

    expect(errorsB).toEqual([]);
  } finally {
    await closeContext(contextB);
  }
  expect(errorsA).toEqual([]);
});
