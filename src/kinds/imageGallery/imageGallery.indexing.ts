import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

/** Its images are searched as the gallery's (their captions and alternative texts). */
export const imageGalleryIndexing: KindIndexing<ElementOf<'ImageGallery'>> = {
  viewModules: ['src/kinds/imageGallery/ImageGalleryElement.tsx'],
  search: (element) => ({ title: [element.title] }),
  anchorsSearch: true,
};
