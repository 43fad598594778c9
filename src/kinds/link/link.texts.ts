import { kindTextsNamespace } from '../../../i18n/kindTexts';

/** This kind's texts, German and English. */
export const linkTexts = {
  de: { embedTitle: 'Eingebetteter Inhalt von {{host}}', opensNewTab: '(öffnet in neuem Tab)' },
  en: { embedTitle: 'Embedded content from {{host}}', opensNewTab: '(opens in a new tab)' },
} as const;

/** The namespace of these texts in every i18n instance: they come with the kind's code. */
export const LINK_TEXTS = kindTextsNamespace('link', linkTexts);
