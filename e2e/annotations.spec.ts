import type { Locator, Page } from '@playwright/test';
import { checkA11y } from './support/a11y';
import { suiteDataDir } from './support/e2ePort';
import { saveGuestProgress } from './support/guest';
import { importShare } from './support/importShare';
import { collectPageErrors } from './support/pageErrors';
import { annotatePassage } from './support/annotate';
import { selectText } from './support/selectText';
import { closeContext, expect, test } from './support/transitions';

/*
 * Issue 12: a guest annotates. Select text in a text element, Annotate, write a note in the rich-text
 * editor, save; the text stays marked after a reload; the mark opens the annotation in the panel;
 * deleting asks first. Keyboard where the learner would type; axe on the composer and the panel.
 */

const material = {
  modelName: 'Material',
  id: 'anmerkungen',
  publicId: 'anmerkungen',
  title: 'Anmerkungen zum Wasser',
  evaluationType: 'composite',
  metadata: {},
  content: [
    { modelName: 'Text', id: 'anmerkung-text', content: { html: '<p>Das <strong>Grundwasser</strong> fließt langsam durch den Kies.</p>' } },
    { modelName: 'Text', id: 'anmerkung-zwei', content: { html: '<p>Quellen speisen Bäche und Flüsse.</p>' } },
  ],
};

/**
 * The material under ids of its own for one test run (`key`: the test and its repeat): a re-import
 * upserts by id and keeps the share, so each run starts without the annotations of another.
 */
function materialFor(key: string) {
  const id = (elementId: string) => `${elementId}-${key}`;
  return { material: { ...material, id: id(material.id), publicId: id(material.publicId), content: material.content.map((element) => ({ ...element, id: id(element.id) })) }, id };
}

const runKey = (name: string, info: { repeatEachIndex: number; retry: number }) => `${name}-${info.repeatEachIndex}-${info.retry}`;

