import type { APIRequestContext, Page } from '@playwright/test';
import { checkA11y } from './support/a11y';
import { importShare } from './support/importShare';
import { addUser, ownOrigin, ownPort, ownServer, type OwnServer } from './support/ownServer';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

/*
 * Permissions (spec sections 4, 6 and 7) in the browser: a private share whose material declares who may
 * open it refuses another account with the no-access view (and its account menu, to log out); invited by an
 * account allowed to invite, that account sees the invitation, accepts it by keyboard and learns. This spec
 * runs its own server: the accounts are added while no server holds the embedded database.
 */

const port = ownPort(10);
test.use({ baseURL: ownOrigin(port) });
let server: OwnServer | null = null;
let share = '';

const password = 'Grundwasser-2025!';
const owner = { email: 'lehrerin@schule.example', firstName: 'Lea', lastName: 'Lehrerin', password };
const learner = { email: 'schueler@schule.example', firstName: 'Sami', lastName: 'Schüler', password };
const material = {
  modelName: 'Material',
  id: 'geschuetzt',
  publicId: 'geschuetzt',
  title: 'Grundwasser für die 7b',
  permissions: [{ modelName: 'UserPermission', user: owner.email, abilities: ['view', 'invite'] }],
  content: [{ modelName: 'Text', id: 'geschuetzt-text', content: { html: '<p>Grundwasser sammelt sich im Boden.</p>' } }],
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = ownServer(port);
  share = await importShare(material, server.dataDir, 'private');
  for (const account of [owner, learner]) await addUser(server, account);
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

async function logIn(page: Page, account: { email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Anmelden' });
  await form.getByRole('textbox', { name: 'E-Mail' }).fill(account.email);
  await form.getByLabel('Passwort').fill(account.password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
}

/** The invite call (spec section 7) as the owner makes it, with the owner's login. */
async function inviteAs(request: APIRequestContext, email: string) {
  expect((await request.post('/auth/login', { data: { email: owner.email, password } })).ok()).toBe(true);
  const invited = await request.post('/api/invite', { data: { model: { modelName: 'Material', id: material.id }, email, abilities: ['view'] } });
  expect(invited.status()).toBe(201);
}

test('an account the material does not name is refused; invited, it accepts by keyboard and learns', async ({ page, playwright }, testInfo) => {
  const errors = collectPageErrors(page);
  await page.goto(`/s/${share}/`);
  await logIn(page, learner);

  await test.step('not named by the permissions: the no-access view, with the account menu', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Du hast keinen Zugriff auf diese Seite.' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Konto von ${learner.firstName} ${learner.lastName}` })).toBeVisible();
    await expect(page.getByText(material.title)).toHaveCount(0);
    await checkA11y(page, testInfo, 'no-access');
  });

  await test.step('invited by the owner: the invitation, accepted by keyboard, opens the material', async () => {
    const ownerRequest = await playwright.request.newContext({ baseURL: ownOrigin(port) });
    await inviteAs(ownerRequest, learner.email);
    await ownerRequest.dispose();
    await page.reload();
    const invitation = page.getByTestId('invitation');
    await expect(invitation.getByRole('heading', { level: 1, name: 'Einladung' })).toBeVisible();
    await expect(invitation).toContainText(`Du wurdest eingeladen, «${material.title}» zu öffnen.`);
    await expect(invitation).toContainText(learner.email);
    await checkA11y(page, testInfo, 'invitation');
    const accept = invitation.getByRole('button', { name: 'Einladung annehmen' });
    // The first press meets no server: the invitation says so and stays; the second press accepts.
    await page.route('**/api/model/update', (route) => route.abort('connectionrefused'), { times: 1 });
    await accept.focus();
    await page.keyboard.press('Enter');
    await expect(invitation).toContainText('Die Einladung konnte nicht angenommen werden.');
    await expect(accept).toBeEnabled();
    await accept.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: material.title })).toBeVisible();
    await expect(page.getByText('Grundwasser sammelt sich im Boden.')).toBeVisible();
  });

  await test.step('and stays open on the next visit', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: material.title })).toBeVisible();
  });

  await test.step('the header keeps the material as a favourite, pressed by keyboard, across a reload (spec section 3: like state)', async () => {
    const like = page.getByTestId('viewer-header').getByRole('button', { name: `Als Favorit merken: ${material.title}` });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    // Pressed twice while the first press is on its way: the screen follows each press, the server learns both in turn.
    const likeSaves: boolean[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/model/update')) likeSaves.push(response.ok());
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/model/update', async (route) => {
      await held;
      await route.continue();
    }, { times: 1 });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    release();
    await expect.poll(() => likeSaves).toEqual([true, true]);
    await page.reload();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    // A press that meets no server stays on screen, and the error toast says it was not saved: the next visit does not know it.
    await page.route('**/api/model/update', (route) => route.abort('connectionrefused'), { times: 1 });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('toast').filter({ hasText: 'Hoppla, da ist etwas schiefgelaufen!' })).toBeVisible();
    await page.reload();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/model/update') && response.ok());
    await like.focus();
    await page.keyboard.press('Enter');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await saved;
    await page.reload();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await checkA11y(page, testInfo, 'liked');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
  });
  expect(errors).toEqual([]);
});
