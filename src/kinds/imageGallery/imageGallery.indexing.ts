import type { ElementOf } from '../../../model/elements';
import type { KindIndexing } from '../kindRules';

/** Its images are searched as the gallery's (their captions and alternative texts). */
export const imageGalleryIndexing: KindIndexing<ElementOf<'ImageGallery'>> = {
  viewModules: ['src/kinds/imageGallery/ImageGalleryElement.tsx'],
  accessibility: {
    check: (element, checks) => element.content.forEach((image, i) => checks.image(image, `content[${i}].`)),
    htmlFields: (element) => element.content.map((image, i) => [`content[${i}].caption`, image.caption] as const),
  },
  search: (element) => ({ title: [element.title] }),
  searchedLists: (element) => [element.content],
  anchorsSearch: true,
};
