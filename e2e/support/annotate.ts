import { expect, type Page } from '@playwright/test';
import { selectText } from './selectText';

/** Marks `passage` inside the element with `id` and saves an annotation with the plain `note`, as a learner does with the mouse. */
export async function annotatePassage(page: Page, id: string, passage: string, note: string): Promise<void> {
  await selectText(page, id, passage);
  await page.getByTestId('annotate').click();
  const composer = page.getByTestId('annotation-composer');
  await composer.getByRole('textbox', { name: 'Notiz' }).click();
  await page.keyboard.type(note);
  await composer.getByTestId('annotation-save').click();
  await expect(composer).toHaveCount(0);
}
