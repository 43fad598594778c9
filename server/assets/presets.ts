import { ASSET_PRESETS, type AssetPreset } from '../../model/assetUrl';

export type OutputFormat = 'webp' | 'png';

/**
 * How one preset turns a source image into its rendition. No preset ever enlarges a raster
 * source: a smaller source comes out at its own size (crops keep their aspect ratio).
 * - `fitWidth`: width ≤ `width`, aspect kept.
 * - `fitHeight`: height ≤ `height`, aspect kept.
 * - `crop`: the largest `width`:`height` rectangle around the focus point, scaled to ≤ `width`×`height`.
 * - `placeholder`: width ≤ `width`, aspect kept, blurred with `blurSigma` (in output pixels).
 */
export type PresetSpec =
  | { kind: 'fitWidth'; width: number; format: OutputFormat; quality: number }
  | { kind: 'fitHeight'; height: number; format: OutputFormat; quality: number }
  | { kind: 'crop'; width: number; height: number; format: OutputFormat; quality: number }
  | { kind: 'placeholder'; width: number; blurSigma: number; format: OutputFormat; quality: number };

/** Every preset of `ASSET_PRESETS` (model/assetUrl.ts, the single list) and what it renders. */
export const PRESET_SPECS = {
  // Content images in three widths for srcset.
  'img-1400': { kind: 'fitWidth', width: 1400, format: 'webp', quality: 80 },
  'img-700': { kind: 'fitWidth', width: 700, format: 'webp', quality: 80 },
  'img-300': { kind: 'fitWidth', width: 300, format: 'webp', quality: 80 },
  // Cards (collections, link cards): 20:13 crop around the focus point.
  card: { kind: 'crop', width: 640, height: 416, format: 'webp', quality: 80 },
  'card-300': { kind: 'crop', width: 300, height: 195, format: 'webp', quality: 80 },
  // Settings logo: 96 px high at most; PNG keeps transparency and crisp edges (also in print).
  logo: { kind: 'fitHeight', height: 96, format: 'png', quality: 100 },
  // Tiny blurred stand-in shown while the real image lazy-loads.
  placeholder: { kind: 'placeholder', width: 24, blurSigma: 1, format: 'webp', quality: 40 },
  // Material cover band: 1500×288 crop around the focus point (the cover is 288 px high).
  'cover.webp': { kind: 'crop', width: 1500, height: 288, format: 'webp', quality: 80 },
  // Whole cover image in two widths.
  'cover-1500.webp': { kind: 'fitWidth', width: 1500, format: 'webp', quality: 80 },
  'cover-700.webp': { kind: 'fitWidth', width: 700, format: 'webp', quality: 80 },
} as const satisfies Record<AssetPreset, PresetSpec>;

export const CONTENT_TYPES: Record<OutputFormat, string> = { webp: 'image/webp', png: 'image/png' };

export function presetSpec(preset: AssetPreset): PresetSpec {
  return PRESET_SPECS[preset];
}

/** True when the focus point changes the rendition (only crops use it). */
export function usesFocus(preset: AssetPreset): boolean {
  return PRESET_SPECS[preset].kind === 'crop';
}

export { ASSET_PRESETS };
export type { AssetPreset };
