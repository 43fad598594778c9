import type { Asset, ImageRatio } from '../model/common';

const FIXED_RATIOS: Record<Exclude<ImageRatio, 'default'>, number> = { '16-9': 16 / 9, '4-3': 4 / 3, '3-2': 3 / 2, square: 1 };

/**
 * Width / height of the frame an image is shown in: a fixed ratio, else the element's or the
 * asset's own ratio; undefined when nothing is known (the image keeps its natural size).
 */
export function frameRatio(ratio: ImageRatio, aspectRatio: number | undefined, asset: Asset): number | undefined {
  if (ratio !== 'default') return FIXED_RATIOS[ratio];
  if (aspectRatio) return aspectRatio;
  if (asset.aspectRatio) return asset.aspectRatio;
  if (asset.width && asset.height) return asset.width / asset.height;
  return undefined;
}
