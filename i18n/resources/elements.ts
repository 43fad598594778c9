import { elementsDe } from './elements.de';
import { elementsEn } from './elements.en';

/** Texts of the static content elements (owned by the content-elements work). */
export const elements = { de: elementsDe, en: elementsEn } as const;
