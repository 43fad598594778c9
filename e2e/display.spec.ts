import type { Locator, Page } from '@playwright/test';
import { DISPLAY_COOKIE } from '../model/displayPreferences';
import { display as displayTexts } from '../model/displayTexts';
import { imageGalleryTexts } from '../src/kinds/imageGallery/imageGallery.texts';
import { questions as questionTexts } from '../i18n/resources/questions';
import { arabic, arabicMaterial } from './support/arabicMaterial';
import { demoElement } from './support/demoAnswers';
import { demoShares, sharePath } from './support/demoShares';
import { suiteDataDir } from './support/e2ePort';
import { importShare } from './support/importShare';
import { assignByKeyboard, chooseRadioByKeyboard, de, element, feedback, pressByKeyboard, tabTo } from './support/learner';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

/*
 * Issue 28, point 5: the display options a learner sets from the header (text size, high contrast,
 * reduced motion, a readable font) apply at once, are kept in this browser and are on the first paint
 * the server sends; 200 % text at 320 px does not make the page scroll sideways; reduced motion keeps
 * the gallery still; a material in Arabic renders right to left and its exercises answer by keyboard.
 */

const t = displayTexts.de;
const kap2 = demoElement('kap2', 'Chapter');
const gallery = demoElement('kap2-galerie-herkunft', 'ImageGallery');

/** The `<html>` start tag of the page the server sends for `url` with this browser's cookies, before any script ran. */
async function servedHtmlTag(page: Page, url: string): Promise<{ tag: string; vary: string }> {
  const response = await page.request.get(url);
  const tag = /<html\b[^>]*>/i.exec(await response.text())?.[0] ?? '';
  return { tag, vary: response.headers()['vary'] ?? '' };
}

const html = (page: Page): Locator => page.locator('html');

/** Picks an option of the panel with the mouse: a click on its label (react-aria's radio and switch inputs are visually hidden). */
const pick = (panel: Locator, name: string) => panel.locator('label').filter({ hasText: name }).click();

/** The browser keeps `value` (model/displayPreferences.ts `displayValue`) as if set from the panel. */
async function keepDisplay(page: Page, value: string) {
  const { origin } = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL as string) : page.url());
  await page.context().addCookies([{ name: DISPLAY_COOKIE, value, url: origin }]);
}

test('the options set from the header apply at once, are on the first paint after a reload, and reset', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const { material } = await demoShares(request);
  const url = sharePath(material);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // By keyboard: the header's button opens the panel, Escape closes it and the focus goes back.
  const button = page.getByTestId('viewer-header').getByRole('button', { name: 'Darstellung' });
  await pressByKeyboard(page, button);
  const panel = page.getByRole('dialog', { name: t.title });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(button).toBeFocused();

  await button.click();
  await pick(panel, '150 %');
  await expect(html(page)).toHaveAttribute('data-text-size', '150');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), 'the root font grows: everything in rem with it').toBe('24px');
  await pick(panel, t.contrast);
  await pick(panel, t.motion);
  await pick(panel, t.font);
  await expect(html(page)).toHaveAttribute('data-contrast', 'more');
  const greyText = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-gray-500').trim());
  expect(await greyText(), 'high contrast: grey text is near-black').toBe('#1f2937');
  await expect(html(page)).toHaveAttribute('data-motion', 'reduce');
  await expect(html(page)).toHaveAttribute('data-font', 'readable');
  // The readable font's files load now that it is used (and not before: see the reset below).
  expect(await page.evaluate(() => document.fonts.ready.then(() => [...document.fonts].some((font) => font.family.includes('Atkinson') && font.status === 'loaded')))).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('lernwerk.display'))).toBe('150.more.reduce.readable');

  // The server draws the page with them (before any script runs), and says the page differs by cookie.
  const served = await servedHtmlTag(page, url);
  for (const attribute of ['data-text-size="150"', 'data-contrast="more"', 'data-motion="reduce"', 'data-font="readable"']) expect(served.tag).toContain(attribute);
  expect(served.vary.toLowerCase()).toContain('cookie');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html(page)).toHaveAttribute('data-text-size', '150');
  await expect(html(page)).toHaveAttribute('data-font', 'readable');

  // The panel shows what is kept; reset takes every option back.
  await button.click();
  await expect(panel.getByRole('radio', { name: '150 %' })).toBeChecked();
  await expect(panel.getByRole('switch', { name: t.contrast })).toBeChecked();
  await panel.getByRole('button', { name: t.reset }).click();
  await expect(panel.getByRole('radio', { name: '100 %' })).toBeChecked();
  await expect(panel.getByRole('switch', { name: t.font })).not.toBeChecked();
  for (const attribute of ['data-text-size', 'data-contrast', 'data-motion', 'data-font']) await expect(html(page)).not.toHaveAttribute(attribute);
  expect((await servedHtmlTag(page, url)).tag).not.toContain('data-');
  expect(await greyText(), 'the default grey again').not.toBe('#1f2937');
  // Switched off, the system's wish for more contrast still applies.
  await page.emulateMedia({ contrast: 'more' });
  expect(await greyText()).toBe('#1f2937');
  expect(errors).toEqual([]);
});

