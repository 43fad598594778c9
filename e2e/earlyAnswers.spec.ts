import { expect, test } from './support/transitions';
import { demoShares, sharePath } from './support/demoShares';
import { holdTheApp } from './support/holdTheApp';

/*
 * Issue 28, item 1: a page answers as soon as it shows. A choice question of the server's first paint
 * is a form of native controls that the page's small entry answers (src/elements/early/earlyAnswers.ts)
 * while the app's code is still on its way; the app takes the answer over when it renders the question.
 */

const choice = (name: string) => ({ name, exact: true });

test('a choice question of the first paint answers before the app runs, and the app takes the answer over, saved', async ({ page, request }) => {
  const address = sharePath((await demoShares(request)).material, 'wasser-im-haushalt/');
  const { release } = await holdTheApp(page);
  await page.goto(address);

  const question = page.locator('[id="kap3-frage-sparen"]');
  const save = question.getByRole('button', { name: 'Antwort speichern' });
  // Nothing ticked: nothing to evaluate yet.
  await expect(save).toBeDisabled();
  await question.getByText('ein Sparduschkopf', { exact: true }).click();
  await question.getByText('die Spülmaschine nur voll beladen starten', { exact: true }).click();
  await save.click();

  // Still the server's paint, and the answer is there: the neutral feedback, the choices fixed, the button turned.
  await expect(page.locator('#shell')).toHaveCount(1);
  await expect(question.locator('[data-feedback="neutral"]')).toContainText('Danke für deine Antwort!');
  await expect(question.getByRole('checkbox', choice('ein Sparduschkopf'))).toBeChecked();
  await expect(question.getByRole('checkbox', choice('ein Sparduschkopf'))).toBeDisabled();
  await expect(question.getByRole('checkbox', choice('die Spartaste an der Toilettenspülung'))).not.toBeChecked();
  const edit = question.getByRole('button', { name: 'Antwort bearbeiten' });
  await expect(edit).toBeFocused();
  // Screen readers hear it from the page's one polite region.
  await expect(page.locator('[data-live-announcer="polite"]')).toContainText('Danke für deine Antwort!');

  release();
  await expect(page.locator('#shell')).toHaveCount(0);
  await expect(question.locator('[data-state]')).toHaveAttribute('data-state', 'evaluated');
  await expect(question.getByRole('checkbox', choice('ein Sparduschkopf'))).toBeChecked();
  await expect(question.getByRole('checkbox', choice('die Spülmaschine nur voll beladen starten'))).toBeChecked();
  await expect(question.getByRole('checkbox', choice('die Spartaste an der Toilettenspülung'))).not.toBeChecked();
  await expect(question.locator('[data-feedback="neutral"]')).toHaveCount(1);
  // The keyboard user's place is kept: the app's own button has the focus.
  await expect(edit).toBeFocused();

  // Saved as any answer in the app is: after a reload it is there, evaluated.
  await page.unroute(/\/app\/assets\/[^/]+\.js$/);
  await page.reload();
  await expect(page.locator('#shell')).toHaveCount(0);
  await expect(question.locator('[data-state]')).toHaveAttribute('data-state', 'evaluated');
  await expect(question.getByRole('checkbox', choice('ein Sparduschkopf'))).toBeChecked();
  await expect(question.getByRole('checkbox', choice('ein Sparduschkopf'))).toBeDisabled();
});

test('an early answer can be edited and answered again before the app runs; right and wrong choices are marked', async ({ page, request }) => {
  const address = sharePath((await demoShares(request)).material, 'wasserkreislauf/');
  const { release } = await holdTheApp(page);
  await page.goto(address);

  const question = page.locator('[id="kap1-frage-suesswasser"]');
  const radio = (id: string) => question.locator(`[data-choice-id="kap1-frage-suesswasser-${id}"] input`);
  const evaluate = question.getByRole('button', { name: 'Auswerten' });
  // By keyboard: a wrong choice, evaluated; the button turns and keeps the focus, and Enter edits.
  await radio('b').focus();
  await page.keyboard.press('Space');
  await evaluate.focus();
  await page.keyboard.press('Enter');
  await expect(question.locator('[data-feedback="negative"]')).toContainText('Falsche Antwort');
  await expect(question.locator('[data-result="wrong"]:visible')).toHaveCount(1);
  await expect(question.locator('[data-result]:visible')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(question.locator('[data-feedback]')).toHaveCount(0);
  await expect(question.locator('[data-result]:visible')).toHaveCount(0);
  await expect(radio('b')).not.toBeChecked();
  // By pointer: the right one.
  await question.locator('[data-choice-id="kap1-frage-suesswasser-a"]').click();
  await evaluate.click();
  await expect(question.locator('[data-feedback="positive"]')).toContainText('Richtig!');
  await expect(question.locator('[data-result="correct"]:visible')).toHaveCount(1);
  await expect(page.locator('#shell')).toHaveCount(1);

  release();
  await expect(page.locator('#shell')).toHaveCount(0);
  await expect(question.locator('[data-state]')).toHaveAttribute('data-state', 'evaluated');
  await expect(question.getByRole('radio', { name: 'etwa 2,5 Prozent' })).toBeChecked();
  await expect(question.locator('[data-feedback="positive"]')).toHaveCount(1);
});

test('an early answer given in a tab closed before the app came is shown on the next visit and taken over there', async ({ page, request }) => {
  const address = sharePath((await demoShares(request)).material, 'wasser-im-haushalt/');
  await holdTheApp(page);
  await page.goto(address);
  const first = page.locator('[id="kap3-frage-sparen"]');
  await first.getByText('ein Sparduschkopf', { exact: true }).click();
  await first.getByRole('button', { name: 'Antwort speichern' }).click();
  await expect(first.locator('[data-feedback="neutral"]')).toHaveCount(1);
  // Closed while the app's code was still on its way: it never ran on this page.
  const context = page.context();
  await page.close();

  const next = await context.newPage();
  const { release } = await holdTheApp(next);
  await next.goto(address);
  const question = next.locator('[id="kap3-frage-sparen"]');
  // Still the server's paint, and it shows the answer as the learner left it, evaluated.
  await expect(next.locator('#shell')).toHaveCount(1);
  await expect(question.getByRole('checkbox', choice('ein Sparduschkopf'))).toBeChecked();
  await expect(question.getByRole('checkbox', choice('ein Sparduschkopf'))).toBeDisabled();
  await expect(question.getByRole('checkbox', choice('die Spartaste an der Toilettenspülung'))).not.toBeChecked();
  await expect(question.locator('[data-feedback="neutral"]')).toHaveCount(1);

  release();
  await expect(next.locator('#shell')).toHaveCount(0);
  await expect(question.locator('[data-state]')).toHaveAttribute('data-state', 'evaluated');
  await expect(question.getByRole('checkbox', choice('ein Sparduschkopf'))).toBeChecked();
  // Taken over: the app keeps it with the learner's state, the page's early keeping is empty.
  await expect.poll(() => next.evaluate(() => Object.entries(localStorage).filter(([key, value]) => key.startsWith('lernwerk:early:') && value !== '{}').length)).toBe(0);
  await next.unroute(/\/app\/assets\/[^/]+\.js$/);
  await next.reload();
  await expect(next.locator('#shell')).toHaveCount(0);
  await expect(question.locator('[data-state]')).toHaveAttribute('data-state', 'evaluated');
  await expect(question.getByRole('checkbox', choice('ein Sparduschkopf'))).toBeChecked();
  await expect(question.getByRole('checkbox', choice('die Spartaste an der Toilettenspülung'))).not.toBeChecked();
});
