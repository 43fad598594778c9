import type { Locator, Page } from '@playwright/test';
import { assignmentAnswers, demoElement, polygonAnswers } from './support/demoAnswers';
import { demoShares, sharePath } from './support/demoShares';
import { assignmentItem, de, element, feedback } from './support/learner';
import { expect, test } from './support/transitions';

/*
 * Issue 28, item 4, WCAG 2.2 2.5.7 Dragging Movements: what a learner can drag, they can also do with
 * single taps on a phone (a touch screen, 390 px): an assignment item is tapped, then its zone's place
 * button; a polygon mark is set by a tap on the image, taken off by a tap on it and set elsewhere by
 * another tap, which is how a mark moves without dragging. And by keyboard: the image's crosshair moves
 * with the arrow keys and Enter sets the mark.
 */

const kap2 = demoElement('kap2', 'Chapter');
const assignment = demoElement('kap2-zuordnung-herkunft', 'AssignmentQuestion');
const polygon = demoElement('kap2-karte-brunnen', 'PolygonTargetExercise');

/** Taps the polygon exercise's image at a point given in image fractions. */
async function tapOnImage(exercise: Locator, point: { x: number; y: number }) {
  const frame = exercise.getByRole('group', { name: de.polygonImage });
  await expect.poll(() => frame.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await frame.scrollIntoViewIfNeeded();
  const box = (await frame.boundingBox())!;
  await frame.tap({ position: { x: point.x * box.width, y: point.y * box.height } });
}

async function openChapter(page: Page) {
  const { material } = await demoShares(page.request);
  await page.goto(sharePath(material, `${kap2.publicId}/`));
  await expect(page.getByRole('heading', { level: 1, name: kap2.title })).toBeVisible();
}

test('on a touch screen every drag has taps instead: assignment by tap and place, polygon marks set, taken off and set again', async ({ newContext }) => {
  const context = await newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await openChapter(page);

  const question = element(page, assignment.id);
  const { zones } = assignmentAnswers(assignment);
  for (const zone of zones) {
    for (const item of zone.items) {
      await assignmentItem(question, item).tap();
      await expect(assignmentItem(question, item)).toHaveAttribute('aria-pressed', 'true');
      await question.getByRole('button', { name: de.placeHere(zone.title) }).tap();
      await expect(question.getByRole('group', { name: de.zone(zone.title) }).getByRole('button', { name: item, exact: true })).toBeVisible();
    }
  }
  await question.getByRole('button', { name: de.evaluate }).tap();
  await expect(feedback(question)).toContainText(de.positiveTitle);

  const exercise = element(page, polygon.id);
  const { right, miss } = polygonAnswers(polygon);
  await tapOnImage(exercise, miss);
  await expect(exercise).toContainText(de.marksSet(1, polygon.polygons.length));
  // Moved without dragging: the stray mark off with a tap, set where it belongs with another.
  await exercise.getByRole('button', { name: 'Markierung 1 entfernen', exact: true }).tap();
  await expect(exercise).toContainText(de.marksSet(0, polygon.polygons.length));
  for (const point of right) await tapOnImage(exercise, point);
  await exercise.getByRole('button', { name: de.checkAnswer }).tap();
  await expect(feedback(exercise)).toContainText(de.positiveTitle);
});

test('by keyboard, a polygon mark is set where the crosshair is moved with the arrow keys', async ({ page }) => {
  await openChapter(page);
  const exercise = element(page, polygon.id);
  const frame = exercise.getByRole('group', { name: de.polygonImage });
  await frame.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Enter');
  await expect(exercise).toContainText(de.marksSet(1, polygon.polygons.length));
  const mark = exercise.getByRole('button', { name: 'Markierung 1 entfernen', exact: true });
  const placedAt = await mark.getAttribute('style');
  await mark.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(mark).not.toHaveAttribute('style', placedAt ?? '');
});
