import type { Page } from '@playwright/test';
import { formatCertificateDate } from '../i18n';
import { checkA11y } from './support/a11y';
import { choiceAnswers, demoElement } from './support/demoAnswers';
import { demoMaterial } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { expectAllSaved } from './support/guest';
import { clickChoice, de, element, feedback } from './support/learner';
import { addUser, ownOrigin, ownPort, ownServer, type OwnServer } from './support/ownServer';
import { collectPageErrors } from './support/pageErrors';
import { pdfToText } from './support/pdfText';
import { servedPageData } from './support/servedPageData';
import { latestValues, storedEvents } from './support/storedEvents';
import { appStarted, expect, test } from './support/transitions';

/*
 * Issue 4, the private share of the demo material: only an account made with `npm run users` opens
 * it. The account is added while no server holds the embedded database, so this spec runs its own.
 */

const port = ownPort(8);
test.use({ baseURL: ownOrigin(port) });
const user = { email: 'ada.muster@example.org', firstName: 'Ada', lastName: 'Müller-Weiß', password: 'Wasserkreislauf-2024!' };
const userName = `${user.firstName} ${user.lastName}`;
let server: OwnServer | null = null;

test.beforeAll(async () => {
  server = ownServer(port);
  await addUser(server, user);
  await server.start();
});

// Whatever happened: no server may outlive the spec.
test.afterAll(async () => {
  await server?.dispose();
});

const loginDe = { title: 'Anmelden', email: 'E-Mail', password: 'Passwort', wrong: 'E-Mail oder Passwort ist falsch.' } as const;
const certificate = demoElement('abschluss-zertifikat', 'Certificate');
const kap1 = demoElement('kap1', 'Chapter');
const question = demoElement('kap1-frage-suesswasser', 'ChoiceQuestion');

