import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_LOOP_PAUSE_MS, SCROLL_PROGRESS_BOTTOM_SHARE, SCROLL_PROGRESS_IDLE_MS } from '../model/constants';
import { scrollRatio } from '../machines/scrollProgress';
import { elements as elementTexts } from '../i18n/resources/elements';
import { questions as questionTexts } from '../i18n/resources/questions';
import { hotspotTexts } from '../src/kinds/hotspot/hotspot.texts';
import { imageGalleryTexts } from '../src/kinds/imageGallery/imageGallery.texts';
import { trackedItems } from '../model/progressTree';
import { checkA11y } from './support/a11y';
import { demoElement, textOf } from './support/demoAnswers';
import { demoMaterial } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { element, expectCourseProgress, expectRing, feedback, followCrumb, pressByKeyboard, tabTo } from './support/learner';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

/*
 * The interactive elements of the demo material used by mouse and by keyboard: the hotspot image
 * (and the page's overlay stack behind its popup), the image gallery, the foldable, a free-text
 * answer and a chapter evaluated by scrolling. Timers (autoplay, scroll idle) run on Playwright's
 * clock, so the test never sleeps: it moves time exactly as far as the behaviour needs.
 */

const kap1 = demoElement('kap1', 'Chapter');
const kap2 = demoElement('kap2', 'Chapter');
const scrollingChapter = demoElement('kap1-1', 'Chapter');
const measuringChapter = demoElement('kap1-1-1', 'Chapter');
const hotspotImage = demoElement('kap1-hotspot-kreislauf', 'Hotspot');
const gallery = demoElement('kap2-galerie-herkunft', 'ImageGallery');
const foldable = demoElement('kap2-aufklapper-uferfiltrat', 'Foldable');
const freeText = demoElement('kap1-1-1-freitext-wind', 'FreeTextInput');

const t = { ...elementTexts.de, q: questionTexts.de, hotspot: hotspotTexts.de, carousel: imageGalleryTexts.de };
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

const spots = hotspotImage.elements;
const marker = (scope: Locator, index: number) => scope.getByRole('button', { name: fill(t.hotspot.marker, { n: index + 1, title: spots[index].title }), exact: true });
const slides = gallery.content.length;

test.use({ actionTimeout: 10_000 });
// Every test has its own browser context (and so its own learner state): the two workers may share them.
test.describe.configure({ mode: 'parallel' });

/**
 * Opens a page of the demo material's share with Playwright's clock installed, waits until `ready`
 * shows, then pauses the clock: from then on timers fire only as the test moves time on. (Time
 * flows while the page loads: React reveals lazily loaded content on a timer.)
 */
