import { kindTextsNamespace } from '../../../i18n/kindTexts';

/** This kind's texts, German and English. */
export const externalResourceTexts = {
  de: { open: 'Öffnen', duration: 'Dauer: {{duration}}' },
  en: { open: 'Open', duration: 'Duration: {{duration}}' },
} as const;

/** The namespace of these texts in every i18n instance: they come with the kind's code. */
export const EXTERNAL_RESOURCE_TEXTS = kindTextsNamespace('externalResource', externalResourceTexts);
