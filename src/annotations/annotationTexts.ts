import { useTranslation } from '../i18n/react';
import type { Lang } from '../model/pageData';

/*
 * Texts of the annotation screens (spec sections 2, 5, 6 and 8), German (default) and English.
 * Kept here until they move to src/i18n/resources/viewer.{de,en}.ts under `annotations.*` (the keys
 * are named as they would be there: `annotationText(lang, 'panel.title')` ↔ `t('annotations.panel.title')`).
 */

const de = {
  'panel.title': 'Anmerkungen',
  'panel.close': 'Anmerkungen schließen',
  'panel.sort': 'Sortierung',
  'panel.sortDesc': 'Neueste zuerst',
  'panel.sortAsc': 'Älteste zuerst',
  'panel.loading': 'Anmerkungen werden geladen …',
  'panel.failed': 'Die Anmerkungen konnten nicht geladen werden.',
  'panel.retry': 'Erneut versuchen',
  'panel.empty': 'Noch keine Anmerkungen.',
  'panel.open': 'Anmerkung von {{name}} öffnen',
  'detail.back': 'Zurück zur Liste',
  'detail.quote': 'Markierter Text',
  'detail.noNote': 'Keine Notiz.',
  'orphan.note': 'Die markierte Textstelle gibt es nicht mehr.',
  'note.label': 'Notiz',
  'note.edit': 'Bearbeiten',
  'note.save': 'Speichern',
  'note.saving': 'Wird gespeichert …',
  'note.cancel': 'Abbrechen',
  'note.failed': 'Die Notiz konnte nicht gespeichert werden. Sie bleibt in diesem Browser erhalten.',
  'note.retry': 'Erneut speichern',
  'conflict.message': 'Die Anmerkung wurde inzwischen geändert. Dein Text ist nicht verloren.',
  'conflict.reapply': 'Aktuelle Version laden und meinen Text behalten',
  'conflict.discard': 'Meinen Text verwerfen',
  'conflict.loading': 'Die aktuelle Version wird geladen …',
  'delete.action': 'Löschen',
  'delete.title': 'Element löschen?',
  'delete.message': 'Gelöschte Elemente können nicht wiederhergestellt werden.',
  'delete.cancel': 'Abbrechen',
  'delete.confirm': 'Löschen',
  'comments.title': 'Kommentare',
  'comments.empty': 'Noch keine Kommentare.',
  'comments.new': 'Neuer Kommentar',
  'comments.submit': 'Senden',
  'comments.sending': 'Wird gesendet …',
  'comments.edit': 'Bearbeiten',
  'comments.editLabel': 'Kommentar bearbeiten',
  'comments.save': 'Speichern',
  'comments.cancel': 'Abbrechen',
  'owner.you': '{{name}} (du)',
  'owner.unknown': 'Unbekannt',
  'layer.annotate': 'Anmerken',
  'layer.composeTitle': 'Neue Anmerkung',
  'layer.save': 'Speichern',
  'layer.cancel': 'Abbrechen',
  'layer.open': 'Anmerkung öffnen',
} as const;

export type AnnotationTextKey = keyof typeof de;

const en: Record<AnnotationTextKey, string> = {
  'panel.title': 'Annotations',
  'panel.close': 'Close annotations',
  'panel.sort': 'Sort',
  'panel.sortDesc': 'Newest first',
  'panel.sortAsc': 'Oldest first',
  'panel.loading': 'Loading annotations …',
  'panel.failed': 'The annotations could not be loaded.',
  'panel.retry': 'Try again',
  'panel.empty': 'No annotations yet.',
  'panel.open': 'Open the annotation of {{name}}',
  'detail.back': 'Back to the list',
  'detail.quote': 'Marked text',
  'detail.noNote': 'No note.',
  'orphan.note': 'The marked passage no longer exists.',
  'note.label': 'Note',
  'note.edit': 'Edit',
  'note.save': 'Save',
  'note.saving': 'Saving …',
  'note.cancel': 'Cancel',
  'note.failed': 'The note could not be saved. It is kept in this browser.',
  'note.retry': 'Save again',
  'conflict.message': 'The annotation has been changed meanwhile. Your text is not lost.',
  'conflict.reapply': 'Load the current version and keep my text',
  'conflict.discard': 'Discard my text',
  'conflict.loading': 'Loading the current version …',
  'delete.action': 'Delete',
  'delete.title': 'Delete the element?',
  'delete.message': 'Deleted elements cannot be restored',
  'delete.cancel': 'Cancel',
  'delete.confirm': 'Delete',
  'comments.title': 'Comments',
  'comments.empty': 'No comments yet.',
  'comments.new': 'New comment',
  'comments.submit': 'Send',
  'comments.sending': 'Sending …',
  'comments.edit': 'Edit',
  'comments.editLabel': 'Edit comment',
  'comments.save': 'Save',
  'comments.cancel': 'Cancel',
  'owner.you': '{{name}} (you)',
  'owner.unknown': 'Unknown',
  'layer.annotate': 'Annotate',
  'layer.composeTitle': 'New annotation',
  'layer.save': 'Save',
  'layer.cancel': 'Cancel',
  'layer.open': 'Open annotation',
};

export const ANNOTATION_TEXTS: Record<Lang, Record<AnnotationTextKey, string>> = { de, en };

/** The text of `key` in `lang` (German for any other language), `{{name}}` placeholders filled in. */
export function annotationText(lang: string, key: AnnotationTextKey, vars: Record<string, string | number> = {}): string {
  const texts = lang === 'en' ? en : de;
  return texts[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The language of the page's i18n instance, as 'de' or 'en'. */
export function useAnnotationLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'de';
}

/** `t` for the annotation texts in the page's current language (renders again on a language switch). */
export function useAnnotationTexts(): (key: AnnotationTextKey, vars?: Record<string, string | number>) => string {
  const lang = useAnnotationLang();
  return (key, vars) => annotationText(lang, key, vars);
}