async function openWithClock(page: Page, request: APIRequestContext, route: string, ready: (page: Page) => Promise<void>) {
  const { material: share } = await demoShares(request);
  await page.clock.install();
  await page.goto(sharePath(share, route));
  await ready(page);
  // Half a second ahead of the page's clock; on a busy machine that moment may have passed before the
  // pause arrives (Playwright then refuses to go back), so it is taken again.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

test.describe('hotspot image and the overlay stack', () => {
  test('one popup at a time by mouse; previous and next wrap; close button, Escape and an outside press close it', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    const { material: share } = await demoShares(request);
    await page.goto(sharePath(share, `${kap1.publicId}/`));
    const image = element(page, hotspotImage.id);
    const popup = image.getByRole('dialog');
    const first = marker(image, 0);
    const last = spots.length - 1;
    expect(spots.length, 'the demo hotspot image needs at least three spots').toBeGreaterThanOrEqual(3);

    for (let i = 0; i < spots.length; i++) await expect(marker(image, i)).toHaveAttribute('aria-expanded', 'false');
    await expect(popup).toHaveCount(0);

    // Open one: its popup shows its title, text and position, and takes the focus.
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(popup).toHaveAccessibleName(spots[0].title);
    await expect(popup).toContainText(textOf(spots[0].content));
    await expect(popup).toContainText(fill(t.hotspot.of, { n: 1, total: spots.length }));
    await expect(popup).toBeFocused();

    // Another marker: its popup replaces the open one.
    await marker(image, 2).click();
    await expect(popup).toHaveCount(1);
    await expect(popup).toHaveAccessibleName(spots[2].title);
    await expect(marker(image, 2)).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    // Next and previous, wrapping at both ends.
    await popup.getByRole('button', { name: t.hotspot.next }).click();
    await expect(popup).toHaveAccessibleName(spots[3].title);
    await marker(image, last).click();
    await expect(popup).toContainText(fill(t.hotspot.of, { n: spots.length, total: spots.length }));
    await popup.getByRole('button', { name: t.hotspot.next }).click();
    await expect(popup, 'next after the last spot is the first').toHaveAccessibleName(spots[0].title);
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await popup.getByRole('button', { name: t.hotspot.previous }).click();
    await expect(popup, 'previous before the first spot is the last').toHaveAccessibleName(spots[last].title);
    await expect(marker(image, last)).toHaveAttribute('aria-expanded', 'true');

    // The close button: the popup goes and the focus returns to its marker.
    await popup.getByRole('button', { name: t.hotspot.close }).click();
    await expect(popup).toHaveCount(0);
    await expect(marker(image, last)).toHaveAttribute('aria-expanded', 'false');
    await expect(marker(image, last)).toBeFocused();

    // The open marker pressed again closes its popup.
    await marker(image, 1).click();
    await expect(popup).toHaveAccessibleName(spots[1].title);
    await marker(image, 1).click();
    await expect(popup).toHaveCount(0);
    await expect(marker(image, 1)).toHaveAttribute('aria-expanded', 'false');

    // Escape closes it and gives the focus back to the marker.
    await marker(image, 1).click();
    await expect(popup).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(marker(image, 1)).toBeFocused();

    // A press outside the image closes it; a press inside the popup does not.
    await marker(image, 2).click();
    await popup.getByText(textOf(spots[2].content)).click();
    await expect(popup).toHaveAccessibleName(spots[2].title);
    await page.getByRole('heading', { level: 1, name: kap1.title }).click();
    await expect(popup).toHaveCount(0);
    for (let i = 0; i < spots.length; i++) await expect(marker(image, i)).toHaveAttribute('aria-expanded', 'false');
    expect(errors).toEqual([]);
  });

  test('by keyboard: Enter opens a spot, the popup buttons step through the spots, Escape returns to the marker', async ({ page, request }) => {
    const { material: share } = await demoShares(request);
    await page.goto(sharePath(share, `${kap1.publicId}/`));
    const image = element(page, hotspotImage.id);
    const popup = image.getByRole('dialog');
    const last = spots.length - 1;

    await page.getByRole('heading', { level: 1, name: kap1.title }).click();
    await tabTo(page, marker(image, 0));
    await page.keyboard.press('Enter');
    await expect(popup).toHaveAccessibleName(spots[0].title);
    await expect(popup).toBeFocused();
    await expect(marker(image, 0)).toHaveAttribute('aria-expanded', 'true');

    await pressByKeyboard(page, popup.getByRole('button', { name: t.hotspot.previous }));
    await expect(popup, 'previous before the first spot is the last').toHaveAccessibleName(spots[last].title);
    await expect(popup).toBeFocused();
    await pressByKeyboard(page, popup.getByRole('button', { name: t.hotspot.next }));
    await expect(popup, 'next after the last spot is the first').toHaveAccessibleName(spots[0].title);
    await pressByKeyboard(page, popup.getByRole('button', { name: t.hotspot.next }));
    await expect(popup).toHaveAccessibleName(spots[1].title);
    await expect(popup).toContainText(fill(t.hotspot.of, { n: 2, total: spots.length }));

    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(marker(image, 1), 'Escape returns the focus to the marker of the spot that was open').toBeFocused();
    await expect(marker(image, 1)).toHaveAttribute('aria-expanded', 'false');

    // Space on another marker opens it; the close button by keyboard closes it.
    await tabTo(page, marker(image, 3));
    await page.keyboard.press('Space');
    await expect(popup).toHaveAccessibleName(spots[3].title);
    await pressByKeyboard(page, popup.getByRole('button', { name: t.hotspot.close }));
    await expect(popup).toHaveCount(0);
    await expect(marker(image, 3)).toBeFocused();
  });
});

