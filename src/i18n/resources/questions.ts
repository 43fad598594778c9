/** Texts of questions, barrier, certificate and path (owned by the interactive-elements work). */
export const questions = {
  de: {},
  en: {},
} as const;
