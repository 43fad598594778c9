import { kindTextsNamespace } from '../../../i18n/kindTexts';

/** This kind's texts, German and English. */
export const htmlEmbedTexts = {
  de: { title: 'Eingebetteter Inhalt' },
  en: { title: 'Embedded content' },
} as const;

/** The namespace of these texts in every i18n instance: they come with the kind's code. */
export const HTML_EMBED_TEXTS = kindTextsNamespace('htmlEmbed', htmlEmbedTexts);