test.describe('image gallery', () => {
  /** The slide the learner sees (the others are hidden from assistive technology and inert). */
  const shownSlide = (scope: Locator) => scope.getByRole('group', { name: new RegExp(`^${fill(t.carousel.slide, { n: '\\d+', total: slides })}$`) });
  async function expectSlide(scope: Locator, n: number, message?: string) {
    await expect(shownSlide(scope), message).toHaveAccessibleName(fill(t.carousel.slide, { n, total: slides }));
    await expect(scope.getByTestId('carousel-counter'), message).toHaveText(fill(t.carousel.counter, { n, total: slides }));
    await expect(scope.getByRole('button', { name: fill(t.carousel.goTo, { n }) })).toHaveAttribute('aria-current', 'true');
  }

  test('by mouse: previous and next wrap, dots jump, autoplay pauses on hover and resumes on leave, pause and play', async ({ page, request }) => {
    const errors = collectPageErrors(page);
    expect(slides, 'the demo gallery needs several slides').toBeGreaterThanOrEqual(3);
    await openWithClock(page, request, `${kap2.publicId}/`, (p) => expect(shownSlide(element(p, gallery.id))).toBeVisible());
    const view = element(page, gallery.id);
    const away = async () => page.mouse.move(2, 2);
    // The pointer on the gallery pauses the autoplay (how far it got while the page loaded does not
    // matter); the first dot shows the first slide, and a click outside (pointer and focus leave)
    // starts the interval afresh.
    await shownSlide(view).hover();
    await view.getByRole('button', { name: fill(t.carousel.goTo, { n: 1 }) }).click();
    await expectSlide(view, 1);
    await page.getByRole('heading', { level: 1, name: kap2.title }).click();
    await away();

    // Autoplay moves on after the interval.
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expectSlide(view, 2, 'autoplay shows the next slide after the interval');

    // The pointer on the gallery pauses it; leaving resumes it.
    await shownSlide(view).hover();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expectSlide(view, 2, 'no autoplay while the pointer is on the gallery');
    await away();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expectSlide(view, 3, 'autoplay resumes once the pointer left');

    // Previous and next, wrapping at both ends; the dots jump.
    await view.getByRole('button', { name: t.carousel.next }).click();
    await expectSlide(view, 4);
    await view.getByRole('button', { name: t.carousel.next }).click();
    await expectSlide(view, 1, 'next after the last slide is the first');
    await view.getByRole('button', { name: t.carousel.previous }).click();
    await expectSlide(view, slides, 'previous before the first slide is the last');
    await view.getByRole('button', { name: fill(t.carousel.goTo, { n: 2 }) }).click();
    await expectSlide(view, 2);
    await expect(shownSlide(view)).toContainText(textOf(gallery.content[1].caption));

    // Pause: autoplay stays off even after the pointer left, until play.
    await view.getByRole('button', { name: t.carousel.pause }).click();
    const play = view.getByRole('button', { name: t.carousel.play });
    await expect(play).toBeVisible();
    await away();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expectSlide(view, 2, 'paused by the learner: no autoplay');
    await play.click();
    await expect(view.getByRole('button', { name: t.carousel.pause })).toBeVisible();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expectSlide(view, 3, 'play resumes the autoplay');
    // Pause while it plays, then play again.
    await view.getByRole('button', { name: t.carousel.pause }).click();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expectSlide(view, 3, 'paused while playing: no autoplay');
    await play.click();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expectSlide(view, 4);
    // From the last slide autoplay wraps to the first after a short pause.
    await page.clock.runFor(CAROUSEL_INTERVAL_MS + CAROUSEL_LOOP_PAUSE_MS);
    await expectSlide(view, 1, 'autoplay wraps from the last slide to the first');
    expect(errors).toEqual([]);
  });

  test('by keyboard: focus pauses the autoplay, Enter steps and wraps, leaving by Tab resumes it', async ({ page, request }) => {
    await openWithClock(page, request, `${kap2.publicId}/`, (p) => expect(shownSlide(element(p, gallery.id))).toBeVisible());
    const view = element(page, gallery.id);
    await page.getByRole('heading', { level: 1, name: kap2.title }).click();
    // The pointer rests on the sticky header: as the page scrolls, it never comes to hover the gallery.
    await page.mouse.move(2, 2);

    // Focus in the gallery pauses the autoplay (how far it got while the page loaded does not matter).
    await pressByKeyboard(page, view.getByRole('button', { name: fill(t.carousel.goTo, { n: 1 }) }));
    await expectSlide(view, 1);
    await pressByKeyboard(page, view.getByRole('button', { name: t.carousel.previous }));
    await expectSlide(view, slides, 'previous before the first slide is the last');
    await expect(view.getByRole('button', { name: t.carousel.previous })).toBeFocused();
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expectSlide(view, slides, 'no autoplay while the focus is in the gallery');
    await pressByKeyboard(page, view.getByRole('button', { name: t.carousel.next }));
    await expectSlide(view, 1, 'next after the last slide is the first');
    await page.keyboard.press('Enter');
    await expectSlide(view, 2);
    await pressByKeyboard(page, view.getByRole('button', { name: fill(t.carousel.goTo, { n: 4 }) }));
    await expectSlide(view, 4);

    // Tab out of the gallery: the autoplay resumes.
    await tabTo(page, element(page, foldable.id).getByRole('button', { name: foldable.title }));
    await page.clock.runFor(CAROUSEL_INTERVAL_MS + CAROUSEL_LOOP_PAUSE_MS);
    await expectSlide(view, 1, 'autoplay resumes once the focus left');

    // Pause and play by keyboard.
    await pressByKeyboard(page, view.getByRole('button', { name: t.carousel.pause }));
    await expect(view.getByRole('button', { name: t.carousel.play })).toBeFocused();
    await tabTo(page, element(page, foldable.id).getByRole('button', { name: foldable.title }));
    await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
    await expectSlide(view, 1, 'paused by the learner: leaving does not resume it');
    await pressByKeyboard(page, view.getByRole('button', { name: t.carousel.play }));
    await page.clock.runFor(CAROUSEL_INTERVAL_MS);
    await expectSlide(view, 2, 'play resumes the autoplay even with the focus on the button');
  });
});

