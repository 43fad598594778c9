import { kindTextsNamespace } from '../../../i18n/kindTexts';

/** This kind's texts, German and English. */
export const hotspotTexts = {
  de: {
    label: 'Bild mit Hotspots',
    marker: '{{n}}: {{title}}',
    of: '{{n}} von {{total}}',
    previous: 'Vorheriger Hotspot',
    next: 'Nächster Hotspot',
    close: 'Schließen',
  },
  en: {
    label: 'Image with hotspots',
    marker: '{{n}}: {{title}}',
    of: '{{n}} of {{total}}',
    previous: 'Previous hotspot',
    next: 'Next hotspot',
    close: 'Close',
  },
} as const;

/** The namespace of these texts in every i18n instance: they come with the kind's code. */
export const HOTSPOT_TEXTS = kindTextsNamespace('hotspot', hotspotTexts);
