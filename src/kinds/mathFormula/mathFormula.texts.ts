import { kindTextsNamespace } from '../../../i18n/kindTexts';

/** This kind's texts, German and English. */
export const mathFormulaTexts = {
  de: { missing: 'Die mathematische Formel fehlt', label: 'Mathematische Formel' },
  en: { missing: 'Mathematical formula is missing', label: 'Mathematical formula' },
} as const;

/** The namespace of these texts in every i18n instance: they come with the kind's code. */
export const MATH_FORMULA_TEXTS = kindTextsNamespace('mathFormula', mathFormulaTexts);
