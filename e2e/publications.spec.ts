import type { APIRequestContext, Page } from '@playwright/test';
import { importShare } from './support/importShare';
import { addUser, ownOrigin, ownPort, ownServer, type OwnServer } from './support/ownServer';
import { clickChoice, de, element } from './support/learner';
import { collectPageErrors } from './support/pageErrors';
import { storedEvents } from './support/storedEvents';
import { expect, test } from './support/transitions';

/*
 * Issue 24 in the browser: an author's script (the API only, no editor) changes a published course while a
 * learner works in it and publishes; after a reload the learner sees the new text, keeps the answer of the
 * unchanged question, and sees the question whose solution changed reset, with the note saying so; going
 * back to the first publication brings the old text back. Own server: accounts are added while no server
 * holds the embedded database.
 */

const port = ownPort(11);
test.use({ baseURL: ownOrigin(port) });
let server: OwnServer | null = null;
let share = '';

const password = 'Grundwasser-2025!';
const author = { email: 'autorin@schule.example', firstName: 'Ada', lastName: 'Autorin', password };
const learner = { email: 'lerner@schule.example', firstName: 'Lio', lastName: 'Lerner', password };
const choice = (id: string, text: string, correct: boolean) => ({ modelName: 'Choice', id, text: `<p>${text}</p>`, correct });
const material = {
  modelName: 'Material',
  id: 'pub-kurs',
  publicId: 'pub-kurs',
  title: 'Wasserkreislauf',
  permissions: [
    { modelName: 'UserPermission', user: author.email, abilities: ['view', 'edit', 'publish'] },
    { modelName: 'UserPermission', user: learner.email, abilities: ['view'] },
  ],
  content: [
    { modelName: 'Text', id: 'pub-text', content: { html: '<p>Wasser verdunstet über dem Meer.</p>' } },
    { modelName: 'ChoiceQuestion', id: 'pub-q1', type: 'sc', question: '<p>Wo regnet es am meisten?</p>', choices: [choice('pub-q1-a', 'Am Berg', true), choice('pub-q1-b', 'In der Wüste', false)] },
    { modelName: 'ChoiceQuestion', id: 'pub-q2', type: 'sc', question: '<p>Ist Eis Wasser?</p>', choices: [choice('pub-q2-a', 'Ja', true), choice('pub-q2-b', 'Nein', false)] },
  ],
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = ownServer(port);
  share = await importShare(material, server.dataDir, 'private');
  for (const account of [author, learner]) await addUser(server, account);
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

async function logIn(page: Page) {
  const form = page.getByRole('form', { name: 'Anmelden' });
  await form.getByRole('textbox', { name: 'E-Mail' }).fill(learner.email);
  await form.getByLabel('Passwort').fill(learner.password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
}

async function answer(page: Page, id: string, option: string) {
  const question = element(page, id);
  await clickChoice(question, option);
  await question.getByRole('button', { name: de.evaluate, exact: true }).click();
  await expect(question.locator('[data-state]')).toHaveAttribute('data-state', 'evaluated');
}

/** The author's script: model calls on the draft, then publish; answers the new publication's id. */
async function authorChanges(request: APIRequestContext): Promise<string> {
  expect((await request.post('/auth/login', { data: { email: author.email, password } })).ok()).toBe(true);
  const update = (modelName: string, id: string, newValues: object, oldValues: object) => request.post('/api/model/update', { data: { model: { modelName, id }, newValues, oldValues } });
  expect((await update('Text', 'pub-text', { content: { html: '<p>Wasser verdunstet über Meer und Land.</p>' } }, { content: { html: '<p>Wasser verdunstet über dem Meer.</p>' } })).status()).toBe(200);
  expect((await update('Choice', 'pub-q1-a', { correct: false }, { correct: true })).status()).toBe(200);
  expect((await update('Choice', 'pub-q1-b', { correct: true }, { correct: false })).status()).toBe(200);
  const published = await request.post('/api/publish', { data: { modelName: 'Material', modelId: 'pub-kurs', message: 'Niederschlag korrigiert' } });
  expect(published.status()).toBe(201);
  return ((await published.json()) as { data: { id: string; older: string } }).data.older;
}

test('an author publishes a change while a learner works: after a reload the new text shows, the changed question is reset with a note, the other answer stays; going back restores the old text', async ({ page, playwright }) => {
  const errors = collectPageErrors(page);
  await page.goto(`/s/${share}/`);
  await logIn(page);
  await expect(page.getByText('Wasser verdunstet über dem Meer.')).toBeVisible();
  await answer(page, 'pub-q1', 'Am Berg');
  await answer(page, 'pub-q2', 'Ja');
  // Both answers are stored before the author acts (the learner's saves are what a reset is judged by).
  await expect.poll(async () => (await storedEvents(page.request, { shareId: share, guestSessionId: null })).filter((e) => e.field === 'evaluated').length).toBe(2);

  const authorRequest = await playwright.request.newContext({ baseURL: ownOrigin(port) });
  const first = await authorChanges(authorRequest);

  await page.reload();
  await expect(page.getByText('Wasser verdunstet über Meer und Land.')).toBeVisible();
  const changed = element(page, 'pub-q1');
  await expect(changed.getByText('Diese Frage wurde geändert, seit du sie beantwortet hast. Deine Antwort wurde zurückgesetzt.')).toBeVisible();
  await expect(changed.locator('[data-state]')).toHaveAttribute('data-state', 'notEvaluated');
  await expect(changed.getByRole('radio', { name: 'Am Berg' })).not.toBeChecked();
  const kept = element(page, 'pub-q2');
  await expect(kept.locator('[data-state]')).toHaveAttribute('data-state', 'evaluated');
  await expect(kept.getByText(de.positiveTitle)).toBeVisible();

  await answer(page, 'pub-q1', 'In der Wüste');
  await expect(changed.getByText('Diese Frage wurde geändert', { exact: false })).toHaveCount(0);

  expect((await authorRequest.put(`/api/publication/${first}`)).status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Wasser verdunstet über dem Meer.')).toBeVisible();
  await authorRequest.dispose();
  expect(errors).toEqual([]);
});
