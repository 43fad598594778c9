import type { I18n } from '../core';

/**
 * Texts of the annotation screens and the note editor (issue 12; spec sections 2, 4, 5, 6, 8 and 9),
 * German (default) and English. Loaded with the annotation layer's and the editor's lazy chunks, not
 * with the first paint: `useTranslation('annotations')`, after `addAnnotationTexts(i18n)`
 * (src/annotations/useAnnotationTexts.ts). `editor.invalid-url` is the link error key of spec section 8.
 */
const de = {
  panel: {
    title: 'Anmerkungen',
    close: 'Anmerkungen schließen',
    sort: 'Sortierung',
    sortDesc: 'Neueste zuerst',
    sortAsc: 'Älteste zuerst',
    loading: 'Anmerkungen werden geladen …',
    failed: 'Die Anmerkungen konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
    empty: 'Noch keine Anmerkungen.',
    open: 'Anmerkung von {{name}} öffnen',
  },
  detail: {
    back: 'Zurück zur Liste',
    quote: 'Markierter Text',
    noNote: 'Keine Notiz.',
  },
  orphan: {
    note: 'Die markierte Textstelle gibt es nicht mehr.',
  },
  note: {
    label: 'Notiz',
    edit: 'Bearbeiten',
    save: 'Speichern',
    saving: 'Wird gespeichert …',
    cancel: 'Abbrechen',
    failed: 'Die Notiz konnte nicht gespeichert werden. Sie bleibt in diesem Browser erhalten.',
    retry: 'Erneut speichern',
  },
  conflict: {
    message: 'Die Anmerkung wurde inzwischen geändert. Dein Text ist nicht verloren.',
    reapply: 'Aktuelle Version laden und meinen Text behalten',
    discard: 'Meinen Text verwerfen',
    loading: 'Die aktuelle Version wird geladen …',
  },
  delete: {
    action: 'Löschen',
    title: 'Element löschen?',
    message: 'Gelöschte Elemente können nicht wiederhergestellt werden.',
    cancel: 'Abbrechen',
    confirm: 'Löschen',
  },
  comments: {
    title: 'Kommentare',
    empty: 'Noch keine Kommentare.',
    new: 'Neuer Kommentar',
    submit: 'Senden',
    sending: 'Wird gesendet …',
    edit: 'Bearbeiten',
    editLabel: 'Kommentar bearbeiten',
    save: 'Speichern',
    cancel: 'Abbrechen',
  },
  owner: {
    you: '{{name}} (du)',
    unknown: 'Unbekannt',
  },
  layer: {
    annotate: 'Anmerken',
    composeTitle: 'Neue Anmerkung',
    save: 'Speichern',
    cancel: 'Abbrechen',
    open: 'Anmerkung öffnen',
  },
  editor: {
    toolbar: 'Formatierung',
    counter: '{{used}} / {{limit}} Zeichen',
    /** The toolbar's formats, by the names of src/editor/formatExclusions.ts (`highlight:yellow` → `format.highlight.yellow`). */
    format: {
      bold: 'Fett',
      italic: 'Kursiv',
      underline: 'Unterstrichen',
      strike: 'Durchgestrichen',
      highlight: {
        yellow: 'Gelb hervorheben',
        green: 'Grün hervorheben',
        blue: 'Blau hervorheben',
        pink: 'Rosa hervorheben',
        orange: 'Orange hervorheben',
      },
      subscript: 'Tiefgestellt',
      superscript: 'Hochgestellt',
      gap: 'Lücke',
    },
    bulletList: 'Aufzählung',
    orderedList: 'Nummerierte Liste',
    link: 'Link',
    clearFormatting: 'Formatierung entfernen',
    linkEditor: 'Link bearbeiten',
    linkUrl: 'Link-Adresse',
    linkSave: 'Speichern',
    linkCancel: 'Abbrechen',
    linkEdit: 'Bearbeiten',
    linkRemove: 'Entfernen',
    'invalid-url': 'Bitte eine gültige Adresse eingeben (http, https, ftp, ftps, tel, callto, mailto oder isurf).',
  },
};

const en: typeof de = {
  panel: {
    title: 'Annotations',
    close: 'Close annotations',
    sort: 'Sort',
    sortDesc: 'Newest first',
    sortAsc: 'Oldest first',
    loading: 'Loading annotations …',
    failed: 'The annotations could not be loaded.',
    retry: 'Try again',
    empty: 'No annotations yet.',
    open: 'Open the annotation of {{name}}',
  },
  detail: {
    back: 'Back to the list',
    quote: 'Marked text',
    noNote: 'No note.',
  },
  orphan: {
    note: 'The marked passage no longer exists.',
  },
  note: {
    label: 'Note',
    edit: 'Edit',
    save: 'Save',
    saving: 'Saving …',
    cancel: 'Cancel',
    failed: 'The note could not be saved. It is kept in this browser.',
    retry: 'Save again',
  },
  conflict: {
    message: 'The annotation has been changed meanwhile. Your text is not lost.',
    reapply: 'Load the current version and keep my text',
    discard: 'Discard my text',
    loading: 'Loading the current version …',
  },
  delete: {
    action: 'Delete',
    title: 'Delete the element?',
    message: 'Deleted elements cannot be restored',
    cancel: 'Cancel',
    confirm: 'Delete',
  },
  comments: {
    title: 'Comments',
    empty: 'No comments yet.',
    new: 'New comment',
    submit: 'Send',
    sending: 'Sending …',
    edit: 'Edit',
    editLabel: 'Edit comment',
    save: 'Save',
    cancel: 'Cancel',
  },
  owner: {
    you: '{{name}} (you)',
    unknown: 'Unknown',
  },
  layer: {
    annotate: 'Annotate',
    composeTitle: 'New annotation',
    save: 'Save',
    cancel: 'Cancel',
    open: 'Open annotation',
  },
  editor: {
    toolbar: 'Formatting',
    counter: '{{used}} / {{limit}} characters',
    format: {
      bold: 'Bold',
      italic: 'Italic',
      underline: 'Underline',
      strike: 'Strikethrough',
      highlight: {
        yellow: 'Highlight yellow',
        green: 'Highlight green',
        blue: 'Highlight blue',
        pink: 'Highlight pink',
        orange: 'Highlight orange',
      },
      subscript: 'Subscript',
      superscript: 'Superscript',
      gap: 'Gap',
    },
    bulletList: 'Bulleted list',
    orderedList: 'Numbered list',
    link: 'Link',
    clearFormatting: 'Clear formatting',
    linkEditor: 'Edit link',
    linkUrl: 'Link address',
    linkSave: 'Save',
    linkCancel: 'Cancel',
    linkEdit: 'Edit',
    linkRemove: 'Remove',
    'invalid-url': 'Please enter a valid address (http, https, ftp, ftps, tel, callto, mailto or isurf).',
  },
};

export const annotations = { de, en };

/** The dotted keys of a text bundle's leaves (`panel.title`). */
type LeafKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key of the `annotations` namespace. */
export type AnnotationTextKey = LeafKeys<typeof de>;

export function addAnnotationTexts(instance: I18n): void {
  for (const lang of ['de', 'en'] as const) {
    if (!instance.hasResourceBundle(lang, 'annotations')) instance.addResourceBundle(lang, 'annotations', annotations[lang]);
  }
}
