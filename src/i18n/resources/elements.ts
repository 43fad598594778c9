/** Texts of the static content elements (owned by the content-elements work). */
export const elements = {
  de: {},
  en: {},
} as const;
