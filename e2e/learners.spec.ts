import type { Page } from '@playwright/test';
import type { ElementOf } from '../model/elements';
import { elementChunkUrls } from '../server/pages/routePreloads';
import { assignmentAnswers, choiceAnswers, clozeAnswers, demoElement, polygonAnswers, textOf } from './support/demoAnswers';
import { demoMaterial } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { expectAllSaved, guestDe, pendingCount, saveGuestProgress, saveState } from './support/guest';
import {
  assignmentItem, clickChoice, clickOnImage, de, element, expectCourseProgress, expectRing, feedback, followCrumb, goBackUp, openChapterCard,
} from './support/learner';
import { collectPageErrors } from './support/pageErrors';
import { servedPageData } from './support/servedPageData';
import { idsOf, latestValues, storedEvents } from './support/storedEvents';
import { queuedEvents } from './support/trackingQueue';
import { closeContext, expect, test } from './support/transitions';
import { UserdataTraffic } from './support/userdataTraffic';

/*
 * Issue 4, learners on the guest share of the demo material (it saves guest sessions): a guest saves
 * their progress under a name and the link they note brings every answer back in a new browser; a
 * guest who loses the connection keeps working, and every change reaches the database once.
 * What the database holds is read with `POST /api/userdata/list` (the learner's own stored events).
 */

const kap1 = demoElement('kap1', 'Chapter');
const kap1Scrolling = demoElement('kap1-1', 'Chapter');
const kap1Measuring = demoElement('kap1-1-1', 'Chapter');
const kap2 = demoElement('kap2', 'Chapter');
const kap3 = demoElement('kap3', 'Chapter');
const path = demoElement('pfad-weg-des-wassers', 'Path');
const riverStep = path.content[3];
const singleChoice = demoElement('kap1-frage-suesswasser', 'ChoiceQuestion');
const multipleChoice = demoElement('kap3-frage-sparen', 'ChoiceQuestion');
const riverQuestion = demoElement('pfad-fluss-frage', 'ChoiceQuestion');
const cloze = demoElement('kap2-lueckentext', 'ClozeQuestion');
const freeText = demoElement('kap1-1-1-freitext-wind', 'FreeTextInput');
const assignment = demoElement('kap2-zuordnung-herkunft', 'AssignmentQuestion');
const polygon = demoElement('kap2-karte-brunnen', 'PolygonTargetExercise');
const diaryBarrier = demoElement('kap3-sperre-tagebuch', 'Barrier');
const diary = demoElement('kap3-freitext-sparen', 'FreeTextInput');

const gaps = clozeAnswers(cloze);
/** Tracked items of the material: the three chapters and the path (the course progress is their mean). */
const materialItems = 4;

/** The ids of the choices with these texts. */
function choiceIds(question: ElementOf<'ChoiceQuestion'>, texts: readonly string[]): string[] {
  return question.choices.filter((choice) => texts.includes(textOf(choice.text))).map((choice) => choice.id);
}

async function fillCloze(page: Page, pick: 'right' | 'wrong') {
  const box = element(page, cloze.id);
  // The learner scrolls to it: beyond the first screen a question wakes when it comes near.
  await box.scrollIntoViewIfNeeded();
  for (const [index, gap] of gaps.entries()) {
    if (gap.mode === 'dropdown') await box.getByRole('combobox', { name: de.gap(index + 1) }).selectOption(gap[pick]);
    else await box.getByRole('textbox', { name: de.gap(index + 1) }).fill(gap[pick]);
  }
}

/** Evaluates a question with its submit button and waits for the evaluated state. */
async function evaluate(page: Page, id: string, submitText?: string) {
  const question = element(page, id);
  await question.getByRole('button', { name: submitText || de.evaluate, exact: true }).click();
  await expect(question.locator('section[data-state]').first()).toHaveAttribute('data-state', 'evaluated');
}

/** Assigns an item to a zone with the mouse: the item, then the zone's drop button. */
async function assignByMouse(page: Page, item: string, zone: string) {
  const question = element(page, assignment.id);
  await assignmentItem(question, item).click();
  await question.getByRole('button', { name: de.placeHere(zone) }).click();
  await expect(question.getByRole('group', { name: de.zone(zone) }).getByRole('button', { name: item, exact: true })).toBeVisible();
}

