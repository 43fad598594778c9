import { expect, type Locator, type Page } from '@playwright/test';

/** Texts of the guest-save dialog and the save indicator in German (the default); spec sections 2 and 5. */
export const guestDe = {
  save: 'Lernstand speichern',
  saved: 'Dein Lernstand ist gespeichert',
  firstName: 'Vorname',
  lastName: 'Nachname',
  submit: 'Speichern',
  close: 'Schließen',
  copyLink: 'Link kopieren',
  pending: (count: number) => (count === 1 ? '1 Änderung nicht gespeichert' : `${count} Änderungen nicht gespeichert`),
  offlineReason: 'Du bist offline.',
  serverReason: 'Der Server ist nicht erreichbar.',
} as const;

/** The save indicator in the header (data-status saved|saving|pending|off|local, data-pending = count). */
export function saveState(page: Page): Locator {
  return page.getByTestId('save-state');
}

/** Waits until the indicator says everything is saved (nothing pending). */
export async function expectAllSaved(page: Page, timeout = 15_000) {
  await expect(saveState(page)).toHaveAttribute('data-status', 'saved', { timeout });
  await expect(saveState(page)).toHaveAttribute('data-pending', '0');
}

/** The number of changes the indicator reports as not yet saved. */
export async function pendingCount(page: Page): Promise<number> {
  return Number(await saveState(page).getAttribute('data-pending'));
}

/**
 * Saves the guest's learning progress through the header dialog and answers the link the URL note
 * shows (the page with `guestSessionId`). The dialog is closed again; the name replaces the button.
 * `header` is the header that offers it (a material's, unless told).
 */
export async function saveGuestProgress(page: Page, name: { firstName: string; lastName: string }, header = page.getByTestId('viewer-header')): Promise<string> {
  await header.getByRole('button', { name: guestDe.save }).click();
  const dialog = page.getByTestId('guest-dialog');
  await expect(dialog.getByRole('heading', { name: guestDe.save })).toBeVisible();
  await dialog.getByRole('textbox', { name: guestDe.firstName }).fill(name.firstName);
  await dialog.getByRole('textbox', { name: guestDe.lastName }).fill(name.lastName);
  await dialog.getByRole('button', { name: guestDe.submit, exact: true }).click();
  await expect(dialog.getByRole('heading', { name: guestDe.saved })).toBeVisible();
  const note = dialog.getByTestId('guest-url-note');
  await expect(note.getByRole('button', { name: guestDe.copyLink })).toBeVisible();
  const link = await note.getByTestId('guest-link').inputValue();
  await dialog.getByRole('button', { name: guestDe.close }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('guest-name')).toHaveText(`${name.firstName} ${name.lastName}`);
  return link;
}
