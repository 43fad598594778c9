import type { I18n } from '../core';

/**
 * Texts of the notice of a new publication (issue 24). Loaded with its lazy chunk, not with the first paint:
 * call `addPublicationTexts(i18n)` before it renders (namespace `publication`).
 */
export const publication = {
  de: {
    updated: 'Dieses Material wurde aktualisiert.',
    reload: 'Neu laden',
    dismiss: 'Hinweis schließen',
    unsaved: 'Deine letzten Änderungen sind noch nicht gespeichert. Versuche es gleich noch einmal.',
  },
  en: {
    updated: 'This material has been updated.',
    reload: 'Reload',
    dismiss: 'Close notice',
    unsaved: 'Your latest changes are not saved yet. Try again in a moment.',
  },
} as const;

export function addPublicationTexts(instance: I18n): void {
  for (const lang of ['de', 'en'] as const) {
    if (!instance.hasResourceBundle(lang, 'publication')) instance.addResourceBundle(lang, 'publication', publication[lang]);
  }
}