test('a private share: login page, wrong and right password, the user’s certificate, an answer kept on the server, logout', async ({ page, request }) => {
  const { materialPrivate: share } = await demoShares(request);
  const errors = collectPageErrors(page);
  const form = page.getByRole('form', { name: loginDe.title });

  await test.step('without a login the share answers 401 with the login form', async () => {
    const response = await page.goto(sharePath(share));
    expect(response?.status()).toBe(401);
    await expect(page.getByRole('heading', { level: 1, name: loginDe.title })).toBeVisible();
    await expect(form.getByRole('textbox', { name: loginDe.email })).toBeVisible();
    await expect(form.getByLabel(loginDe.password)).toHaveAttribute('type', 'password');
    await expect(page.getByRole('heading', { name: demoMaterial.title })).toHaveCount(0);
    const { pageData } = await servedPageData(request, sharePath(share));
    expect(pageData.entryPoint).toBe('login');
    expect(pageData.learnerState).toBeNull();
  });

  await test.step('a wrong password shows the error and keeps the login page', async () => {
    await form.getByRole('textbox', { name: loginDe.email }).fill(user.email);
    await form.getByLabel(loginDe.password).fill(`${user.password}x`);
    await form.getByRole('button', { name: loginDe.title }).click();
    await expect(page.getByRole('alert')).toHaveText(loginDe.wrong);
    await expect(page.getByRole('heading', { name: demoMaterial.title })).toHaveCount(0);
  });

  await test.step('the right password opens the material', async () => {
    await form.getByLabel(loginDe.password).fill(user.password);
    await form.getByRole('button', { name: loginDe.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
    await expect(page.getByTestId('guest-save'), 'only guests are offered saving').toHaveCount(0);
    // Spec section 6: private mode hides the settings' copyright notice (public shares show it: e2e/viewerChrome.spec.ts).
    await expect(page.getByRole('navigation', { name: 'Seitennavigation' })).toBeAttached();
    await expect(page.getByTestId('copyright-notice')).toHaveCount(0);
  });

  await test.step('the certificate is issued for the user on sight; its PDF names them', async () => {
    await page.goto(sharePath(share, `iframe/${certificate.id}/`));
    const box = element(page, certificate.id);
    await expect(box.getByRole('heading', { name: certificate.title })).toBeVisible();
    await expect(box.locator('section')).toHaveAttribute('data-visitor', 'user');
    await expect(box.locator('section')).toHaveAttribute('data-state', 'issued');
    await expect(box).toContainText(`Ausgestellt für ${userName}.`);
    const issueDate = (await box.locator('[data-issue-date]').getAttribute('data-issue-date')) ?? '';
    const saved = page.waitForEvent('download');
    await box.getByRole('button', { name: 'Zertifikat herunterladen' }).click();
    const text = await pdfToText(await (await saved).path());
    expect(text).toContain(userName);
    expect(text).toContain(`Ausgestellt am ${formatCertificateDate(issueDate, 'de')}`);
    // The embeddable view has no header (no save indicator): the database is asked until it holds the date.
    await expect
      .poll(async () => latestValues(await storedEvents(page.request, { shareId: share, guestSessionId: null }))[certificate.id]?.issueDate, {
        message: 'the issue date is saved for the user',
      })
      .toBe(issueDate);
  });

  const right = choiceAnswers(question).right[0];
  await test.step('an answer is saved on the server and survives a reload', async () => {
    await page.goto(sharePath(share, `${kap1.publicId}/`));
    const box = element(page, question.id);
    await clickChoice(box, right);
    await box.getByRole('button', { name: de.evaluate }).click();
    await expect(feedback(box)).toContainText(de.positiveTitle);
    await expectAllSaved(page);
    const stored = latestValues(await storedEvents(page.request, { shareId: share, guestSessionId: null }));
    expect(stored[question.id]).toMatchObject({ selected: question.choices.filter((c) => c.correct).map((c) => c.id), evaluated: true, progress: 1 });
    // The page data of this user carries it: the reload restores from the server, not from the browser.
    const { pageData } = await servedPageData(page.request, sharePath(share, `${kap1.publicId}/`));
    expect(pageData.user?.email).toBe(user.email);
    expect(pageData.learnerState?.[question.id]).toMatchObject({ evaluated: true });

    await page.reload();
    await expect(box.getByRole('radio', { name: right })).toBeChecked();
    await expect(box.getByRole('radio', { name: right })).toBeDisabled();
    await expect(feedback(box)).toContainText(de.positiveTitle);
  });

  await test.step('a tab opened in the background checks the session once it shows, and stays', async () => {
    const background = await page.context().newPage();
    const backgroundErrors = collectPageErrors(background);
    await background.addInitScript(() => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' }));
    await background.goto(sharePath(share, `${kap1.publicId}/`));
    await expect(background.getByRole('heading', { level: 1, name: kap1.title })).toBeVisible();
    await appStarted(background, 'session');
    const checked = background.waitForResponse((response) => new URL(response.url()).pathname === '/auth/session');
    await setVisibility(background, 'visible');
    expect(await (await checked).json()).toEqual({ data: { authenticated: true } });
    await expect(background.getByRole('heading', { level: 1, name: kap1.title })).toBeVisible();
    await expect(background.getByTestId('toast')).toHaveCount(0);
    await background.close();
    expect(backgroundErrors).toEqual([]);
  });

  await test.step('the session ends while the tab is visible: the next poll (60 s) shows the expiry toast', async () => {
    // A fake clock from the next load on: the session statechart's 60 s poll runs on it.
    await page.clock.install();
    await page.reload();
    await expect(element(page, question.id).getByRole('radio', { name: right })).toBeChecked();
    await appStarted(page, 'session');
    const toast = page.getByTestId('toast');
    const sessionChecks: string[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname === '/auth/session') sessionChecks.push('answered');
    });
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname === '/auth/session') sessionChecks.push('failed');
    });
    /** Moves the fake clock on a poll interval at a time until the session statechart has checked `count` times in all. */
    const pollUntil = (count: number) =>
      expect
        .poll(async () => {
          if (sessionChecks.length < count) await page.clock.fastForward(60_000);
          return sessionChecks.length;
        })
        .toBe(count);
    // Still logged in: polls and returns to the tab pass quietly, also when a check gets no answer.
    await pollUntil(1);
    expect(sessionChecks).toEqual(['answered']);
    await setVisibility(page, 'hidden');
    await setVisibility(page, 'visible');
    await expect.poll(() => sessionChecks).toEqual(['answered', 'answered']);
    await page.route('**/auth/session', (route) => route.abort('connectionrefused'));
    await pollUntil(3);
    await setVisibility(page, 'hidden');
    await setVisibility(page, 'visible');
    await expect.poll(() => sessionChecks).toEqual(['answered', 'answered', 'failed', 'failed']);
    await page.unrouteAll();
    // Hidden again before the check answered: that answer is not waited for; the next return checks anew.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth/session', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await setVisibility(page, 'hidden');
    await setVisibility(page, 'visible');
    await setVisibility(page, 'hidden');
    release();
    await expect.poll(() => sessionChecks.length).toBe(5);
    await page.unrouteAll({ behavior: 'wait' });
    await setVisibility(page, 'visible');
    await expect.poll(() => sessionChecks.length).toBe(6);
    await expect(element(page, question.id).getByRole('radio', { name: right })).toBeChecked();
    await expect(toast).toHaveCount(0);
    const logout = await page.request.post('/auth/logout');
    expect(logout.ok()).toBe(true);
    // The session watcher is a lazy chunk: its 60 s timer may start a moment after the page shows, so
    // time is moved on by a poll interval until the check has gone out (and then no further, or the
    // toast's own 8 s would run out too).
    let checked = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/auth/session') checked = true;
    });
    await expect
      .poll(async () => {
        if (!checked) await page.clock.fastForward(60_000);
        return checked;
      })
      .toBe(true);
    await expect(toast).toHaveAttribute('data-kind', 'error');
    await expect(toast).toContainText('Deine Sitzung ist abgelaufen. Bitte lade die Seite neu.');
    const session = await page.request.get('/auth/session');
    expect(await session.json()).toEqual({ data: { authenticated: false } });
  });

  await test.step('when the tab becomes visible again without a session, the page reloads to the login', async () => {
    const loginPage = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(sharePath(share)) && response.request().resourceType() === 'document');
    await setVisibility(page, 'hidden');
    await setVisibility(page, 'visible');
    expect((await loginPage).status()).toBe(401);
    await expect(page.getByRole('heading', { level: 1, name: loginDe.title })).toBeVisible();
    await expect(element(page, question.id)).toHaveCount(0);
  });
  expect(errors).toEqual([]);
});

