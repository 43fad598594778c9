import { choiceAnswers, demoElement } from './support/demoAnswers';
import { demoShares, sharePath } from './support/demoShares';
import { e2ePort, suiteDataDir } from './support/e2ePort';
import { clickChoice, de, feedback } from './support/learner';
import { registerLtiPlatform } from './support/ltiRegistration';
import { expect, test } from './support/transitions';
import { startPlatformDouble, type PlatformDouble } from '../tests/server/ltiPlatform';

/*
 * Issue 27: an LMS (the platform double of tests/server/ltiPlatform.ts, on 127.0.0.1) launches the
 * demo's private share in a frame of its course page. The tool is addressed as localhost, another
 * site than the LMS: the frame is cross-site, as in a real LMS, and its cookies are third-party ones.
 */

const tool = `http://localhost:${e2ePort()}`;
const kap1 = demoElement('kap1', 'Chapter');
const question = demoElement('kap1-frage-suesswasser', 'ChoiceQuestion');
let platform: PlatformDouble | null = null;

test.beforeAll(async () => {
  platform = await startPlatformDouble({ toolLaunchUrl: () => `${tool}/lti/launch`, toolJwks: async () => (await fetch(`${tool}/lti/jwks`)).json() });
  const printed = await registerLtiPlatform(suiteDataDir(), platform);
  expect(printed).toContain(`OIDC login URL: http://localhost:${e2ePort()}/lti/login`);
});

test.afterAll(async () => {
  await platform?.close();
});

