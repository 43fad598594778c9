import type { ElementOf } from '../../../model/elements';
import type { KindRules, StandInPart } from '../kindRules';

export const imageGalleryRules: KindRules<ElementOf<'ImageGallery'>> = {
  stateful: true,
  standIn: {
    dozes: true,
    parts: (element) => element.content.flatMap((image): StandInPart[] => (image.caption ? [{ html: image.caption }] : image.alt ? [{ text: image.alt }] : [])),
  },
};
