import { choiceAnswers, demoElement } from './support/demoAnswers';
import { demoShares, sharePath } from './support/demoShares';
import { expectAllSaved, saveGuestProgress, saveState } from './support/guest';
import { clickChoice, element, openChapterCard } from './support/learner';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

/*
 * A guest's answers when saving fails (spec section 5): the save indicator says why and how many
 * changes wait; a server that fails is tried again and a lost network waited for, until the server
 * has every answer; a server that refuses the session stops the sending, and the indicator asks for
 * a reload.
 */

const kap1 = demoElement('kap1', 'Chapter');
const singleChoice = demoElement('kap1-frage-suesswasser', 'ChoiceQuestion');
const { right, wrong } = choiceAnswers(singleChoice);

test('saving when the server or the network fails: the indicator says why, answers wait and are saved once possible; a refused session stops the sending', async ({ page, context, request }) => {
  const errors = collectPageErrors(page);
  const { materialGuest: share } = await demoShares(request);
  await page.goto(sharePath(share));
  await saveGuestProgress(page, { firstName: 'Lea', lastName: 'Netz' });
  await openChapterCard(page, kap1);
  const question = element(page, singleChoice.id);
  const state = saveState(page);

  // The server fails a save: the indicator says so; an answer meanwhile waits too; after the backoff both are saved.
  await page.route('**/api/userdata', (route) => route.fulfill({ status: 500, json: { error: 'internal' } }), { times: 1 });
  await clickChoice(question, wrong[0]);
  await expect(state).toContainText('Der Server ist nicht erreichbar. Es wird erneut versucht.');
  await clickChoice(question, right[0]);
  await expectAllSaved(page);

  // The network goes: the answer waits in the browser and is saved once it is back.
  await context.setOffline(true);
  await clickChoice(question, wrong[0]);
  await expect(state).toContainText('Du bist offline.');
  await expect(state).toHaveAttribute('data-pending', '1');
  await context.setOffline(false);
  await expectAllSaved(page);
  // Gone and back with nothing waiting: still all saved.
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await context.setOffline(false);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
  await expectAllSaved(page);

  // The server refuses the session: nothing more is sent, the indicator asks for a reload and counts what waits.
  await page.route('**/api/userdata', (route) => route.fulfill({ status: 403, json: { error: 'forbidden' } }));
  await clickChoice(question, right[0]);
  await expect(state).toContainText('Deine Sitzung ist nicht mehr gültig. Bitte lade die Seite neu.');
  await clickChoice(question, wrong[0]);
  await expect(state).toHaveAttribute('data-pending', '2');
  expect(errors).toEqual([]);
});