test('a foldable opens and closes by click and by keyboard; axe finds nothing folded or unfolded', async ({ page, request }, testInfo) => {
  const { material: share } = await demoShares(request);
  await page.goto(sharePath(share, `${kap2.publicId}/`));
  const scope = element(page, foldable.id);
  const title = scope.getByRole('button', { name: foldable.title });
  const inside = element(page, foldable.content[0].id);
  expect(foldable.folded, 'the demo foldable starts folded').toBe(true);

  await expect(title).toHaveAttribute('aria-expanded', 'false');
  await expect(inside).toBeHidden();
  // The disclosure pattern: the button names the panel it controls, and the panel is a group labelled by it.
  const panel = page.locator(`[id="${await title.getAttribute('aria-controls')}"]`);
  await expect(panel).toHaveAttribute('hidden', 'until-found');
  await expect(page.getByRole('group', { name: foldable.title, includeHidden: true })).toHaveCount(1);
  await checkA11y(page, testInfo, 'foldable-folded');
  await title.click();
  await expect(title).toHaveAttribute('aria-expanded', 'true');
  await expect(inside).toBeVisible();
  await expect(inside).toContainText(textOf(foldable.content[0].modelName === 'Text' ? foldable.content[0].content.html : '').slice(0, 40));
  await expect(page.getByRole('group', { name: foldable.title })).toBeVisible();
  await checkA11y(page, testInfo, 'foldable-unfolded');
  await title.click();
  await expect(title).toHaveAttribute('aria-expanded', 'false');
  await expect(inside).toBeHidden();

  await page.getByRole('heading', { level: 1, name: kap2.title }).click();
  await tabTo(page, title);
  await page.keyboard.press('Enter');
  await expect(title).toHaveAttribute('aria-expanded', 'true');
  await expect(inside).toBeVisible();
  await expect(title).toBeFocused();
  await page.keyboard.press('Space');
  await expect(title).toHaveAttribute('aria-expanded', 'false');
  await expect(inside).toBeHidden();
});

