import type { Lang } from '../../../model/pageData';

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
};

/**
 * Texts of the display panel (src/display/DisplayPanel.tsx). They load with the panel, not with the
 * first route, and are added to the page's i18n as the namespace `display`. The header's button is
 * `viewer:header.display`.
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
  },
};
