import { expect, type Locator, type Page } from '@playwright/test';

/** What the German interface (the default) shows a learner; wording of spec sections 4 and 8. */
export const de = {
  evaluate: 'Auswerten',
  editAnswer: 'Antwort bearbeiten',
  resetAnswer: 'Antwort zurücksetzen',
  positiveTitle: 'Richtig beantwortet:',
  positiveText: 'Das ist korrekt.',
  negativeTitle: 'Falsche Antwort:',
  negativeText: 'Das ist noch nicht ganz richtig.',
  submitted: 'Die Antwort wurde übermittelt',
  choiceCorrect: 'richtig beantwortet',
  choiceWrong: 'falsch beantwortet',
  itemCorrect: (item: string) => `${item}: richtig zugeordnet`,
  itemWrong: (item: string) => `${item}: falsch zugeordnet`,
  placeHere: (zone: string) => `Hier ablegen: ${zone}`,
  zone: (zone: string) => `Zone ${zone}`,
  gap: (n: number) => `Lücke ${n}`,
  checkAnswer: 'Antwort prüfen',
  resetQuestion: 'Frage zurücksetzen',
  marksSet: (marks: number, total: number) => `${marks} / ${total} Markierungen gesetzt`,
  found: (found: number) => `${found} gefunden`,
  markWrong: (n: number) => `Markierung ${n}: falsch`,
  polygonImage: 'Bild: klicken, um eine Markierung zu setzen',
  barrierReady: 'Drücke die Schaltfläche, um fortzufahren',
  barrierLocked: 'Der obenstehende Lerninhalt ist noch nicht abgeschlossen',
  revealed: 'Neuer Inhalt freigeschaltet',
  pathLabel: 'Lernpfad',
  stepComplete: 'Abschließen',
  stepCompleted: 'Abgeschlossen',
  ring: (percent: number) => `${percent} % abgeschlossen`,
  courseProgress: (percent: number) => `Fortschritt im Kurs: ${percent} %`,
  back: 'Zurück',
  breadcrumbs: 'Brotkrümel',
} as const;

/** Percent as the rings show it. */
export const percentOf = (fraction: number) => Math.round(fraction * 100);

/**
 * A content element by its model id (every element carries `id` = model id, see ElementView), as the app
 * renders it: not the frame of the server's first paint that stands in for it until then (src/viewer/shell.ts).
 */
export function element(page: Page, id: string): Locator {
  return page.locator(`[id="${id}"]:not([data-shell-element])`);
}

/** The course progress in the page header. */
export function courseProgress(page: Page): Locator {
  return page.getByTestId('viewer-header').getByRole('progressbar', { name: /^Fortschritt im Kurs: \d+ %$/ });
}

/** The header shows the material's progress as `fraction` (0..1). */
export async function expectCourseProgress(page: Page, fraction: number, message?: string) {
  const percent = percentOf(fraction);
  await expect(courseProgress(page), message).toHaveAccessibleName(de.courseProgress(percent));
  await expect(courseProgress(page), message).toHaveAttribute('aria-valuenow', String(percent));
}

/** The progress ring inside `scope` (a chapter card, a path step) shows `fraction`. */
export async function expectRing(scope: Locator, fraction: number, message?: string) {
  const percent = percentOf(fraction);
  const ring = scope.getByRole('progressbar', { name: /\d+ % abgeschlossen$/ });
  await expect(ring, message).toHaveAccessibleName(de.ring(percent));
  await expect(ring, message).toHaveAttribute('aria-valuenow', String(percent));
}

/** Follows a chapter card (by mouse) and waits for the chapter's heading. */
export async function openChapterCard(page: Page, chapter: { id: string; title: string }) {
  await element(page, chapter.id).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
}

/** Goes up one level with the header's back button and waits for the parent's heading. */
export async function goBackUp(page: Page, parentTitle: string) {
  await page.getByTestId('viewer-header').getByRole('link', { name: de.back }).click();
  await expect(page.getByRole('heading', { level: 1, name: parentTitle })).toBeVisible();
}

