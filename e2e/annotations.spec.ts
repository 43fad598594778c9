import type { Page } from '@playwright/test';
import { checkA11y } from './support/a11y';
import { suiteDataDir } from './support/e2ePort';
import { saveGuestProgress } from './support/guest';
import { importShare } from './support/importShare';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

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

/** Selects `text` inside the element with `id` as a learner would with the mouse. */
async function selectText(page: Page, id: string, text: string) {
  await page.evaluate(
    ({ id, text }) => {
      const element = document.getElementById(id)!;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node as Text).data.indexOf(text);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        const selection = window.getSelection()!;
        selection.removeAllRanges();
        selection.addRange(range);
        element.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
        return;
      }
      throw new Error(`${text} is not in #${id}`);
    },
    { id, text },
  );
}

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