test('a free-text answer is evaluated, edited by a click on it and by keyboard, and stays evaluated over a reload', async ({ page, request }) => {
  const { material: share } = await demoShares(request);
  await page.goto(sharePath(share, `${kap1.publicId}/${scrollingChapter.publicId}/${measuringChapter.publicId}/`));
  const answer = element(page, freeText.id);
  const text = answer.getByRole('textbox', { name: t.q.freeText.answer });
  const evaluate = answer.getByRole('button', { name: freeText.submitText || t.q.evaluate });
  const edit = answer.getByRole('button', { name: t.q.editAnswer });
  expect(freeText.useGenerativeFeedback, 'the demo free text uses static feedback').toBe(false);

  await expect(text).toHaveAttribute('placeholder', freeText.placeholder || t.q.freeText.placeholder);
  await expect(evaluate, 'nothing to evaluate yet').toBeDisabled();
  await text.click();
  await page.keyboard.type('Der Wind trägt die feuchte Luft fort.');
  await pressByKeyboard(page, evaluate);
  await expect(feedback(answer)).toContainText(t.q.freeText.submitted);
  await expect(feedback(answer)).toContainText(textOf(freeText.feedback?.html));
  await expect(text).toBeDisabled();
  await expect(edit).toBeVisible();

  // A click on the evaluated answer edits it again: the text stays, the feedback goes.
  await answer.getByTitle(t.q.freeText.editHint).click();
  await expect(text).toBeEnabled();
  await expect(text).toHaveValue('Der Wind trägt die feuchte Luft fort.');
  await expect(feedback(answer)).toHaveCount(0);
  await text.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Trockenere Luft nimmt mehr Wasserdampf auf.');
  await evaluate.click();
  await expect(text).toBeDisabled();

  // Edit Answer by keyboard, then evaluate again by mouse.
  await pressByKeyboard(page, edit);
  await expect(text).toBeEnabled();
  await expect(feedback(answer)).toHaveCount(0);
  await expect(evaluate).toBeEnabled();
  await evaluate.click();
  await expect(feedback(answer)).toContainText(t.q.freeText.submitted);

  // The evaluated answer is restored after a reload.
  await page.reload();
  await expect(text).toBeDisabled();
  await expect(text).toHaveValue('Der Wind trägt die feuchte Luft fort. Trockenere Luft nimmt mehr Wasserdampf auf.');
  await expect(feedback(answer)).toContainText(t.q.freeText.submitted);
  await expect(edit).toBeVisible();
});