/** Follows a breadcrumb back to an ancestor page. */
export async function followCrumb(page: Page, title: string) {
  await page.getByRole('navigation', { name: de.breadcrumbs }).getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

type FocusRelation = 'here' | 'forward' | 'backward';

/**
 * Moves the keyboard focus onto `target` with Tab / Shift+Tab only, choosing the direction from
 * the document order of the focused element. With `within`, focus anywhere inside `target` counts
 * (a radio group is one tab stop). Fails when `target` cannot be reached by the keyboard.
 */
export async function tabTo(page: Page, target: Locator, { within = false, maxPresses = 150 } = {}) {
  await expect(target).toBeVisible();
  const trail: string[] = [];
  for (let presses = 0; presses <= maxPresses; presses++) {
    const relation = await target.evaluate((el, inside): FocusRelation => {
      const active = document.activeElement;
      if (active === el || (inside && active && el.contains(active))) return 'here';
      if (!active || active === document.body) return 'forward';
      return active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING ? 'forward' : 'backward';
    }, within);
    if (relation === 'here') return;
    if (presses === maxPresses) break;
    await page.keyboard.press(relation === 'forward' ? 'Tab' : 'Shift+Tab');
    trail.push(await page.evaluate(() => {
      const a = document.activeElement;
      return a ? `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''} "${(a.getAttribute('aria-label') ?? a.textContent ?? '').trim().slice(0, 40)}"` : 'none';
    }));
  }
  throw new Error(`Tab / Shift+Tab never reached ${target}; the last stops were:\n${trail.slice(-8).join('\n')}`);
}

/** Presses a button with the keyboard: focus by Tab, then Enter. */
export async function pressByKeyboard(page: Page, button: Locator) {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

/**
 * Picks the choice named `name` in a single-choice question by keyboard: Tab into the radio
 * group, then arrow keys (which move the selection) until the choice is selected.
 */
export async function chooseRadioByKeyboard(page: Page, question: Locator, name: string) {
  const group = question.getByRole('radiogroup');
  const radio = group.getByRole('radio', { name, exact: false });
  await tabTo(page, group, { within: true });
  const count = await group.getByRole('radio').count();
  for (let i = 0; i < count && !(await radio.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(radio).toBeFocused();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

/** Ticks the checkbox named `name` in a multiple-choice question by keyboard (Tab, Space). */
export async function tickCheckboxByKeyboard(page: Page, question: Locator, name: string) {
  const box = question.getByRole('checkbox', { name, exact: false });
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

/** Picks a choice with the mouse: a click on its label (the radio or checkbox input itself is visually hidden). */
export async function clickChoice(question: Locator, name: string) {
  await question.locator('label').filter({ hasText: name }).click();
}

/** The result box of an evaluated question. */
export function feedback(question: Locator): Locator {
  return question.getByRole('status');
}

/** An assignment item's button, wherever it is (pool or zone). */
export function assignmentItem(question: Locator, name: string): Locator {
  return question.getByRole('button', { name, exact: true });
}

/** Assigns an item to a zone by keyboard: Tab to the item, Enter selects it; Tab to "Hier ablegen" of the zone, Enter places it. */
export async function assignByKeyboard(page: Page, question: Locator, item: string, zone: string) {
  const button = assignmentItem(question, item);
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await pressByKeyboard(page, question.getByRole('button', { name: de.placeHere(zone) }));
  await expect(question.getByRole('group', { name: de.zone(zone) }).getByRole('button', { name: item, exact: true })).toBeVisible();
}

/** Clicks the image of a polygon exercise at a point given in image fractions. */
export async function clickOnImage(page: Page, exercise: Locator, point: { x: number; y: number }) {
  const frame = exercise.getByRole('group', { name: de.polygonImage });
  await expect.poll(() => frame.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await frame.scrollIntoViewIfNeeded();
  const box = await frame.boundingBox();
  if (!box) throw new Error('the polygon image has no layout box');
  await page.mouse.click(box.x + point.x * box.width, box.y + point.y * box.height);
}
