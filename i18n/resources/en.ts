import { elementsEn } from './elements.en';
import { viewerEn } from './viewer.en';

/** The English texts of the first paint: a chunk of their own, loaded for English pages and the language switch (../index.ts). */
export const en = { viewer: viewerEn, elements: elementsEn };
