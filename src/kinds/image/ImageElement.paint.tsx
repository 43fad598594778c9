import type { ElementOf } from '../../../model/elements';
import { SafeHtml } from '../../../paint/SafeHtml';
import type { ElementProps } from '../../../paint/elementProps';
import { AssetImage } from '../../../paint/AssetImage';
import { frameRatio } from '../../../paint/imageRatio';
import { proseClasses } from '../../../paint/proseClasses';

type ImageData = ElementOf<'Image'>;

/** The alt text of an image: its own, else the asset's license title (spec section 3). */
export function imageAlt(image: Pick<ImageData, 'alt' | 'asset'>): string {
  return image.alt?.trim() || image.asset.licenseTitle || '';
}

/** An image with optional caption, framed to its ratio; crop mode fills the frame around the focus. */
export function ImageElement({ element }: ElementProps<ImageData>) {
  return (
    <figure className="my-4">
      <AssetImage
        asset={element.asset}
        alt={imageAlt(element)}
        ratio={frameRatio(element.ratio, element.aspectRatio, element.asset)}
        fit={element.cropMode === 'crop' ? 'cover' : 'contain'}
        className="rounded-lg"
      />
      {element.caption ? <SafeHtml as="figcaption" html={element.caption} className={`mt-2 text-sm text-gray-600 ${proseClasses}`} /> : null}
    </figure>
  );
}