/** The tab goes into the background or comes back (what the browser reports to the page when the learner switches tabs). */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** Logs in through the login form of the private share at `path` and waits for the page's heading. */
async function logIn(page: Page, path: string, heading: string) {
  await page.goto(path);
  const form = page.getByRole('form', { name: loginDe.title });
  await form.getByRole('textbox', { name: loginDe.email }).fill(user.email);
  await form.getByLabel(loginDe.password).fill(user.password);
  await form.getByRole('button', { name: loginDe.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

const kap3 = demoElement('kap3', 'Chapter');
const savingQuestion = demoElement('kap3-frage-sparen', 'ChoiceQuestion');

test('a logged-in user sees their name in the header and logs out from its menu; what they just did is saved first', async ({ page }, testInfo) => {
  const { materialPrivate: share } = await demoShares(page.request);
  const errors = collectPageErrors(page);
  const header = page.getByTestId('viewer-header');
  const account = header.getByRole('button', { name: `Konto von ${userName}` });
  const menu = page.getByRole('menu');

  await test.step('the header names the user, with their initials, on every page', async () => {
    await logIn(page, sharePath(share), demoMaterial.title);
    await expect(account).toBeVisible();
    await expect(header.getByTestId('user-name')).toHaveText(userName);
    await expect(account).toContainText('AM');
    await page.goto(sharePath(share, `${kap1.publicId}/`));
    await expect(account).toBeVisible();
  });

  await test.step('its menu names the account and offers to log out; keyboard operable', async () => {
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('group')).toContainText(`Angemeldet als${userName}${user.email}`);
    await expect(menu.getByRole('menuitem')).toHaveText(['Abmelden']);
    await expect(menu.getByRole('menuitem', { name: 'Abmelden' })).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath('account-menu.png') });
    await checkA11y(page, testInfo, 'account-menu');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(account).toBeFocused();
  });

  await test.step('in English', async () => {
    await page.goto(`${sharePath(share, `${kap1.publicId}/`)}?lang=en`);
    await header.getByRole('button', { name: `Account of ${userName}` }).click();
    await expect(menu.getByRole('menuitem')).toHaveText(['Log out']);
    await expect(menu.getByRole('group')).toContainText('Logged in as');
    await page.keyboard.press('Escape');
  });

  const wrong = choiceAnswers(savingQuestion).wrong[0];
  await test.step('an answer given right before logging out is saved, and the login form shows again', async () => {
    await page.goto(sharePath(share, `${kap3.publicId}/`));
    const box = element(page, savingQuestion.id);
    await clickChoice(box, wrong);
    await box.getByRole('button', { name: savingQuestion.submitText || de.evaluate, exact: true }).click();
    await expect(feedback(box)).toBeVisible();
    // At once, within the 200 ms the changes wait before they are sent.
    await account.click();
    await menu.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: loginDe.title })).toBeVisible();
    expect(await (await page.request.get('/auth/session')).json()).toEqual({ data: { authenticated: false } });
    // The server kept the answer: read as the user again.
    expect((await page.request.post('/auth/login', { data: { email: user.email, password: user.password } })).ok()).toBe(true);
    const stored = latestValues(await storedEvents(page.request, { shareId: share, guestSessionId: null }));
    expect(stored[savingQuestion.id]).toMatchObject({ evaluated: true });
    expect(await page.request.post('/auth/logout')).toBeTruthy();
  });

  await test.step('a logout that reaches no server keeps the user logged in and says so; the next one saves what waited and logs out', async () => {
    await logIn(page, sharePath(share, `${kap1.publicId}/`), kap1.title);
    const box = element(page, question.id);
    await expect(feedback(box)).toContainText(de.positiveTitle);
    // The connection is gone: neither the change below nor the logout reaches the server.
    await page.route('**/api/userdata', (route) => route.abort('connectionrefused'));
    await page.route('**/auth/logout', (route) => route.abort('connectionrefused'));
    const refused = page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname === '/api/userdata');
    await box.getByRole('button', { name: de.editAnswer }).click();
    await expect(box.getByRole('button', { name: de.evaluate })).toBeVisible();
    await refused;
    await account.click();
    const logoutTried = page.waitForEvent('requestfailed', { predicate: (request) => new URL(request.url()).pathname === '/auth/logout', timeout: 15_000 });
    await menu.getByRole('menuitem', { name: 'Abmelden' }).click();
    await logoutTried;
    await expect(page.getByTestId('toast').filter({ hasText: 'Abmelden war nicht möglich. Bitte versuche es erneut.' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: kap1.title })).toBeVisible();
    await expect(account).toBeVisible();
    expect(await (await page.request.get('/auth/session')).json()).toEqual({ data: { authenticated: true } });
    // Back online: the second try sends the waiting change first, then logs out.
    await page.unrouteAll();
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/userdata' && response.ok());
    await account.click();
    await menu.getByRole('menuitem', { name: 'Abmelden' }).click();
    await sent;
    await expect(page.getByRole('heading', { level: 1, name: loginDe.title })).toBeVisible();
    expect((await page.request.post('/auth/login', { data: { email: user.email, password: user.password } })).ok()).toBe(true);
    const stored = latestValues(await storedEvents(page.request, { shareId: share, guestSessionId: null }));
    expect(stored[question.id]).toMatchObject({ evaluated: false });
    expect((await page.request.post('/auth/logout')).ok()).toBe(true);
  });

  await test.step('on a phone the header shows the initials; the menu names the user', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, sharePath(share, `${kap1.publicId}/`), kap1.title);
    await expect(account).toBeVisible();
    await expect(header.getByTestId('user-name')).toBeHidden();
    await account.click();
    await expect(menu.getByRole('group')).toContainText(userName);
    await menu.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: loginDe.title })).toBeVisible();
  });
  expect(errors).toEqual([]);
});
