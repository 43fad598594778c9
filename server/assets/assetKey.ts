import { createHash } from 'node:crypto';
import type { AssetSource } from './assetPath';
import { presetSpec, usesFocus, type AssetPreset } from './presets';
import type { Focus } from './renderAsset';

/**
 * Cache key (hex sha256) of one rendition: source file, its mtime and size, the preset and its
 * definition, the renderer version (`rendererId()` of ./sharpLoader), and the focus point for presets that crop. It doubles as the
 * ETag, so a request can be answered with 304 before anything is rendered or read.
 */
export function renditionKey(source: AssetSource, preset: AssetPreset, focus: Focus, renderer: string): string {
  const cropFocus = usesFocus(preset) ? [roundFocus(focus.x), roundFocus(focus.y)] : null;
  const identity = [source.file, source.mtimeMs, source.size, preset, presetSpec(preset), cropFocus, renderer];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

function roundFocus(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
