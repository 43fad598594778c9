import { choiceAnswers, demoElement } from './support/demoAnswers';
import { demoMaterial } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { expectAllSaved, guestDe } from './support/guest';
import { clickChoice, de, element, goBackUp, openChapterCard } from './support/learner';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

/*
 * The guest's save dialog when the server says no (spec sections 2 and 5): a guest who closes it
 * without saving keeps the offer; a save or a forget the server refuses is told in the dialog and
 * works when tried again; the copied link is confirmed until the notice goes by itself.
 */

const refuseOnce = { status: 500, json: { error: 'internal' } };
const kap1 = demoElement('kap1', 'Chapter');
const singleChoice = demoElement('kap1-frage-suesswasser', 'ChoiceQuestion');

test('the guest dialog: closed unsaved, a refused save and a refused forget are told and work the second time; the copy notice goes by itself', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = collectPageErrors(page);
  const { materialGuest: share } = await demoShares(request);
  await page.goto(sharePath(share));
  const header = page.getByTestId('viewer-header');
  const dialog = page.getByTestId('guest-dialog');

  // Opened and closed without a name: nothing is saved, the offer stays.
  await header.getByRole('button', { name: guestDe.save }).click();
  await expect(dialog.getByRole('heading', { name: guestDe.save })).toBeVisible();
  await dialog.getByRole('button', { name: guestDe.close }).click();
  await expect(dialog).toHaveCount(0);
  await expect(header.getByRole('button', { name: guestDe.save })).toBeVisible();

  // An answer before the guest has a name stays in the browser; it is sent once they save.
  await openChapterCard(page, kap1);
  const question = element(page, singleChoice.id);
  await clickChoice(question, choiceAnswers(singleChoice).right[0]);
  await question.getByRole('button', { name: de.evaluate, exact: true }).click();
  await expect(question.locator('section[data-state]').first()).toHaveAttribute('data-state', 'evaluated');
  await goBackUp(page, demoMaterial.title);

  // The server refuses the first save: the dialog says so and keeps the name; the second save goes through.
  await page.route('**/api/guest', (route) => route.fulfill(refuseOnce), { times: 1 });
  await header.getByRole('button', { name: guestDe.save }).click();
  await dialog.getByRole('textbox', { name: guestDe.firstName }).fill('Nora');
  await dialog.getByRole('textbox', { name: guestDe.lastName }).fill('Gast');
  await dialog.getByRole('button', { name: guestDe.submit, exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Der Lernstand konnte nicht gespeichert werden. Bitte versuche es erneut.');
  await expect(dialog.getByRole('textbox', { name: guestDe.firstName })).toHaveValue('Nora');
  await dialog.getByRole('button', { name: guestDe.submit, exact: true }).click();
  await expect(dialog.getByRole('heading', { name: guestDe.saved })).toBeVisible();
  await expectAllSaved(page);

  // Copied twice: the notice shows, then goes by itself; the clipboard holds the guest's link.
  const note = dialog.getByTestId('guest-url-note');
  const link = await note.getByTestId('guest-link').inputValue();
  await note.getByRole('button', { name: guestDe.copyLink }).click();
  await note.getByRole('button', { name: guestDe.copyLink }).click();
  await expect(note.getByRole('status')).toHaveText('In die Zwischenablage kopiert');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(note.getByRole('status')).toHaveText('', { timeout: 5_000 });

  // Forget, asked while the copy notice still shows; the server refuses it once: told, the session stays.
  await page.route('**/api/guest/forget', (route) => route.fulfill(refuseOnce), { times: 1 });
  const remembered = dialog.getByTestId('guest-remembered');
  await note.getByRole('button', { name: guestDe.copyLink }).click();
  await expect(note.getByRole('status')).toHaveText('In die Zwischenablage kopiert');
  await remembered.getByRole('button', { name: 'In diesem Browser vergessen' }).click();
  await expect(remembered.getByRole('alert')).toHaveText('Das hat nicht geklappt. Bitte versuche es erneut.');
  await expect(dialog.getByRole('heading', { name: guestDe.saved })).toBeVisible();

  // The second time it is forgotten: the share opens afresh, offering to save again.
  await remembered.getByRole('button', { name: 'In diesem Browser vergessen' }).click();
  await expect(header.getByRole('button', { name: guestDe.save })).toBeVisible();
  await expect(page).not.toHaveURL(/guestSessionId=/);
  await expect(page.getByTestId('guest-name')).toHaveCount(0);
  expect(errors).toEqual([]);
});
