import { checkA11y } from './support/a11y';
import { choiceAnswers, demoElement } from './support/demoAnswers';
import { demoMaterial } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { saveGuestProgress } from './support/guest';
import { clickChoice, element, openChapterCard } from './support/learner';
import { collectPageErrors } from './support/pageErrors';
import { latestValues, storedEvents } from './support/storedEvents';
import { queuedEvents } from './support/trackingQueue';
import { expect, test } from './support/transitions';

/*
 * Issue 24: a guest share framed with `?hideHeader` has no header, so no header offers Save learning progress;
 * tracking on such a share is held until a name is given (spec section 4), so the page offers it itself.
 */

const kap1 = demoElement('kap1', 'Chapter');
const question = demoElement('kap1-frage-suesswasser', 'ChoiceQuestion');

test('with hideHeader a guest still saves their progress, and the answers held until then reach the database', async ({ page, request }, testInfo) => {
  const { materialGuest: share } = await demoShares(request);
  const errors = collectPageErrors(page);
  await page.goto(`${sharePath(share)}?hideHeader`);
  await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
  await expect(page.getByTestId('viewer-header')).toHaveCount(0);
  const floating = page.getByTestId('headerless-guest-save');
  await expect(floating).toBeVisible();
  await checkA11y(page, testInfo, 'headerless-guest-save');

  await openChapterCard(page, kap1);
  await clickChoice(element(page, question.id), choiceAnswers(question).right[0]);
  // Held: kept in the browser, unsent, until the guest has a name.
  await expect.poll(async () => (await queuedEvents(page)).filter((event) => event.metadata.id === question.id).length).toBeGreaterThan(0);

  const link = await saveGuestProgress(page, { firstName: 'Ohne', lastName: 'Kopfzeile' }, floating);
  // The noted link opens the page as framed.
  expect(new URL(link).searchParams.has('hideHeader')).toBe(true);
  await expect(page.getByTestId('viewer-header')).toHaveCount(0);
  const guestSessionId = new URL(page.url()).searchParams.get('guestSessionId');
  expect(guestSessionId).toBeTruthy();
  await expect
    .poll(async () => latestValues(await storedEvents(request, { shareId: share, guestSessionId }))[question.id]?.selected, { timeout: 15_000 })
    .toHaveLength(1);
  await expect.poll(async () => (await queuedEvents(page)).length).toBe(0);
  expect(errors).toEqual([]);
});