test('set on a page drawn without the app, by keyboard and without script, the options hold once the app starts, and a second tab follows a change', async ({ page, context, request }) => {
  const errors = collectPageErrors(page);
  const { material } = await demoShares(request);
  const url = sharePath(material);
  // The app kept 200 % in this browser (both the cookie and localStorage).
  await page.goto(url);
  await page.getByTestId('viewer-header').getByRole('button', { name: 'Darstellung' }).click();
  await pick(page.getByRole('dialog', { name: t.title }), '200 %');
  await expect(html(page)).toHaveAttribute('data-text-size', '200');

  // The certificate check has no script: its header's form sets the options, by keyboard.
  await page.goto('/verify/ABCD-EFGH-JKLM?lang=de');
  expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  await expect(html(page)).toHaveAttribute('data-text-size', '200');
  await tabTo(page, page.getByText(t.title, { exact: true }));
  await page.keyboard.press('Enter');
  const form = page.locator('form[action="/display"]');
  await expect(form.getByRole('radio', { name: '200 %' })).toBeChecked();
  await form.getByRole('radio', { name: '125 %' }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('checkbox', { name: t.contrast }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('button', { name: t.apply }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/verify\/ABCD-EFGH-JKLM\?lang=de$/);
  await expect(html(page)).toHaveAttribute('data-text-size', '125');
  await expect(html(page)).toHaveAttribute('data-contrast', 'more');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px');

  // The app starts with them, and keeps them: the cookie decides over its own copy.
  await page.goto(url);
  const button = page.getByTestId('viewer-header').getByRole('button', { name: 'Darstellung' });
  await expect(button).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lernwerk.display'))).toBe('125.more.system.default');
  await expect(html(page)).toHaveAttribute('data-text-size', '125');
  await expect(html(page)).toHaveAttribute('data-contrast', 'more');

  // A second tab of the material follows a change made in the first, its open panel too.
  const second = await context.newPage();
  await second.goto(url);
  const secondButton = second.getByTestId('viewer-header').getByRole('button', { name: 'Darstellung' });
  await secondButton.click();
  const secondPanel = second.getByRole('dialog', { name: t.title });
  await expect(secondPanel.getByRole('radio', { name: '125 %' })).toBeChecked();
  await button.click();
  await pick(page.getByRole('dialog', { name: t.title }), '175 %');
  await expect(html(second)).toHaveAttribute('data-text-size', '175');
  await expect(secondPanel.getByRole('radio', { name: '175 %' })).toBeChecked();

  // Reset on the page without the app writes the defaults, which the app then keeps too.
  await page.goto('/verify/ABCD-EFGH-JKLM?lang=de');
  await page.getByText(t.title, { exact: true }).click();
  await form.getByRole('button', { name: t.reset }).click();
  await expect(html(page)).not.toHaveAttribute('data-text-size');
  await page.goto(url);
  await expect(button).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lernwerk.display'))).toBe('100.system.system.default');
  for (const attribute of ['data-text-size', 'data-contrast']) await expect(html(page)).not.toHaveAttribute(attribute);
  expect(errors).toEqual([]);
});

test('at 200 % text and 320 px the material, a chapter and the collection do not scroll sideways', async ({ page, request }) => {
  const { material } = await demoShares(request);
  await page.setViewportSize({ width: 320, height: 640 });
  await keepDisplay(page, '200.system.system.default');
  const { collection } = await demoShares(request);
  for (const path of [sharePath(material), sharePath(material, `${kap2.publicId}/`), sharePath(collection)]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-text-size', '200');
    await page.waitForLoadState('networkidle');
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: document.documentElement.clientWidth }));
    expect(widths.page, `no sideways scrolling on ${path}`).toBeLessThanOrEqual(widths.window);
  }
});

