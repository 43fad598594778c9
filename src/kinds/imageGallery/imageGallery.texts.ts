import { kindTextsNamespace } from '../../../i18n/kindTexts';

/** This kind's texts, German and English. */
export const imageGalleryTexts = {
  de: {
    label: 'Bildergalerie',
    slide: 'Bild {{n}} von {{total}}',
    counter: '{{n}} / {{total}}',
    previous: 'Vorheriges Bild',
    next: 'Nächstes Bild',
    goTo: 'Zu Bild {{n}}',
    pause: 'Automatischen Bildwechsel anhalten',
    play: 'Automatischen Bildwechsel starten',
    dots: 'Bild wählen',
  },
  en: {
    label: 'Image gallery',
    slide: 'Image {{n}} of {{total}}',
    counter: '{{n}} / {{total}}',
    previous: 'Previous image',
    next: 'Next image',
    goTo: 'Go to image {{n}}',
    pause: 'Pause automatic slideshow',
    play: 'Start automatic slideshow',
    dots: 'Choose image',
  },
} as const;

/** The namespace of these texts in every i18n instance: they come with the kind's code. */
export const IMAGE_GALLERY_TEXTS = kindTextsNamespace('imageGallery', imageGalleryTexts);