test('a launch inside the LMS frame opens the private share as the named learner, whose answer is saved on the server and reaches the gradebook', async ({ page, request }) => {
  const lms = platform!;
  const { materialPrivate: share } = await demoShares(request);
  const target = `${tool}${sharePath(share, `${kap1.publicId}/`)}`;
  lms.expectLogin('learner-1', lms.launchClaims(target, 'lms-user-1', lms.agsClaim));

  await page.goto(lms.coursePageUrl(`${tool}/lti/login`, target, 'learner-1'));
  const frame = page.frameLocator('iframe[title="Tool"]');
  const box = frame.locator(`[id="${question.id}"]:not([data-shell-element])`);

  await test.step('no login form: the material opens in the frame', async () => {
    await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(frame.getByRole('form', { name: 'Anmelden' })).toHaveCount(0);
    await expect(box).toBeVisible();
    expect(lms.authRequests).toHaveLength(1);
  });

  await test.step('the answer reaches the server under the learner\'s login (the partitioned cookie travels with the frame\'s calls)', async () => {
    await clickChoice(box, choiceAnswers(question).right[0]);
    await box.getByRole('button', { name: de.evaluate }).click();
    await expect(feedback(box)).toContainText(de.positiveTitle);
    const toolFrame = page.frames().find((f) => f.url().startsWith(tool));
    expect(toolFrame, 'the tool runs in the frame').toBeDefined();
    await expect
      .poll(async () =>
        toolFrame!.evaluate(async (shareId) => {
          const res = await fetch('/api/userdata/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shareId, guestSessionId: null }) });
          const events = ((await res.json()) as { data?: { events: { modelId: string; field: string; value: unknown }[] } }).data?.events ?? [];
          return events.some((e) => e.field === 'evaluated' && e.value === true);
        }, share),
      )
      .toBe(true);
    const user = await toolFrame!.evaluate(() => (JSON.parse(document.getElementById('page-data')?.textContent ?? '{}') as { user?: { name: string } }).user?.name);
    expect(user).toBe('Grace Hopper');
  });

  await test.step('the gradebook got Started at the launch, then the progress the answer made', async () => {
    await expect.poll(() => lms.scores.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(lms.scores.every((s) => s.url === '/lineitems/7/scores?course=1')).toBe(true);
    expect(lms.scores[0].body).toMatchObject({ userId: 'lms-user-1', scoreGiven: 0, scoreMaximum: 100, activityProgress: 'Started', gradingProgress: 'Pending' });
    const latest = lms.scores[lms.scores.length - 1].body;
    expect(latest).toMatchObject({ userId: 'lms-user-1', scoreMaximum: 100, activityProgress: 'InProgress', gradingProgress: 'Pending' });
    expect(latest.scoreGiven).toBeGreaterThan(0);
    expect(latest.scoreGiven).toBeLessThan(100);
  });
});

test('deep linking: an instructor picks the material in the LMS frame and the LMS receives a signed link with a line item', async ({ page, request }) => {
  const lms = platform!;
  const { materialGuest: share } = await demoShares(request);
  const claims = lms.launchClaims(`${tool}/lti/launch`, 'lms-teacher-1', {
    'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingRequest',
    'https://purl.imsglobal.org/spec/lti/claim/roles': ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
    'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': { deep_link_return_url: lms.deepLinkReturnUrl, accept_types: ['ltiResourceLink'], accept_multiple: true, data: 'course-1-slot-3' },
  });
  lms.expectLogin('teacher-1', claims);
  await page.goto(lms.coursePageUrl(`${tool}/lti/login`, `${tool}/lti/launch`, 'teacher-1'));
  const frame = page.frameLocator('iframe[title="Tool"]');
  await expect(frame.getByRole('heading', { level: 1, name: /Lernmaterial auswählen/ })).toBeVisible();
  await frame.locator(`input[value="${share}"]`).check();
  await frame.getByRole('button', { name: /Ins Lernsystem übernehmen/ }).click();
  await expect(frame.getByRole('heading', { name: 'Added 1' })).toBeVisible();
  expect(lms.deepLinks).toHaveLength(1);
  expect(lms.deepLinks[0]).toMatchObject({
    'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
    'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
    'https://purl.imsglobal.org/spec/lti/claim/deployment_id': lms.deploymentId,
    'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'course-1-slot-3',
    'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [{ type: 'ltiResourceLink', url: `${tool}${sharePath(share)}`, lineItem: { scoreMaximum: 100 } }],
  });
});

/*
 * Browsers that keep no cookie of the tool in the LMS's frame (Safari with all cookies blocked): the
 * LMS offers its storage (lti_storage_target), the tool keeps the login's state and nonce there and
 * reads them back at the launch. The tool's cookies are cleared before the platform answers, as such
 * a browser never stores them.
 */
test.describe('through the LMS’s storage frame, with no cookie of the tool', () => {
  const withoutToolCookies = async (page: import('@playwright/test').Page, lms: PlatformDouble) => {
    const launchCookies: string[] = [];
    await page.route(`${lms.authUrl}?*`, async (route) => {
      await page.context().clearCookies({ domain: 'localhost' });
      await route.continue();
    });
    await page.route(`${tool}/lti/launch`, async (route) => {
      launchCookies.push((await route.request().allHeaders()).cookie ?? '');
      await route.continue();
    });
    return launchCookies;
  };
  const asked = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { __ltiStorage: { asked: { subject: string; origin: string }[] } }).__ltiStorage.asked);

  test('the launch opens the guest share as the named learner, the state and nonce kept and checked in the LMS’s storage', async ({ page, request }) => {
    const lms = platform!;
    const { materialGuest: share } = await demoShares(request);
    const target = `${tool}${sharePath(share, `${kap1.publicId}/`)}`;
    lms.expectLogin('storage-learner', lms.launchClaims(target, 'lms-user-storage'));
    const launchCookies = await withoutToolCookies(page, lms);
    await page.goto(lms.coursePageUrl(`${tool}/lti/login`, target, 'storage-learner', { storage: 'honest' }));
    const frame = page.frameLocator('iframe[title="Tool"]');
    const box = frame.locator(`[id="${question.id}"]:not([data-shell-element])`);
    await expect(box).toBeVisible();
    await expect(frame.getByTestId('guest-name')).toHaveText('Grace Hopper');
    expect(launchCookies).toHaveLength(1);
    expect(launchCookies[0]).not.toContain('lernwerk_lti_');
    const subjects = (await asked(page)).map((m) => `${m.subject} ${m.origin}`);
    expect(subjects.filter((s) => s.startsWith('lti.put_data'))).toEqual([`lti.put_data ${tool}`, `lti.put_data ${tool}`]);
    expect(subjects.filter((s) => s.startsWith('lti.get_data'))).toEqual([`lti.get_data ${tool}`, `lti.get_data ${tool}`]);
    await clickChoice(box, choiceAnswers(question).right[0]);
    await box.getByRole('button', { name: de.evaluate }).click();
    await expect(feedback(box)).toContainText(de.positiveTitle);
  });

  test('a storage that holds another login’s nonce: the launch is refused and nothing opens', async ({ page, request }) => {
    const lms = platform!;
    const { materialGuest: share } = await demoShares(request);
    const target = `${tool}${sharePath(share)}`;
    lms.expectLogin('storage-tampered', lms.launchClaims(target, 'lms-user-tampered'));
    await withoutToolCookies(page, lms);
    await page.goto(lms.coursePageUrl(`${tool}/lti/login`, target, 'storage-tampered', { storage: 'tamper' }));
    const frame = page.frameLocator('iframe[title="Tool"]');
    await expect(frame.getByRole('heading', { name: 'Der Kurs konnte nicht geöffnet werden' })).toBeVisible();
    await expect(frame.getByRole('status')).toContainText('failed check: state (mismatch)');
    await expect(frame.getByTestId('guest-name')).toHaveCount(0);
  });
});
