import type { APIRequestContext } from '@playwright/test';
import { hashPassword } from '../server/auth/password';
import { checkA11y } from './support/a11y';
import { adminTokens, sharePath } from './support/demoShares';
import { clickChoice, element } from './support/learner';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

/*
 * Issue 24 in the browser: a learner has a page open while an author, through the API only (an account with
 * `edit` and `publish` on the material), changes a text and publishes. The learner's page notices the new
 * publication (the check's interval shortened for the test, as only tests may), offers the reload, and after
 * it shows the new text with the answer given before still there. Runs on the suite's server: the account
 * and the material come through its admin routes.
 */

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const author = { email: `autorin-${suffix}@schule.example`, password: 'Publikation-2025!' };
const materialId = `pub-e2e-${suffix}`;
const question = `${materialId}-frage`;
const material = {
  modelName: 'Material',
  id: materialId,
  publicId: materialId,
  title: 'Der Wasserkreislauf',
  permissions: [{ modelName: 'UserPermission', user: author.email, abilities: ['view', 'edit', 'publish'] }],
  content: [
    { modelName: 'Text', id: `${materialId}-text`, content: { html: '<p>Wasser verdunstet über dem Meer.</p>' } },
    {
      modelName: 'ChoiceQuestion', id: question, type: 'sc', question: '<p>Woraus entstehen Wolken?</p>',
      choices: [{ id: `${question}-a`, text: 'Wasserdampf', correct: true }, { id: `${question}-b`, text: 'Staub', correct: false }],
    },
  ],
};

/** The suite server's admin token (from its servers/PID.json, as the admin commands read it). */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  for (const token of adminTokens()) {
    const headers = { authorization: `Bearer ${token}` };
    if ((await request.get('/api/admin/demo-shares', { headers })).ok()) return headers;
  }
  throw new Error('no admin token of the suite server found');
}

test('a learner with the page open is offered the new publication, reloads, and sees the new text with the answer kept', async ({ page, request, playwright, baseURL }, testInfo) => {
  const errors = collectPageErrors(page);
  const admin = await adminHeaders(request);
  const account = await request.post('/api/admin/users', {
    headers: admin,
    data: { email: author.email, firstname: 'Alma', lastname: 'Autorin', passwordHash: await hashPassword(author.password) },
  });
  expect(account.status(), await account.text()).toBe(201);
  const imported = await request.post('/api/admin/import', { headers: admin, data: { share: 'guest', file: material } });
  expect(imported.status(), await imported.text()).toBe(200);
  const share = ((await imported.json()) as { data: { share: { publicId: string } } }).data.share.publicId;
  const guest = await request.post('/api/guest', { data: { name: 'Lena Lernende', publicId: share } });
  const guestSessionId = ((await guest.json()) as { data: { publicId: string } }).data.publicId;

  await page.addInitScript(() => {
    window.__lernwerkPublicationPollMs = 300;
  });
  await page.goto(`${sharePath(share)}?guestSessionId=${guestSessionId}`);
  const box = element(page, question);
  await clickChoice(box, 'Wasserdampf');
  await expect(box.getByRole('radio', { name: 'Wasserdampf' })).toBeChecked();
  const notice = page.getByTestId('publication-notice');
  await expect(notice).toHaveAttribute('data-state', 'none');

  await test.step('the author changes the text and publishes, through the API', async () => {
    const api = await playwright.request.newContext({ baseURL });
    expect((await api.post('/auth/login', { data: author })).ok()).toBe(true);
    const edit = await api.post('/api/model/update', {
      data: {
        model: { modelName: 'Text', id: `${materialId}-text` },
        newValues: { content: { html: '<p>Wasser verdunstet über Meer und Land.</p>' } },
        oldValues: { content: { html: '<p>Wasser verdunstet über dem Meer.</p>' } },
      },
    });
    expect(edit.status(), await edit.text()).toBe(200);
    const published = await api.post('/api/publish', { data: { modelName: 'Material', modelId: materialId, message: 'Land ergänzt' } });
    expect(published.status(), await published.text()).toBe(201);
    await api.dispose();
  });

  await test.step('the learner is told, politely, and reloads', async () => {
    await expect(page.getByRole('status').filter({ hasText: 'Dieses Material wurde aktualisiert.' })).toBeVisible();
    await expect(page.getByText('Wasser verdunstet über dem Meer.')).toBeVisible();
    await checkA11y(page, testInfo, 'publication-notice');
    await page.getByRole('button', { name: 'Neu laden' }).click();
    await expect(page.getByText('Wasser verdunstet über Meer und Land.')).toBeVisible();
    await expect(element(page, question).getByRole('radio', { name: 'Wasserdampf' })).toBeChecked();
    await expect(page.getByTestId('publication-notice')).toHaveAttribute('data-state', 'none');
  });
  expect(errors).toEqual([]);
});
