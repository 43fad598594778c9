import { kindTextsNamespace } from '../../../i18n/kindTexts';

/** This kind's texts, German and English. */
export const codeTexts = {
  de: {
    copied: 'In die Zwischenablage kopiert',
    copy: 'Code kopieren',
    copyFailed: 'Kopieren ist nicht möglich',
    label: 'Code ({{language}})',
    languageText: 'Text',
  },
  en: {
    copied: 'Copied to clipboard',
    copy: 'Copy code',
    copyFailed: 'Copying is not possible',
    label: 'Code ({{language}})',
    languageText: 'Plain text',
  },
} as const;

/** The namespace of these texts in every i18n instance: they come with the kind's code. */
export const CODE_TEXTS = kindTextsNamespace('code', codeTexts);
