import type { Lang } from './pageData';

type DisplayTexts = {
  title: string;
  intro: string;
  textSize: string;
  contrast: string;
  contrastHint: string;
  motion: string;
  motionHint: string;
  font: string;
  fontHint: string;
  reset: string;
  close: string;
  /** The form's submit button on the pages drawn without the app (server/pages/displayOnPage.ts). */
  apply: string;
};

/**
 * Texts of the display options: the app's panel (src/display/DisplayPanel.tsx: they load with it, not with
 * the first route, and are added to the page's i18n as the namespace `display`; the header's button is
 * `viewer:header.display`) and the form on the pages the server draws without the app.
 */
export const display: Record<Lang, DisplayTexts> = {
  de: {
    title: 'Darstellung',
    intro: 'Wird in diesem Browser gespeichert.',
    textSize: 'Textgröße',
    contrast: 'Hoher Kontrast',
    contrastHint: 'Ausgeschaltet gilt die Einstellung des Systems.',
    motion: 'Bewegung reduzieren',
    motionHint: 'Keine Übergänge, kein sanftes Scrollen, Bildergalerien blättern nicht von selbst. Ausgeschaltet gilt die Einstellung des Systems.',
    font: 'Gut lesbare Schrift',
    fontHint: 'Atkinson Hyperlegible mit mehr Abstand zwischen Buchstaben und Wörtern.',
    reset: 'Zurücksetzen',
    close: 'Schließen',
    apply: 'Übernehmen',
  },
  en: {
    title: 'Display',
    intro: 'Kept in this browser.',
    textSize: 'Text size',
    contrast: 'High contrast',
    contrastHint: "When off, the system's setting applies.",
    motion: 'Reduce motion',
    motionHint: "No transitions, no smooth scrolling, image galleries do not turn by themselves. When off, the system's setting applies.",
    font: 'Readable font',
    fontHint: 'Atkinson Hyperlegible with more space between letters and words.',
    reset: 'Reset',
    close: 'Close',
    apply: 'Apply',
  },
};
