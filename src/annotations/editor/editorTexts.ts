/*
 * Texts of the rich-text note editor (issue 12), German (the default, spec section 9) and English.
 * Kept here until they move into the viewer's i18n resources (src/i18n/resources/viewer.de.ts and
 * viewer.en.ts, under `noteEditor.*`; `invalid-url` is the link error key of spec section 8).
 */

export type EditorLang = 'de' | 'en';

const de = {
  toolbar: 'Formatierung',
  bold: 'Fett',
  italic: 'Kursiv',
  underline: 'Unterstrichen',
  strike: 'Durchgestrichen',
  'highlight:yellow': 'Gelb hervorheben',
  'highlight:green': 'Grün hervorheben',
  'highlight:blue': 'Blau hervorheben',
  'highlight:pink': 'Rosa hervorheben',
  'highlight:orange': 'Orange hervorheben',
  bulletList: 'Aufzählung',
  orderedList: 'Nummerierte Liste',
  subscript: 'Tiefgestellt',
  superscript: 'Hochgestellt',
  link: 'Link',
  clearFormatting: 'Formatierung entfernen',
  gap: 'Lücke',
  linkEditor: 'Link bearbeiten',
  linkUrl: 'Link-Adresse',
  linkSave: 'Speichern',
  linkCancel: 'Abbrechen',
  linkEdit: 'Bearbeiten',
  linkRemove: 'Entfernen',
  'invalid-url': 'Bitte eine gültige Adresse eingeben (http, https, ftp, ftps, tel, callto, mailto oder isurf).',
} as const;

export type EditorTextKey = keyof typeof de;
export type EditorTexts = Record<EditorTextKey, string>;

const en: EditorTexts = {
  toolbar: 'Formatting',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  'highlight:yellow': 'Highlight yellow',
  'highlight:green': 'Highlight green',
  'highlight:blue': 'Highlight blue',
  'highlight:pink': 'Highlight pink',
  'highlight:orange': 'Highlight orange',
  bulletList: 'Bulleted list',
  orderedList: 'Numbered list',
  subscript: 'Subscript',
  superscript: 'Superscript',
  link: 'Link',
  clearFormatting: 'Clear formatting',
  gap: 'Gap',
  linkEditor: 'Edit link',
  linkUrl: 'Link address',
  linkSave: 'Save',
  linkCancel: 'Cancel',
  linkEdit: 'Edit',
  linkRemove: 'Remove',
  'invalid-url': 'Please enter a valid address (http, https, ftp, ftps, tel, callto, mailto or isurf).',
};

export const EDITOR_TEXTS: Record<EditorLang, EditorTexts> = { de, en };

/** The editor's texts in `lang` (German for anything else: the default language). */
export function editorTexts(lang: string): EditorTexts {
  return lang === 'en' ? EDITOR_TEXTS.en : EDITOR_TEXTS.de;
}

/** One text of the editor in `lang`. */
export function editorText(lang: string, key: EditorTextKey): string {
  return editorTexts(lang)[key];
}
