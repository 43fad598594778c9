import type { Asset } from './common';

/** Presets of the asset endpoint (spec section 7). */
export const ASSET_PRESETS = [
  'img-1400', 'img-700', 'img-300', 'card', 'card-300', 'logo', 'placeholder', 'cover.webp', 'cover-1500.webp', 'cover-700.webp',
] as const;
export type AssetPreset = (typeof ASSET_PRESETS)[number];

/**
 * URL of an asset rendered in a preset: `{assetsBase}/{preset}/{file}?fx=..&fy=..`.
 * The focus point steers crops (card and cover presets).
 */
export function assetUrl(assetsBase: string, asset: Pick<Asset, 'file' | 'focus'>, preset: AssetPreset): string {
  const file = asset.file.split('/').map(encodeURIComponent).join('/');
  const fx = asset.focus?.x ?? 0.5;
  const fy = asset.focus?.y ?? 0.5;
  const focus = fx === 0.5 && fy === 0.5 ? '' : `?fx=${fx}&fy=${fy}`;
  return `${assetsBase}/${preset}/${file}${focus}`;
}
