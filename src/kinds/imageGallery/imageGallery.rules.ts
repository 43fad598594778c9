import type { ElementOf } from '../../../model/elements';
import type { KindRules, StandInPart } from '../kindRules';

export const imageGalleryRules: KindRules<ElementOf<'ImageGallery'>> = {
  stateful: true,
  standIn: {
    dozes: true,
    // As the carousel reads: its first slide (the others are hidden until turned to).
    parts: (element) => element.content.slice(0, 1).flatMap((image): StandInPart[] => (image.caption ? [{ html: image.caption }] : image.alt ? [{ text: image.alt }] : [])),
  },
};
