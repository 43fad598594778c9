import { viewerDe } from './viewer.de';
import { viewerEn } from './viewer.en';

/** Texts of the viewer shell: header, navigation, notices, errors (spec sections 2, 8). */
export const viewer = { de: viewerDe, en: viewerEn } as const;