test.describe('scroll progress of a chapter evaluated by scrolling', () => {
  // The course ring is the mean of the material's tracked items; this chapter is one of its chapter's.
  const courseShare = 1 / trackedItems(demoMaterial.content).length / trackedItems(kap1.content).length;
  const metrics = (page: Page) =>
    page.evaluate(() => ({ scrollTop: window.scrollY, viewportHeight: window.innerHeight, scrollHeight: document.documentElement.scrollHeight }));
  /** Scrolls with the mouse wheel to `y` and waits until the page stands there. */
  async function wheelTo(page: Page, y: number) {
    const { scrollTop } = await metrics(page);
    await page.mouse.move(100, 300);
    await page.mouse.wheel(0, y - scrollTop);
    await expect.poll(async () => (await metrics(page)).scrollTop).toBe(y);
  }
  async function openChapter(page: Page, request: APIRequestContext) {
    expect(scrollingChapter.evaluationType).toBe('scrolling');
    await openWithClock(page, request, `${kap1.publicId}/${scrollingChapter.publicId}/`, async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: scrollingChapter.title })).toBeVisible();
      for (const item of scrollingChapter.content) await expect(element(p, item.id)).toBeVisible();
    });
    await expectCourseProgress(page, 0);
  }

  test('settled positions count, going up never lowers it, the end makes it 1 and it stays over a reload', async ({ page, request }) => {
    await openChapter(page, request);

    // Half way down: once the scrolling settles, the progress counts.
    const { viewportHeight, scrollHeight } = await metrics(page);
    const half = Math.round((scrollHeight - viewportHeight) / 2);
    await wheelTo(page, half);
    await expectCourseProgress(page, 0, 'nothing counts while the page still scrolls');
    await page.clock.runFor(SCROLL_PROGRESS_IDLE_MS);
    const halfRatio = scrollRatio(await metrics(page));
    expect(halfRatio).toBeGreaterThan(0);
    expect(halfRatio).toBeLessThan(1);
    await expectCourseProgress(page, halfRatio * courseShare, 'the settled position counts');

    // Back up: the progress never goes down.
    await wheelTo(page, Math.round(half / 3));
    await page.clock.runFor(SCROLL_PROGRESS_IDLE_MS);
    await expectCourseProgress(page, halfRatio * courseShare, 'scrolling back up keeps the progress');

    // The end of the page: the chapter is read.
    await page.keyboard.press('End');
    await expect.poll(async () => scrollRatio(await metrics(page))).toBe(1);
    await page.clock.runFor(SCROLL_PROGRESS_IDLE_MS);
    await expectCourseProgress(page, courseShare, 'read to its end, the chapter counts in full');

    // It stays read over a reload and shows complete on its card.
    await page.clock.resume();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: scrollingChapter.title })).toBeVisible();
    await expectCourseProgress(page, courseShare);
    await followCrumb(page, kap1.title);
    await expectRing(element(page, scrollingChapter.id), 1, 'the chapter card shows it complete');
  });

  // A narrow, tall window (docked beside other windows on a portrait monitor): the bottom share of the
  // viewport is taller than the page below the content, so the position alone can say "read".
  test.describe('in a narrow, tall window', () => {
    test.use({ viewport: { width: 390, height: 1300 } });

    test('settling near the bottom counts as read before the end of the content shows', async ({ page, request }) => {
      await openChapter(page, request);
      const { viewportHeight, scrollHeight } = await metrics(page);
      const below = await page.evaluate(
        () => document.documentElement.scrollHeight - (document.querySelector('[data-scroll-end]')?.getBoundingClientRect().top ?? 0) - window.scrollY,
      );
      // Within the bottom share of the viewport (spec section 4) but above the point where the end of the content scrolls in.
      const bottomShare = SCROLL_PROGRESS_BOTTOM_SHARE * viewportHeight;
      expect(below, 'in this window the page below the content is shorter than the bottom share (layout changed?)').toBeLessThan(bottomShare - 4);
      expect(scrollHeight - viewportHeight, 'the page scrolls further than the page below the content').toBeGreaterThan(bottomShare);
      const toBottom = Math.round((below + bottomShare) / 2);
      await wheelTo(page, scrollHeight - viewportHeight - toBottom);
      expect(scrollRatio(await metrics(page))).toBe(1);
      await expectCourseProgress(page, 0, 'nothing counts while the page still scrolls');
      await page.clock.runFor(SCROLL_PROGRESS_IDLE_MS);
      await expectCourseProgress(page, courseShare, 'settled at the bottom, the chapter counts in full');
    });
  });
});