test('with reduced motion chosen the gallery does not turn by itself', async ({ page, request }) => {
  const { material } = await demoShares(request);
  await keepDisplay(page, '100.system.reduce.default');
  await page.goto(sharePath(material, `${kap2.publicId}/`));
  const view = element(page, gallery.id);
  await expect(view.getByRole('button', { name: imageGalleryTexts.de.play }), 'autoplay starts stopped: the learner may start it').toBeVisible();
  await expect(view.getByRole('button', { name: imageGalleryTexts.de.pause })).toHaveCount(0);
});

test('a gallery that is playing stops when the system comes to ask for reduced motion', async ({ page, request }) => {
  const { material } = await demoShares(request);
  await page.goto(sharePath(material, `${kap2.publicId}/`));
  const view = element(page, gallery.id);
  await view.scrollIntoViewIfNeeded();
  await expect(view.getByRole('button', { name: imageGalleryTexts.de.pause }), 'it plays by itself').toBeVisible();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(view.getByRole('button', { name: imageGalleryTexts.de.play })).toBeVisible();
});

test('a material in Arabic renders right to left, mirrored, and its exercises answer by keyboard', async ({ page }) => {
  const errors = collectPageErrors(page);
  const share = await importShare(arabicMaterial, suiteDataDir(), 'public');
  const url = sharePath(share);
  const served = await page.request.get(url).then((response) => response.text());
  expect(/<html\b[^>]*>/i.exec(served)?.[0], 'the first paint is right to left').toContain('dir="rtl"');
  expect(served).toContain('<main lang="ar">');
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: arabic.title })).toBeVisible();
  await expect(html(page)).toHaveAttribute('dir', 'rtl');
  await expect(html(page), 'the interface keeps its language').toHaveAttribute('lang', 'de');
  await expect(page.locator('main')).toHaveAttribute('lang', 'ar');

  // Mirrored: the choice's marker stands to the right of its text, the header's logo at the right end.
  const choice = element(page, 'ar-ikhtiyar');
  const option = choice.locator('[data-choice-id="ar-ikhtiyar-2"]');
  const [marker, text] = await Promise.all([option.locator('span').first().boundingBox(), option.getByText(arabic.choice.right).boundingBox()]);
  expect(marker && text && marker.x > text.x + text.width - 1, 'the marker is right of the text').toBe(true);
  // The interface's German hint keeps its own direction (its full stop at its end); the authored text the material's.
  const bidi = (locator: Locator) => locator.evaluate((node) => getComputedStyle(node).unicodeBidi);
  expect(await bidi(choice.getByText(questionTexts.de.choice.single))).toBe('plaintext');
  expect(await bidi(option.locator('[data-html]'))).toBe('normal');
  const header = await page.getByTestId('viewer-header').boundingBox();
  const display = await page.getByTestId('open-display').boundingBox();
  expect(header && display && display.x < header.x + header.width / 2, 'the header reads from the right: its controls at the left').toBe(true);

  await chooseRadioByKeyboard(page, choice, arabic.choice.right);
  await pressByKeyboard(page, choice.getByRole('button', { name: de.evaluate }));
  await expect(feedback(choice)).toContainText(de.positiveTitle);

  const cloze = element(page, 'ar-faragh');
  const gap = cloze.getByRole('textbox', { name: de.gap(1) });
  await tabTo(page, gap);
  await page.keyboard.type('0');
  await pressByKeyboard(page, cloze.getByRole('button', { name: de.evaluate }));
  await expect(feedback(cloze)).toContainText(de.positiveTitle);

  const assignment = element(page, 'ar-tasnif');
  await assignByKeyboard(page, assignment, arabic.items.rain, arabic.zones.liquid);
  await assignByKeyboard(page, assignment, arabic.items.snow, arabic.zones.solid);
  await pressByKeyboard(page, assignment.getByRole('button', { name: de.evaluate }));
  await expect(feedback(assignment)).toContainText(de.positiveTitle);
  expect(errors).toEqual([]);
});