test('a guest saves their progress, answers questions, and the noted link restores everything in a new browser', async ({ newContext, request }) => {
  const { materialGuest: share } = await demoShares(request);
  const guest = { firstName: 'Mira', lastName: 'Gast-Łukasiewicz' };
  const guestName = `${guest.firstName} ${guest.lastName}`;
  const sc = choiceAnswers(singleChoice);
  const mc = choiceAnswers(multipleChoice);

  const first = await newContext();
  const traffic = new UserdataTraffic(first);
  const page = await first.newPage();
  const errors = collectPageErrors(page);
  await page.goto(sharePath(share));
  await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
  await expect(page.getByTestId('guest-name')).toHaveCount(0);

  const link = await saveGuestProgress(page, guest);
  const linkUrl = new URL(link);
  const guestSessionId = linkUrl.searchParams.get('guestSessionId') ?? '';
  expect(guestSessionId).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
  expect(linkUrl.pathname).toBe(sharePath(share));

  await test.step('the guest answers a single choice rightly, a cloze rightly and a multiple choice wrongly', async () => {
    await openChapterCard(page, kap1);
    await clickChoice(element(page, singleChoice.id), sc.right[0]);
    await evaluate(page, singleChoice.id);
    await expect(feedback(element(page, singleChoice.id))).toContainText(de.positiveTitle);
    await goBackUp(page, demoMaterial.title);

    await openChapterCard(page, kap2);
    await fillCloze(page, 'right');
    await evaluate(page, cloze.id);
    await expect(feedback(element(page, cloze.id))).toContainText(de.positiveTitle);
    await goBackUp(page, demoMaterial.title);

    await openChapterCard(page, kap3);
    await clickChoice(element(page, multipleChoice.id), mc.wrong[0]);
    await evaluate(page, multipleChoice.id, multipleChoice.submitText);
    await expect(feedback(element(page, multipleChoice.id))).toHaveText(textOf(multipleChoice.feedbackNeutral));
    await goBackUp(page, demoMaterial.title);
    await expectAllSaved(page);
  });
  await traffic.settled();
  expect(errors).toEqual([]);
  await closeContext(first);

  await test.step('the database holds every event the browser sent, once, with the answers', async () => {
    const stored = await storedEvents(request, { shareId: share, guestSessionId });
    const { ids, repeated } = idsOf(stored);
    expect(repeated).toEqual([]);
    expect(ids).toEqual(traffic.ids());
    const state = latestValues(stored);
    expect(state[singleChoice.id]).toMatchObject({ selected: choiceIds(singleChoice, sc.right), evaluated: true, progress: 1 });
    expect(state[cloze.id]).toMatchObject({ inputs: gaps.map((gap) => gap.right), evaluated: true, progress: 1 });
    expect(state[multipleChoice.id]).toMatchObject({ selected: choiceIds(multipleChoice, mc.wrong), evaluated: true });
    // The page the link opens carries the same state for this guest.
    const { pageData } = await servedPageData(request, link);
    expect(pageData.guestSession?.name).toBe(guestName);
    expect(pageData.learnerState).toEqual(state);
  });

  const second = await newContext();
  const again = await second.newPage();
  const errorsAgain = collectPageErrors(again);
  await again.goto(link);
  await expect(again.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();

  await test.step('the new browser shows the guest’s name and the progress rings', async () => {
    await expect(again.getByTestId('guest-name')).toHaveText(guestName);
    await expect(again.getByTestId('guest-save')).toHaveCount(0);
    await expectAllSaved(again);
    await expectRing(element(again, kap1.id), 1 / 3);
    await expectRing(element(again, kap2.id), 1 / 3);
    await expectRing(element(again, kap3.id), 1 / 2, 'the multiple choice is one of two tracked items (the diary is the other)');
    await expectCourseProgress(again, (1 / 3 + 1 / 3 + 1 / 2) / materialItems);
  });

  await test.step('every answer is back: selected choices, gap inputs, evaluated with its feedback', async () => {
    await openChapterCard(again, kap1);
    const question = element(again, singleChoice.id);
    await question.scrollIntoViewIfNeeded();
    await expect(question.getByRole('radio', { name: sc.right[0] })).toBeChecked();
    await expect(question.getByRole('radio', { name: sc.right[0] })).toBeDisabled();
    await expect(feedback(question)).toHaveText(`${de.positiveTitle} ${textOf(singleChoice.feedbackPositive)}`);
    await expect(question.getByRole('button', { name: de.editAnswer })).toBeVisible();
    await goBackUp(again, demoMaterial.title);

    await openChapterCard(again, kap2);
    const box = element(again, cloze.id);
    // Scrolled to, as the learner does: beyond the first screen a question wakes when it comes near.
    await box.scrollIntoViewIfNeeded();
    for (const [index, gap] of gaps.entries()) {
      const input = box.getByRole(gap.mode === 'dropdown' ? 'combobox' : 'textbox', { name: de.gap(index + 1) });
      await expect(input).toHaveValue(gap.right);
      await expect(input).toBeDisabled();
    }
    await expect(feedback(box)).toHaveText(`${de.positiveTitle} ${textOf(cloze.feedbackPositive)}`);
    await goBackUp(again, demoMaterial.title);

    await openChapterCard(again, kap3);
    const mcBox = element(again, multipleChoice.id);
    await mcBox.scrollIntoViewIfNeeded();
    await expect(mcBox.getByRole('checkbox', { name: mc.wrong[0] })).toBeChecked();
    await expect(mcBox.getByRole('checkbox', { name: mc.wrong[0] })).toBeDisabled();
    for (const name of mc.right) await expect(mcBox.getByRole('checkbox', { name })).not.toBeChecked();
    await expect(feedback(mcBox)).toHaveText(textOf(multipleChoice.feedbackNeutral));
  });
  expect(errorsAgain).toEqual([]);
  await closeContext(second);
});

test('offline: ten answers are kept in the browser, and once online every event is stored exactly once', async ({ page, context, request }) => {
  const { materialGuest: share } = await demoShares(request);
  const traffic = new UserdataTraffic(context);
  await page.goto(sharePath(share));
  await expect(page.getByRole('heading', { level: 1, name: demoMaterial.title })).toBeVisible();
  const link = await saveGuestProgress(page, { firstName: 'Otto', lastName: 'Offline' });
  const guestSessionId = new URL(link).searchParams.get('guestSessionId') ?? '';

  await test.step('online: the viewer fetches the code of every element kind the course uses; chapter 2 shows its image', async () => {
    // Pages opened later must render offline: their element code was preloaded while idle.
    // The files the build made of each kind's code (however it groups them into chunks), as the server names them for preloading.
    const kinds = ['ChoiceQuestion', 'ClozeQuestion', 'AssignmentQuestion', 'PolygonTargetExercise', 'FreeTextInput', 'Barrier', 'Path'] as const;
    const urls = elementChunkUrls('dist/client', kinds);
    expect(urls.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)))
      .toEqual(expect.arrayContaining(urls));
    await openChapterCard(page, kap2);
    // The polygon's image must be in the page before the network goes (images are not preloaded).
    const image = element(page, polygon.id).locator('img').first();
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectAllSaved(page);
  });
  const sentOnline = traffic.requests.length;

  await context.setOffline(true);
  await expect(page.getByTestId('connectivity-notice').filter({ hasText: 'Verbindung unterbrochen' })).toBeVisible();
  let answers = 0;
  const answer = async (id: string, submitText?: string) => {
    await evaluate(page, id, submitText);
    answers++;
  };

  await test.step('offline, chapter 2: polygon, cloze wrong then right, assignment', async () => {
    for (const point of polygonAnswers(polygon).right) await clickOnImage(page, element(page, polygon.id), point);
    await answer(polygon.id, polygon.submitText || de.checkAnswer);
    await fillCloze(page, 'wrong');
    await answer(cloze.id);
    await element(page, cloze.id).getByRole('button', { name: de.editAnswer }).click();
    await fillCloze(page, 'right');
    await answer(cloze.id);
    for (const zone of assignmentAnswers(assignment).zones) for (const item of zone.items) await assignByMouse(page, item, zone.title);
    await answer(assignment.id);
    await goBackUp(page, demoMaterial.title);
  });

  await test.step('offline, chapter 1: single choice wrong then right, the free text two levels down', async () => {
    await openChapterCard(page, kap1);
    const sc = choiceAnswers(singleChoice);
    await clickChoice(element(page, singleChoice.id), sc.wrong[0]);
    await answer(singleChoice.id);
    await element(page, singleChoice.id).getByRole('button', { name: de.editAnswer }).click();
    await clickChoice(element(page, singleChoice.id), sc.right[0]);
    await answer(singleChoice.id);
    await openChapterCard(page, kap1Scrolling);
    await openChapterCard(page, kap1Measuring);
    await element(page, freeText.id).getByRole('textbox').fill('Der Wind trägt die feuchte Luft fort.');
    await answer(freeText.id, freeText.submitText);
    await followCrumb(page, demoMaterial.title);
  });

  await test.step('offline, chapter 3 and the path: multiple choice, the diary behind the barrier, the river step', async () => {
    await openChapterCard(page, kap3);
    for (const name of choiceAnswers(multipleChoice).right) await clickChoice(element(page, multipleChoice.id), name);
    await answer(multipleChoice.id, multipleChoice.submitText);
    await element(page, diaryBarrier.id).getByRole('button', { name: diaryBarrier.buttonLabel }).click();
    await element(page, diary.id).getByRole('textbox').fill('Kürzer duschen, Spartaste nutzen, Hahn zu beim Zähneputzen.');
    await answer(diary.id, diary.submitText);
    await goBackUp(page, demoMaterial.title);
    await element(page, riverStep.id).getByRole('link', { name: riverStep.pathTitle }).click();
    await clickChoice(element(page, riverQuestion.id), choiceAnswers(riverQuestion).right[0]);
    await answer(riverQuestion.id, riverQuestion.submitText);
  });
  // The demo has eight questions: two of them are answered wrongly first, then again.
  expect(answers).toBe(10);

  const queued = await queuedEvents(page);
  await test.step('the indicator counts the pending changes and says why; they wait in IndexedDB', async () => {
    await expect(saveState(page)).toHaveAttribute('data-status', 'pending');
    const pending = await pendingCount(page);
    expect(pending).toBeGreaterThanOrEqual(answers);
    await expect(saveState(page)).toContainText(guestDe.pending(pending));
    await expect(saveState(page)).toContainText(guestDe.offlineReason);
    expect(queued.length, 'every pending change is in the durable queue').toBe(pending);
    expect(new Set(queued.map((event) => event.metadata.guestSessionId))).toEqual(new Set([guestSessionId]));
    expect(traffic.totals(sentOnline).stored, 'nothing reached the server while offline').toBe(0);
  });

  const sentOffline = traffic.requests.length;
  await context.setOffline(false);
  await expectAllSaved(page);
  await traffic.settled();
  expect(await queuedEvents(page), 'the queue is empty once everything is acknowledged').toEqual([]);

  await test.step('the database holds exactly the events the client made, each once', async () => {
    const sent = traffic.ids();
    for (const event of queued) expect(sent.has(event.id), `queued event ${event.id} was sent`).toBe(true);
    const stored = await storedEvents(request, { shareId: share, guestSessionId });
    const { ids, repeated } = idsOf(stored);
    expect(repeated).toEqual([]);
    expect(ids).toEqual(sent);
    const state = latestValues(stored);
    expect(state[singleChoice.id]).toMatchObject({ selected: choiceIds(singleChoice, choiceAnswers(singleChoice).right), evaluated: true });
    expect(state[cloze.id]).toMatchObject({ inputs: gaps.map((gap) => gap.right), evaluated: true });
    expect(state[freeText.id]).toMatchObject({ value: 'Der Wind trägt die feuchte Luft fort.', evaluated: true });
    expect(state[diaryBarrier.id]).toMatchObject({ unlocked: true });
  });
  const afterReconnect = traffic.totals(sentOffline);
  expect(afterReconnect.stored + afterReconnect.duplicates).toBeGreaterThanOrEqual(queued.length);
  console.log(
    `offline: sent ${afterReconnect.distinctEvents} events in ${afterReconnect.requests} requests, stored ${afterReconnect.stored}, duplicates ${afterReconnect.duplicates}`,
  );
});