test('a guest annotates a text: the note is saved, the mark survives a reload, opens the panel, and goes after a confirmed delete', async ({ page }, testInfo) => {
  const errors = collectPageErrors(page);
  const share = await importShare(material, suiteDataDir(), 'guest');
  await page.goto(`/s/${share}/`);
  await expect(page.getByTestId('open-annotations')).toHaveCount(0);
  const link = await saveGuestProgress(page, { firstName: 'Ada', lastName: 'Lovelace' });
  await expect(page.getByTestId('open-annotations')).toBeVisible();

  await selectText(page, 'anmerkung-text', 'fließt langsam');
  await page.getByTestId('annotate').click();
  const composer = page.getByTestId('annotation-composer');
  await expect(composer.getByRole('heading', { name: 'Neue Anmerkung' })).toBeVisible();
  const editor = composer.getByRole('textbox', { name: 'Notiz' });
  await editor.click();
  await page.keyboard.type('Wie schnell genau? ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Nachfragen');
  await checkA11y(page, testInfo, 'annotation-composer');
  await composer.getByTestId('annotation-save').click();
  await expect(composer).toHaveCount(0);
  const mark = page.locator('#anmerkung-text mark[data-annotation-id]');
  await expect(mark).toHaveText('fließt langsam');

  await page.goto(link);
  await expect(mark).toHaveText('fließt langsam');
  await mark.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('annotation-panel');
  await expect(panel.getByRole('heading', { name: 'Anmerkungen' })).toBeVisible();
  await expect(panel).toContainText('Wie schnell genau?');
  await expect(panel.locator('strong')).toHaveText('Nachfragen');
  await expect(panel).toContainText('Ada Lovelace');
  await checkA11y(page, testInfo, 'annotation-detail');

  await panel.getByRole('button', { name: 'Löschen' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Element löschen?' }));
  await expect(dialog.getByText('Gelöschte Elemente können nicht wiederhergestellt werden.')).toBeVisible();
  await checkA11y(page, testInfo, 'annotation-delete');
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(mark).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('open-annotations')).toBeVisible();
  await expect(page.locator('mark[data-annotation-id]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('pressed before the annotation code has loaded, the Annotations button still opens the panel, and text selected meanwhile gets its Annotate button', async ({ newContext }, testInfo) => {
  const own = materialFor(runKey('frueh', testInfo));
  const share = await importShare(own.material, suiteDataDir(), 'guest');
  // No service worker: every request of the page goes through the route below.
  const context = await newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  try {
    await page.goto(`/s/${share}/`);
    const link = await saveGuestProgress(page, { firstName: 'Ada', lastName: 'Lovelace' });

    // The annotation layer's chunk is held back until the learner has pressed and selected.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(/\/assets\/AnnotationLayer-[^/]+\.js$/, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    await page.goto(link);
    await expect(page.getByTestId('guest-name')).toHaveText('Ada Lovelace');
    await expect.poll(() => requested).toBe(true);
    await page.getByTestId('open-annotations').click();
    await selectText(page, own.id('anmerkung-text'), 'fließt langsam');
    await expect(page.getByTestId('annotation-panel')).toHaveCount(0);
    await expect(page.getByTestId('annotate')).toHaveCount(0);

    release();
    const panel = page.getByTestId('annotation-panel');
    await expect(panel.getByRole('heading', { name: 'Anmerkungen' })).toBeVisible();
    await expect(panel).toContainText('Noch keine Anmerkungen.');
    await expect(page.getByTestId('annotate')).toBeVisible();
    // The press was delivered once: closed, the panel stays closed until the next press.
    await panel.getByRole('button', { name: 'Anmerkungen schließen' }).click();
    await expect(panel).toHaveCount(0);
    await page.waitForTimeout(300);
    await expect(panel).toHaveCount(0);
    await page.getByTestId('open-annotations').click();
    await expect(panel).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await closeContext(context);
  }
});

/* ------------------------------------------------------------------------------------------------
 * The note editor by keyboard alone (spec sections 4, 5 and 9): every toolbar feature and shortcut once.
 */

/** The toolbar's buttons in their order (German names: the default language). */
const TOOLS = [
  'Fett',
  'Kursiv',
  'Unterstrichen',
  'Durchgestrichen',
  'Gelb hervorheben',
  'Grün hervorheben',
  'Blau hervorheben',
  'Rosa hervorheben',
  'Orange hervorheben',
  'Aufzählung',
  'Nummerierte Liste',
  'Tiefgestellt',
  'Hochgestellt',
  'Link',
  'Formatierung entfernen',
  'Lücke',
] as const;
type Tool = (typeof TOOLS)[number];

const activeLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? null);

/**
 * From the text box, by keyboard only: Shift+Tab into the toolbar, the arrow keys to `tool`, Enter or
 * Space to press it. Formatting tools give the focus back to the text box; Link opens the link editor.
 */
async function pressTool(page: Page, tool: Tool, key: 'Enter' | ' ' = 'Enter') {
  await page.keyboard.press('Shift+Tab');
  const start = await activeLabel(page);
  const from = TOOLS.indexOf(start as Tool);
  expect(from, `Shift+Tab from the text box lands in the toolbar, not on ${start}`).toBeGreaterThanOrEqual(0);
  const to = TOOLS.indexOf(tool);
  for (let i = from; i !== to; i += Math.sign(to - from)) await page.keyboard.press(to > from ? 'ArrowRight' : 'ArrowLeft');
  expect(await activeLabel(page)).toBe(tool);
  await page.keyboard.press(key === ' ' ? 'Space' : 'Enter');
  if (tool !== 'Link') await settled(page);
}

/**
 * A formatting tool gives the text box the focus back in the next animation frame (tiptap's focus
 * command), and for 200 ms after a focus ProseMirror takes a collapsed selection at the start of the
 * document for Chrome's focus quirk and puts its own back (prosemirror-view DOMObserver.flush), which
 * would swallow the next Ctrl+Home. A learner is never that fast; the test waits it out.
 */
async function settled(page: Page) {
  await expect.poll(() => activeLabel(page)).toBe('Notiz');
  await frames(page);
  await page.waitForTimeout(250);
}

/** Selects the whole of paragraph `line` (0-based, counted from the top of the text box) with the keyboard. */
async function selectLine(page: Page, line: number) {
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 0; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  await frames(page);
}

/** Two animation frames: the editor has read the selection the keys made (it does so on selectionchange). */
async function frames(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The formatting elements around the text of `block` (tag names, a highlight with its colour, a link with its address), innermost last. */
function formatsOf(block: Locator): Promise<string[][]> {
  return block.evaluate((element) => {
    const names: string[][] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const around: string[] = [];
      for (let at = node.parentElement; at && at !== element; at = at.parentElement) {
        const tag = at.tagName.toLowerCase();
        if (tag === 'mark') around.unshift(`mark:${at.getAttribute('data-color')}`);
        else if (tag === 'a') around.unshift(`a:${at.getAttribute('href')}`);
        else if (tag === 'span' && at.hasAttribute('data-gap')) around.unshift('gap');
        else around.unshift(tag);
      }
      names.push(around);
    }
    return names;
  });
}

/** The lines of the note, in order: what each one is for and what it must look like once saved. */
const LINES = [
  ['Fett per Knopf', ['strong']],
  ['Fett per Taste', ['strong']],
  ['Kursiv per Knopf', ['em']],
  ['Kursiv per Taste', ['em']],
  ['Unterstrichen dann durch', ['s']],
  ['Durch dann unterstrichen', ['u']],
  ['Gelb', ['mark:yellow']],
  ['Grün', ['mark:green']],
  ['Blau', ['mark:blue']],
  ['Rosa', ['mark:pink']],
  ['Gelb dann Orange', ['mark:orange']],
  ['Tief dann hoch', ['sup']],
  ['Hoch dann Lücke', ['gap']],
  ['Lücke dann tief', ['sub']],
  ['Alles weg', []],
  ['Verweis', ['a:https://beispiel.org/wasser']],
  ['Rückgängig und wieder', ['strong']],
] as const;

test('the note editor by keyboard alone: every toolbar feature and shortcut once, the exclusions, the link editor’s URL rules, lists; the saved note keeps it all', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const own = materialFor(runKey('tastatur', testInfo));
  const share = await importShare(own.material, suiteDataDir(), 'guest');
  await page.goto(`/s/${share}/`);
  const link = await saveGuestProgress(page, { firstName: 'Grace', lastName: 'Hopper' });
  const guestSessionId = new URL(link).searchParams.get('guestSessionId')!;

  await selectText(page, own.id('anmerkung-zwei'), 'speisen Bäche');
  await page.getByTestId('annotate').click();
  const composer = page.getByTestId('annotation-composer');
  const editor = composer.getByRole('textbox', { name: 'Notiz' });
  const toolbar = composer.getByRole('toolbar', { name: 'Formatierung' });
  await expect(toolbar).toBeVisible();
  // Into the text box by Tab alone (the toolbar is one Tab stop).
  for (let i = 0; i < 5 && !(await editor.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(editor).toBeFocused();

  // The lines, plain.
  for (const [index, [text]] of LINES.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(text);
  }
  const paragraphs = editor.locator(':scope > p');
  await expect(paragraphs).toHaveCount(LINES.length);
  const line = (name: (typeof LINES)[number][0]) => paragraphs.nth(LINES.findIndex(([text]) => text === name));
  const lineIndex = (name: (typeof LINES)[number][0]) => LINES.findIndex(([text]) => text === name);
  const expectFormats = async (name: (typeof LINES)[number][0], formats: readonly string[]) => {
    await expect.poll(() => formatsOf(line(name)), { message: name }).toEqual([[...formats]]);
  };

  // Bold, italic: the toolbar once, the shortcut once.
  await selectLine(page, lineIndex('Fett per Knopf'));
  await pressTool(page, 'Fett');
  await expect(editor).toBeFocused();
  await expectFormats('Fett per Knopf', ['strong']);
  await expect(toolbar.getByRole('button', { name: 'Fett' })).toHaveAttribute('aria-pressed', 'true');
  await selectLine(page, lineIndex('Fett per Taste'));
  await page.keyboard.press('ControlOrMeta+b');
  await expectFormats('Fett per Taste', ['strong']);
  await selectLine(page, lineIndex('Kursiv per Knopf'));
  await pressTool(page, 'Kursiv');
  await expectFormats('Kursiv per Knopf', ['em']);
  await selectLine(page, lineIndex('Kursiv per Taste'));
  await page.keyboard.press('ControlOrMeta+i');
  await expectFormats('Kursiv per Taste', ['em']);

  // Underline and linethrough exclude each other, from the toolbar and from the keyboard (mod+s, mod+u).
  await selectLine(page, lineIndex('Unterstrichen dann durch'));
  await pressTool(page, 'Unterstrichen');
  await expectFormats('Unterstrichen dann durch', ['u']);
  await page.keyboard.press('ControlOrMeta+s');
  await expectFormats('Unterstrichen dann durch', ['s']);
  await selectLine(page, lineIndex('Durch dann unterstrichen'));
  await pressTool(page, 'Durchgestrichen', ' ');
  await expectFormats('Durch dann unterstrichen', ['s']);
  await page.keyboard.press('ControlOrMeta+u');
  await expectFormats('Durch dann unterstrichen', ['u']);

  // The five highlights; a second colour replaces the first.
  for (const [name, tool] of [
    ['Gelb', 'Gelb hervorheben'],
    ['Grün', 'Grün hervorheben'],
    ['Blau', 'Blau hervorheben'],
    ['Rosa', 'Rosa hervorheben'],
  ] as const) {
    await selectLine(page, lineIndex(name));
    await pressTool(page, tool);
    await expectFormats(name, [`mark:${{ Gelb: 'yellow', Grün: 'green', Blau: 'blue', Rosa: 'pink' }[name]}`]);
  }
  await selectLine(page, lineIndex('Gelb dann Orange'));
  await pressTool(page, 'Gelb hervorheben');
  await expectFormats('Gelb dann Orange', ['mark:yellow']);
  await pressTool(page, 'Orange hervorheben', ' ');
  await expectFormats('Gelb dann Orange', ['mark:orange']);
  await expect(toolbar.getByRole('button', { name: 'Gelb hervorheben' })).toHaveAttribute('aria-pressed', 'false');
  await expect(toolbar.getByRole('button', { name: 'Orange hervorheben' })).toHaveAttribute('aria-pressed', 'true');

  // Sub, sup and gap exclude each other (mod+g: the gap).
  await selectLine(page, lineIndex('Tief dann hoch'));
  await pressTool(page, 'Tiefgestellt');
  await expectFormats('Tief dann hoch', ['sub']);
  await pressTool(page, 'Hochgestellt');
  await expectFormats('Tief dann hoch', ['sup']);
  await selectLine(page, lineIndex('Hoch dann Lücke'));
  await pressTool(page, 'Hochgestellt', ' ');
  await expectFormats('Hoch dann Lücke', ['sup']);
  await page.keyboard.press('ControlOrMeta+g');
  await expectFormats('Hoch dann Lücke', ['gap']);
  await selectLine(page, lineIndex('Lücke dann tief'));
  await pressTool(page, 'Lücke');
  await expectFormats('Lücke dann tief', ['gap']);
  await pressTool(page, 'Tiefgestellt');
  await expectFormats('Lücke dann tief', ['sub']);

  // Clear: every format goes.
  await selectLine(page, lineIndex('Alles weg'));
  await pressTool(page, 'Fett');
  await pressTool(page, 'Kursiv');
  await pressTool(page, 'Grün hervorheben');
  await pressTool(page, 'Unterstrichen');
  await expectFormats('Alles weg', ['strong', 'em', 'u', 'mark:green']);
  await pressTool(page, 'Formatierung entfernen');
  await expect(editor).toBeFocused();
  await expectFormats('Alles weg', []);

  // The link editor: a refused address shows invalid-url; an address without a scheme gets https://.
  await selectLine(page, lineIndex('Verweis'));
  await pressTool(page, 'Link');
  const linkEditor = composer.getByRole('group', { name: 'Link bearbeiten' });
  const url = linkEditor.getByRole('textbox', { name: 'Link-Adresse' });
  await expect(url).toBeFocused();
  await expect(toolbar).toHaveCount(0);
  expect(await url.evaluate((input) => input.getBoundingClientRect().width)).toBe(300);
  await page.keyboard.type('javascript:alert(1)');
  await page.keyboard.press('Enter');
  await expect(linkEditor).toContainText('Bitte eine gültige Adresse eingeben');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toBeFocused();
  await checkA11y(page, testInfo, 'note-editor-link-invalid');
  await expectFormats('Verweis', []);
  // Chromium's URL parser takes "not a url" as the host not%20a%20url; the server's would not: refused here too.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('not a url');
  await expect(linkEditor).not.toContainText('Bitte eine gültige Adresse eingeben');
  await page.keyboard.press('Enter');
  await expect(linkEditor).toContainText('Bitte eine gültige Adresse eingeben');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('  beispiel.org/wasser ');
  await expect(linkEditor).not.toContainText('Bitte eine gültige Adresse eingeben');
  await page.keyboard.press('Enter');
  await expect(linkEditor).toHaveCount(0);
  await settled(page);
  await expectFormats('Verweis', ['a:https://beispiel.org/wasser']);
  // The link again: display mode shows it (Edit, Remove); Escape leaves it as it is.
  await selectLine(page, lineIndex('Verweis'));
  await pressTool(page, 'Link', ' ');
  await expect(linkEditor.getByRole('link', { name: 'https://beispiel.org/wasser' })).toBeVisible();
  await expect(linkEditor.getByRole('button', { name: 'Bearbeiten' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(linkEditor).toHaveCount(0);
  await expect(composer).toBeVisible();
  await settled(page);
  await expectFormats('Verweis', ['a:https://beispiel.org/wasser']);
  // Edit, then Cancel: display mode again; Edit and save the same address: closed, the link as it was.
  await selectLine(page, lineIndex('Verweis'));
  await pressTool(page, 'Link');
  await page.keyboard.press('Enter');
  await expect(url).toBeFocused();
  await expect(url).toHaveValue('https://beispiel.org/wasser');
  await linkEditor.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(linkEditor.getByRole('button', { name: 'Bearbeiten' })).toBeFocused();
  await expect(linkEditor.getByRole('link', { name: 'https://beispiel.org/wasser' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(url).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(linkEditor).toHaveCount(0);
  await settled(page);
  await expectFormats('Verweis', ['a:https://beispiel.org/wasser']);
  // Remove: the link goes, its text stays; Link on the plain text, cancelled: still no link; then the link again.
  await selectLine(page, lineIndex('Verweis'));
  await pressTool(page, 'Link');
  await linkEditor.getByRole('button', { name: 'Entfernen' }).click();
  await expect(linkEditor).toHaveCount(0);
  await settled(page);
  await expectFormats('Verweis', []);
  await selectLine(page, lineIndex('Verweis'));
  await pressTool(page, 'Link');
  await expect(url).toHaveValue('');
  await linkEditor.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(linkEditor).toHaveCount(0);
  await settled(page);
  await expectFormats('Verweis', []);
  await selectLine(page, lineIndex('Verweis'));
  await pressTool(page, 'Link');
  await page.keyboard.type('beispiel.org/wasser');
  await page.keyboard.press('Enter');
  await expect(linkEditor).toHaveCount(0);
  await settled(page);
  await expectFormats('Verweis', ['a:https://beispiel.org/wasser']);

  // Undo and redo (mod+z, shift+mod+z).
  await selectLine(page, lineIndex('Rückgängig und wieder'));
  await page.keyboard.press('ControlOrMeta+b');
  await expectFormats('Rückgängig und wieder', ['strong']);
  await page.keyboard.press('ControlOrMeta+z');
  await expectFormats('Rückgängig und wieder', []);
  await page.keyboard.press('Shift+ControlOrMeta+z');
  await expectFormats('Rückgängig und wieder', ['strong']);

  // Lists: a bulleted list from the toolbar, Tab and Shift+Tab indent and outdent, Enter on an empty item leaves it; then a numbered list.
  // The editor takes up a caret moved by a key on selectionchange: an Enter before that would replace the selected line.
  await page.keyboard.press('ControlOrMeta+End');
  await frames(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Punkt eins');
  // The new line keeps the marks of the end of the line before it (bold): Clear takes them off.
  await expect.poll(() => formatsOf(paragraphs.last())).toEqual([['strong']]);
  await selectLine(page, LINES.length);
  await pressTool(page, 'Formatierung entfernen');
  await page.keyboard.press('End');
  await frames(page);
  await pressTool(page, 'Aufzählung');
  const bullets = editor.locator(':scope > ul');
  await expect(bullets.locator(':scope > li')).toHaveText(['Punkt eins']);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Punkt zwei');
  await page.keyboard.press('Tab');
  await expect(bullets.locator(':scope > li > ul > li')).toHaveText(['Punkt zwei']);
  await expect(editor).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(bullets.locator(':scope > li > ul')).toHaveCount(0);
  await expect(bullets.locator(':scope > li')).toHaveText(['Punkt eins', 'Punkt zwei']);
  await expect(editor).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(bullets.locator(':scope > li > ul > li')).toHaveText(['Punkt zwei']);
  // Enter: a new, empty nested item; Enter on it: one level out; Enter on the empty item again: out of the list.
  await page.keyboard.press('Enter');
  await expect(bullets.locator('li')).toHaveCount(3);
  await expect(bullets.locator(':scope > li > ul > li')).toHaveCount(2);
  await page.keyboard.press('Enter');
  await expect(bullets.locator(':scope > li')).toHaveCount(2);
  await expect(bullets.locator(':scope > li > ul > li')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(bullets.locator('li')).toHaveCount(2);
  await expect(editor.locator(':scope > ul + p')).toHaveText('');
  await page.keyboard.type('Nach der Liste');
  await expect(editor.locator(':scope > ul + p')).toHaveText('Nach der Liste');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Schritt eins');
  await pressTool(page, 'Nummerierte Liste', ' ');
  await expect(editor.locator(':scope > ol > li')).toHaveText(['Schritt eins']);
  await checkA11y(page, testInfo, 'note-editor-toolbar');

  // Save with the keyboard: Tab out of the text box (outside a list Tab leaves it) to Speichern.
  await page.keyboard.press('ControlOrMeta+Home');
  const saveButton = composer.getByTestId('annotation-save');
  for (let i = 0; i < 5 && !(await saveButton.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(saveButton).toBeFocused();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/model/create'));
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(composer).toHaveCount(0);

  // What the server stored: the document as the editor made it.
  const response = await page.request.post('/api/annotations', { data: { share, materialId: own.material.id, guestSessionId, sort: 'desc' } });
  expect(response.status()).toBe(200);
  const [stored] = (await response.json()).data as { note: { content: { type: string; content?: { type: string; text?: string; marks?: { type: string; attrs?: Record<string, unknown> }[] }[] }[] } }[];
  const blocks = stored.note.content;
  expect(blocks.map((block) => block.type)).toEqual([...LINES.map(() => 'paragraph'), 'bulletList', 'paragraph', 'orderedList']);
  const marksOfBlock = (index: number) => (blocks[index].content ?? []).map((text) => (text.marks ?? []).map((mark) => (mark.type === 'highlight' ? `highlight:${mark.attrs?.color}` : mark.type === 'link' ? `link:${mark.attrs?.href}` : mark.type)).sort());
  expect(marksOfBlock(lineIndex('Unterstrichen dann durch'))).toEqual([['strike']]);
  expect(marksOfBlock(lineIndex('Gelb dann Orange'))).toEqual([['highlight:orange']]);
  expect(marksOfBlock(lineIndex('Tief dann hoch'))).toEqual([['superscript']]);
  expect(marksOfBlock(lineIndex('Hoch dann Lücke'))).toEqual([['gap']]);
  expect(marksOfBlock(lineIndex('Alles weg'))).toEqual([[]]);
  expect(marksOfBlock(lineIndex('Verweis'))).toEqual([['link:https://beispiel.org/wasser']]);

  // And after a reload, the note as the panel shows it.
  await page.goto(link);
  const mark = page.locator(`#${own.id('anmerkung-zwei')} mark[data-annotation-id]`);
  await expect(mark).toHaveText('speisen Bäche');
  await mark.focus();
  await page.keyboard.press('Enter');
  const note = page.getByTestId('annotation-panel').getByTestId('annotation-note');
  await expect(note.locator(':scope > p')).toHaveCount(LINES.length + 1);
  for (const [index, [text, formats]] of LINES.entries()) {
    await expect(note.locator(':scope > p').nth(index)).toHaveText(text);
    expect(await formatsOf(note.locator(':scope > p').nth(index)), text).toEqual([[...formats]]);
  }
  await expect(note.locator(':scope > ul > li > p')).toHaveText(['Punkt eins']);
  await expect(note.locator(':scope > ul > li > ul > li')).toHaveText(['Punkt zwei']);
  await expect(note.locator('li')).toHaveCount(3);
  await expect(note.locator(':scope > ul + p')).toHaveText('Nach der Liste');
  await expect(note.locator(':scope > ol > li')).toHaveText(['Schritt eins']);
  const savedLink = note.getByRole('link', { name: 'Verweis' });
  await expect(savedLink).toHaveAttribute('href', 'https://beispiel.org/wasser');
  await expect(savedLink).toHaveAttribute('rel', /noopener/);
  expect(errors).toEqual([]);
});

test('the mark and the note stay through a language switch and a page rendered anew (a chapter and back), once each, in the page’s language; a click or Enter on the mark opens it', async ({ page }, testInfo) => {
  const errors = collectPageErrors(page);
  const key = runKey('sprache', testInfo);
  const textId = `sprache-text-${key}`;
  const share = await importShare(
    {
      ...material,
      id: `sprache-${key}`,
      publicId: `sprache-${key}`,
      content: [
        { modelName: 'Text', id: textId, content: { html: '<p>Das <strong>Grundwasser</strong> fließt langsam durch den Kies.</p>' } },
        {
          modelName: 'Chapter', id: `sprache-kapitel-${key}`, publicId: 'quellen', title: 'Quellen', evaluationType: 'composite',
          content: [{ modelName: 'Text', id: `sprache-quellen-${key}`, content: { html: '<p>Quellen speisen Bäche und Flüsse.</p>' } }],
        },
      ],
    },
    suiteDataDir(),
    'guest',
  );
  await page.goto(`/s/${share}/`);
  await saveGuestProgress(page, { firstName: 'Ada', lastName: 'Lovelace' });
  await annotatePassage(page, textId, 'fließt langsam', 'Wie schnell genau?');

  const marks = page.locator(`#${textId} mark[data-annotation-id]`);
  const header = page.getByTestId('viewer-header');
  const panel = page.getByTestId('annotation-panel');
  /** The mark is there once, named in the page's language, and opens the annotation in a panel of that language. */
  const markShows = async (texts: { open: string; title: string; close: string }, open: 'click' | 'Enter') => {
    await expect(marks).toHaveCount(1);
    await expect(marks).toHaveText('fließt langsam');
    await expect(marks).toHaveAccessibleName(texts.open);
    await expect(page.locator(`#${textId}`)).toHaveText('Das Grundwasser fließt langsam durch den Kies.');
    if (open === 'click') {
      await marks.click();
    } else {
      await marks.focus();
      await page.keyboard.press('Enter');
    }
    await expect(panel.getByRole('heading', { name: texts.title })).toBeVisible();
    await expect(panel.getByTestId('annotation-note')).toHaveText('Wie schnell genau?');
    await panel.getByRole('button', { name: texts.close }).click();
    await expect(panel).toHaveCount(0);
  };
  const de = { open: 'Anmerkung öffnen', title: 'Anmerkungen', close: 'Anmerkungen schließen' };
  const en = { open: 'Open annotation', title: 'Annotations', close: 'Close annotations' };
  await markShows(de, 'Enter');

  await header.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page).toHaveURL(/[?&]lang=en/);
  await expect(header.getByRole('button', { name: 'Annotations' })).toBeVisible();
  await markShows(en, 'click');

  // The page rendered anew: into the chapter (the text element unmounts) and back.
  await page.getByTestId('chapter-card').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quellen' })).toBeVisible();
  await expect(page.locator(`#${textId}`)).toHaveCount(0);
  await header.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: material.title })).toBeVisible();
  await markShows(en, 'Enter');

  await header.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(header.getByRole('button', { name: 'Anmerkungen' })).toBeVisible();
  await markShows(de, 'click');
  expect(errors).toEqual([]);
});

test('with the mouse: a blank note saved leaves no Annotate button behind; a drag that starts in a mark selects text to annotate and opens nothing', async ({ page }, testInfo) => {
  const errors = collectPageErrors(page);
  const key = runKey('maus', testInfo);
  const textId = `maus-text-${key}`;
  const share = await importShare(
    { ...material, id: `maus-${key}`, publicId: `maus-${key}`, content: [{ modelName: 'Text', id: textId, content: { html: '<p>Quellen speisen Bäche und Flüsse, und Flüsse speisen Seen.</p>' } }] },
    suiteDataDir(),
    'guest',
  );
  await page.goto(`/s/${share}/`);
  await saveGuestProgress(page, { firstName: 'Ada', lastName: 'Lovelace' });
  const paragraph = page.locator(`#${textId} p`);
  /** Drags the mouse over the paragraph from `from` to `to` (fractions of its width, on its first line). */
  const drag = async (from: number, to: number) => {
    const box = (await paragraph.boundingBox())!;
    const y = box.y + 10;
    await page.mouse.move(box.x + box.width * from, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * to, y, { steps: 8 });
    await page.mouse.up();
  };

  await drag(0.02, 0.3);
  await page.getByTestId('annotate').click();
  const composer = page.getByTestId('annotation-composer');
  await composer.getByTestId('annotation-save').click();
  await expect(composer).toHaveCount(0);
  const mark = page.locator(`#${textId} mark[data-annotation-id]`);
  await expect(mark).toHaveCount(1);
  await expect(page.getByTestId('annotate'), 'no Annotate button for the passage just marked').toHaveCount(0);

  // From inside the mark to past it: a new selection with its Annotate button, not the mark's annotation.
  const box = (await mark.boundingBox())!;
  const paragraphBox = (await paragraph.boundingBox())!;
  await drag((box.x + box.width / 2 - paragraphBox.x) / paragraphBox.width, 0.6);
  await expect(page.getByTestId('annotate')).toBeVisible();
  await expect(page.getByTestId('annotation-panel')).toHaveCount(0);
  expect(errors).toEqual([]);
});

/* ------------------------------------------------------------------------------------------------
 * What goes wrong while a learner writes notes (spec sections 4 and 8): a note given up, saves that fail
 * with the network cut or the server unreachable (the draft stays; typing on, Retry, the connection coming back,
 * a reload), an edit that meets a change made elsewhere (409: reapply or discard), a delete cancelled or failed.
 */

/** The note of the annotation on `share`'s material as the server holds it (the same guest, another tab). */
async function storedNote(page: Page, scope: { share: string; materialId: string; guestSessionId: string }, annotationId: string) {
  const response = await page.request.post('/api/annotations', { data: { ...scope, sort: 'desc' } });
  expect(response.status()).toBe(200);
  const found = ((await response.json()).data as { id: string; note: unknown }[]).find((annotation) => annotation.id === annotationId);
  expect(found, `annotation ${annotationId} is stored`).toBeDefined();
  return found!.note;
}

/** The learner changes the note in another tab: a plain `text`, saved through the server over what it holds now. */
async function changeElsewhere(page: Page, scope: { share: string; materialId: string; guestSessionId: string }, annotationId: string, text: string) {
  const note = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
  const response = await page.request.post('/api/model/update', {
    data: { model: { id: annotationId, modelName: 'Annotation' }, newValues: { note }, oldValues: { note: await storedNote(page, scope, annotationId) }, guestSessionId: scope.guestSessionId },
  });
  expect(response.status()).toBe(200);
}

test('notes through failures: given up, saved when the connection is back, kept over a reload, a conflict reapplied or discarded, a delete cancelled or failed; the panel sorts and goes back', async ({ newContext }, testInfo) => {
  test.setTimeout(120_000);
  const own = materialFor(runKey('pannen', testInfo));
  const share = await importShare(own.material, suiteDataDir(), 'guest');
  // No service worker: every request of the page goes through the routes below.
  const context = await newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`/s/${share}/`);
  const link = await saveGuestProgress(page, { firstName: 'Ada', lastName: 'Lovelace' });
  const scope = { share, materialId: own.material.id, guestSessionId: new URL(link).searchParams.get('guestSessionId')! };
  const first = own.id('anmerkung-text');
  const second = own.id('anmerkung-zwei');
  const annotate = page.getByTestId('annotate');
  const composer = page.getByTestId('annotation-composer');
  const composerNote = composer.getByRole('textbox', { name: 'Notiz' });
  const toast = page.getByTestId('toast');
  const marks = page.locator('mark[data-annotation-id]');
  const writeInComposer = async (text: string) => {
    await composerNote.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(text);
  };
  const refuse = (path: string) => page.route(`**/api/${path}`, (route) => route.abort('connectionrefused'));
  /** Reads the toast titled `title` among those shown (if given), then closes them all, as they lie over the lower buttons. */
  const closeToasts = async (title?: string) => {
    if (title) await expect(toast.filter({ hasText: title }).first()).toBeVisible();
    for (let i = 0; i < 8 && (await toast.count()) > 0; i++) await toast.first().getByRole('button', { name: 'Schließen' }).click({ timeout: 2000 }).catch(() => undefined);
    await expect(toast).toHaveCount(0);
  };
  /** Presses `button`, whose call of `path` fails (offline or refused). */
  const saveFails = async (button: Locator, path: string) => {
    const failed = page.waitForEvent('requestfailed', (request) => request.url().endsWith(`/api/${path}`));
    await button.click();
    await failed;
  };

  // A selection given up (a click elsewhere) takes the Annotate button with it; a note cancelled makes no mark.
  await selectText(page, first, 'fließt langsam');
  await expect(annotate).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(annotate).toHaveCount(0);
  await selectText(page, first, 'fließt langsam');
  await annotate.click();
  await writeInComposer('Doch nicht');
  await composer.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(composer).toHaveCount(0);
  await expect(marks).toHaveCount(0);

  // Offline: Save fails, the note stays in the composer; typed on and saved again, it fails again; back online it is saved by itself.
  await selectText(page, first, 'fließt langsam');
  await annotate.click();
  await writeInComposer('Offline geschrieben');
  await context.setOffline(true);
  await saveFails(composer.getByTestId('annotation-save'), 'model/create');
  // Offline, the connection notice speaks for the failed save; the header counts the note as not saved.
  await expect(page.getByText('Verbindung unterbrochen', { exact: true })).toBeVisible();
  await expect(page.getByTestId('save-state')).toContainText('nicht gespeichert');
  await expect(composerNote).toHaveText('Offline geschrieben');
  await writeInComposer(', dann weiter');
  await saveFails(composer.getByTestId('annotation-save'), 'model/create');
  await expect(composerNote).toHaveText('Offline geschrieben, dann weiter');
  await closeToasts();
  const created = page.waitForResponse((response) => response.url().endsWith('/api/model/create'));
  await context.setOffline(false);
  expect((await created).status()).toBe(200);
  await expect(composer).toHaveCount(0);
  await expect(page.locator(`#${first} mark[data-annotation-id]`)).toHaveText('fließt langsam');

  // The server unreachable: the failed note given up makes no mark; one kept over a reload shows again and is saved.
  await refuse('model/create');
  await selectText(page, second, 'speisen Bäche');
  await annotate.click();
  await writeInComposer('Aufgegeben');
  await saveFails(composer.getByTestId('annotation-save'), 'model/create');
  await closeToasts('Hoppla, da ist etwas schiefgelaufen!');
  await expect(composer.getByTestId('annotation-save')).toBeEnabled();
  await composer.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(composer).toHaveCount(0);
  await selectText(page, second, 'speisen Bäche');
  await annotate.click();
  await writeInComposer('Nach dem Neuladen');
  await saveFails(composer.getByTestId('annotation-save'), 'model/create');
  await closeToasts('Hoppla');
  await page.unrouteAll();
  await page.reload();
  await expect(composer.getByRole('heading', { name: 'Neue Anmerkung' })).toBeVisible();
  await expect(composer.locator('blockquote')).toHaveText('speisen Bäche');
  await expect(composerNote).toHaveText('Nach dem Neuladen');
  await composer.getByTestId('annotation-save').click();
  await expect(composer).toHaveCount(0);
  await expect(marks).toHaveCount(2);

  // The panel: newest first, then oldest first; a card's detail and back.
  await page.getByTestId('open-annotations').click();
  const panel = page.getByTestId('annotation-panel');
  const cards = panel.getByTestId('annotation-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Nach dem Neuladen');
  await panel.getByRole('combobox', { name: 'Sortierung' }).selectOption({ label: 'Älteste zuerst' });
  await expect(cards.first()).toContainText('Offline geschrieben, dann weiter');
  await cards.first().getByRole('button').click();
  const detail = panel.getByTestId('annotation-detail');
  await expect(detail.getByTestId('annotation-note')).toHaveText('Offline geschrieben, dann weiter');
  await panel.getByRole('button', { name: 'Zurück zur Liste' }).click();
  await expect(cards).toHaveCount(2);
  await cards.first().getByRole('button').click();
  const [firstId] = await page.locator(`#${first} mark[data-annotation-id]`).evaluateAll((found) => found.map((mark) => mark.getAttribute('data-annotation-id')!));

  const note = detail.getByTestId('annotation-note');
  const detailEditor = detail.getByRole('textbox', { name: 'Notiz' });
  const edit = detail.getByRole('button', { name: 'Bearbeiten' });
  const save = detail.getByRole('button', { name: 'Speichern' });
  const cancel = detail.getByRole('button', { name: 'Abbrechen' });
  const failedAlert = detail.getByRole('alert').filter({ hasText: 'Die Notiz konnte nicht gespeichert werden. Sie bleibt in diesem Browser erhalten.' });
  const writeInDetail = async (text: string) => {
    await detailEditor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(text);
  };
  const updates: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/model/update')) updates.push(request.url());
  });

  // Edit, Cancel: the note as saved. Edit, Save unchanged: no call. Edit, Save: saved.
  await edit.click();
  await writeInDetail(' (verworfen)');
  await cancel.click();
  await expect(note).toHaveText('Offline geschrieben, dann weiter');
  await edit.click();
  await expect(detailEditor).toHaveText('Offline geschrieben, dann weiter');
  await save.click();
  await expect(note).toHaveText('Offline geschrieben, dann weiter');
  expect(updates).toEqual([]);
  await edit.click();
  await writeInDetail(' und geändert');
  await save.click();
  await expect(note).toHaveText('Offline geschrieben, dann weiter und geändert');
  expect(updates).toHaveLength(1);

  // The server unreachable: the note stays in the editor with Retry; typed on, retried, failed again, given up: the note as saved.
  await refuse('model/update');
  await edit.click();
  await writeInDetail('!');
  await save.click();
  await expect(failedAlert).toBeVisible();
  await closeToasts('Hoppla');
  await writeInDetail('!');
  await expect(failedAlert).toHaveCount(0);
  await save.click();
  await expect(failedAlert).toBeVisible();
  await closeToasts('Hoppla');
  await failedAlert.getByRole('button', { name: 'Erneut speichern' }).click();
  await expect.poll(() => updates.length).toBe(4);
  await expect(failedAlert).toBeVisible();
  await closeToasts('Hoppla');
  await cancel.click();
  await expect(note).toHaveText('Offline geschrieben, dann weiter und geändert');
  // A failed edit kept over a reload: the detail opens in its editor with it; the connection back, it is saved by itself.
  await edit.click();
  await writeInDetail(' Gerettet.');
  await save.click();
  await expect(failedAlert).toBeVisible();
  await page.unrouteAll();
  await page.reload();
  await page.locator(`#${first} mark[data-annotation-id]`).click();
  await expect(detailEditor).toHaveText('Offline geschrieben, dann weiter und geändert Gerettet.');
  await context.setOffline(true);
  await save.click();
  await expect(failedAlert).toBeVisible();
  await closeToasts();
  await context.setOffline(false);
  await expect(note).toHaveText('Offline geschrieben, dann weiter und geändert Gerettet.');

  // Changed in another tab meanwhile: 409. Reapply (the reload fails first: choose again), then save the text over the current version.
  const conflict = detail.getByTestId('annotation-conflict');
  await changeElsewhere(page, scope, firstId, 'Aus dem anderen Tab');
  await edit.click();
  await writeInDetail(' Meine Fassung');
  await save.click();
  await expect(conflict).toContainText('Die Anmerkung wurde inzwischen geändert. Dein Text ist nicht verloren.');
  await closeToasts('Konflikt');
  await refuse('annotations');
  await conflict.getByRole('button', { name: 'Aktuelle Version laden und meinen Text behalten' }).click();
  await closeToasts('Hoppla');
  await expect(conflict.getByRole('button', { name: 'Meinen Text verwerfen' })).toBeEnabled();
  await page.unrouteAll();
  await conflict.getByRole('button', { name: 'Aktuelle Version laden und meinen Text behalten' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(detailEditor).toHaveText('Offline geschrieben, dann weiter und geändert Gerettet. Meine Fassung');
  await save.click();
  await expect(note).toHaveText('Offline geschrieben, dann weiter und geändert Gerettet. Meine Fassung');
  expect(await storedNote(page, scope, firstId)).toMatchObject({ content: [{ content: [{ text: 'Offline geschrieben, dann weiter und geändert Gerettet. Meine Fassung' }] }] });
  // Again, discarded: the other tab's version shows; once more with the reload failing: the version known before shows.
  await changeElsewhere(page, scope, firstId, 'Zweiter Tab');
  await edit.click();
  await writeInDetail(' Weg damit');
  await save.click();
  await closeToasts('Konflikt');
  await conflict.getByRole('button', { name: 'Meinen Text verwerfen' }).click();
  await expect(note).toHaveText('Zweiter Tab');
  await changeElsewhere(page, scope, firstId, 'Dritter Tab');
  await edit.click();
  await writeInDetail(' Auch weg');
  await save.click();
  await closeToasts('Konflikt');
  await refuse('annotations');
  await conflict.getByRole('button', { name: 'Meinen Text verwerfen' }).click();
  await expect(note).toHaveText('Zweiter Tab');
  await closeToasts('Hoppla');
  await page.unrouteAll();

  // Delete: cancelled, the annotation stays; failed, it stays with the error toast.
  const dialog = page.getByRole('alertdialog');
  await detail.getByRole('button', { name: 'Löschen' }).click();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(note).toHaveText('Zweiter Tab');
  await refuse('model/delete');
  await detail.getByRole('button', { name: 'Löschen' }).click();
  await saveFails(dialog.getByRole('button', { name: 'Löschen' }), 'model/delete');
  await expect(dialog).toHaveCount(0);
  await expect(note).toHaveText('Zweiter Tab');
  await expect(detail.getByRole('button', { name: 'Löschen' })).toBeVisible();
  expect(await storedNote(page, scope, firstId)).toMatchObject({ content: [{ content: [{ text: 'Dritter Tab' }] }] });
  await page.unrouteAll();
  await page.reload();
  await expect(marks).toHaveCount(2);
  expect(errors).toEqual([]);
});
