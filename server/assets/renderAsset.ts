import type { Sharp } from 'sharp';
import { focusCrop } from './focusCrop';
import { loadSharp } from './sharpLoader';
import type { OutputFormat, PresetSpec } from './presets';

/** Focus point of a crop, as fractions 0..1 of the (EXIF-oriented) image. */
export interface Focus {
  x: number;
  y: number;
}

export interface Rendition {
  data: Buffer;
  format: OutputFormat;
  width: number;
  height: number;
}

/** Thrown when the source is not an image sharp can decode. */
export class UndecodableAssetError extends Error {}

/** Vector sources are rasterised no larger than this many pixels before cropping. */
const MAX_SVG_PIXELS = 40_000_000;
const SVG_BASE_DENSITY = 72;

/**
 * Renders `source` (the bytes of an image file) in a preset. SVG sources are rasterised by sharp
 * (librsvg) at the density the preset needs, so vector art is sharp at every size; they are never
 * passed through, so no script-capable SVG is served. Sources are read from a buffer, so an SVG
 * cannot pull in other files.
 */
export async function renderAsset(source: Buffer, spec: PresetSpec, focus: Focus): Promise<Rendition> {
  let input: Sharp;
  let width: number;
  let height: number;
  try {
    ({ input, width, height } = await openOriented(source, spec));
  } catch (error) {
    throw new UndecodableAssetError(error instanceof Error ? error.message : String(error));
  }
  const pipeline = applyPreset(input, spec, width, height, focus);
  const encoded = spec.format === 'png'
    ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
    : pipeline.webp({ quality: spec.quality, effort: 4 });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, format: spec.format, width: info.width, height: info.height };
  } catch (error) {
    throw new UndecodableAssetError(error instanceof Error ? error.message : String(error));
  }
}

async function openOriented(source: Buffer, spec: PresetSpec): Promise<{ input: Sharp; width: number; height: number }> {
  const sharp = await loadSharp();
  const meta = await sharp(source).metadata();
  if (meta.format === 'svg') return rasteriseSvg(source, spec, meta.width, meta.height);
  const { width, height } = meta.autoOrient;
  return { input: sharp(source, { autoOrient: true }), width, height };
}

async function rasteriseSvg(source: Buffer, spec: PresetSpec, width: number, height: number) {
  // 1 % headroom so rounding in librsvg never leaves the raster a pixel short of the target.
  const wanted = Math.max(svgScale(spec, width, height) * 1.01, 1 / SVG_BASE_DENSITY);
  const scale = Math.min(wanted, Math.sqrt(MAX_SVG_PIXELS / (width * height)));
  const density = Math.min(100_000, Math.max(1, SVG_BASE_DENSITY * scale));
  const sharp = await loadSharp();
  const { data, info } = await sharp(source, { density }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return { input: sharp(data, { raw }), width: info.width, height: info.height };
}

/** How much a vector source must be scaled (from its 72 dpi size) to fill the preset. */
function svgScale(spec: PresetSpec, width: number, height: number): number {
  switch (spec.kind) {
    case 'fitWidth':
    case 'placeholder':
      return spec.width / width;
    case 'fitHeight':
      return spec.height / height;
    case 'crop':
      return Math.max(spec.width / width, spec.height / height);
  }
}

function applyPreset(input: Sharp, spec: PresetSpec, width: number, height: number, focus: Focus): Sharp {
  switch (spec.kind) {
    case 'fitWidth':
      return input.resize({ width: spec.width, withoutEnlargement: true });
    case 'fitHeight':
      return input.resize({ height: spec.height, withoutEnlargement: true });
    case 'placeholder':
      return input.resize({ width: spec.width, withoutEnlargement: true }).blur(spec.blurSigma);
    case 'crop': {
      const rect = focusCrop(width, height, spec.width / spec.height, focus.x, focus.y);
      const outWidth = Math.min(spec.width, rect.width);
      const outHeight = Math.max(1, Math.round((outWidth * spec.height) / spec.width));
      return input.extract(rect).resize({ width: outWidth, height: outHeight, fit: 'fill' });
    }
  }
}
