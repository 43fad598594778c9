import { readFile } from 'node:fs/promises';
import type { AssetPreset } from '../../model/assetUrl';
import { AssetCache } from './assetCache';
import { renditionKey } from './assetKey';
import { findAssetSource } from './assetPath';
import { presetSpec } from './presets';
import { renderAsset, UndecodableAssetError, type Focus } from './renderAsset';
import { rendererId } from './sharpLoader';

/** One rendition a page will ask for: a file below the asset directories, a preset and the focus of its url. */
export interface WantedRendition {
  file: string;
  preset: AssetPreset;
  focus: Focus;
}

/**
 * What a cover is shown as on a first visit: the page cover in both widths of its srcset (server/pages/
 * shell.ts, src/viewer/Cover.tsx) and the card of a collection's grid (src/collection/MaterialCard.tsx).
 */
const COVER_PRESETS = ['cover-700.webp', 'cover-1500.webp', 'card'] as const satisfies readonly AssetPreset[];

const isAsset = (value: unknown): value is { file: string; focus?: { x?: unknown; y?: unknown } } =>
  typeof value === 'object' && value !== null && typeof (value as { file?: unknown }).file === 'string';

const fraction = (value: unknown) => (typeof value === 'number' && value >= 0 && value <= 1 ? value : 0.5);

/**
 * The renditions the first paint of an imported file's pages shows: every `cover` in it (a material's,
 * its chapters', a collection's and its materials') in COVER_PRESETS, and a settings file's logo. Content
 * images are not among them: they are made when first asked for.
 */
export function firstPaintRenditions(imported: unknown): WantedRendition[] {
  const wanted = new Map<string, WantedRendition>();
  const add = (asset: { file: string; focus?: { x?: unknown; y?: unknown } }, presets: readonly AssetPreset[]) => {
    const focus = { x: fraction(asset.focus?.x), y: fraction(asset.focus?.y) };
    for (const preset of presets) wanted.set(JSON.stringify([asset.file, preset, focus.x, focus.y]), { file: asset.file, preset, focus });
  };
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, field] of Object.entries(value)) {
      if (key === 'cover' && isAsset(field)) add(field, COVER_PRESETS);
      else if (key === 'logo' && isAsset(field)) add(field, ['logo']);
      else visit(field);
    }
  };
  visit(imported);
  return [...wanted.values()];
}

export interface PreparedRenditions {
  made: number;
  /** On disk already. */
  present: number;
  /** No such file in the asset directories. */
  missing: number;
  /** Not an image that can be decoded, or its rendition failed. */
  failed: number;
}

/**
 * Renders the wanted renditions into the cache the asset route reads (server/routes/assets.ts: the same
 * keys), one at a time, so a page's request is never held up by a rendition and the server's cores stay
 * free for its requests. Never throws: a file that cannot be rendered is counted in `failed` and answered
 * by the route as it would be without this.
 */
export async function prepareRenditions(assetDirs: readonly string[], cacheDir: string, wanted: readonly WantedRendition[]): Promise<PreparedRenditions> {
  const counts: PreparedRenditions = { made: 0, present: 0, missing: 0, failed: 0 };
  const cache = new AssetCache(cacheDir);
  let renderer: string | undefined;
  for (const { file, preset, focus } of wanted) {
    const source = await findAssetSource(assetDirs, file);
    if (!source) {
      counts.missing++;
      continue;
    }
    try {
      renderer ??= await rendererId();
      const spec = presetSpec(preset);
      const { hit } = await cache.getOrCreate(renditionKey(source, preset, focus, renderer), spec.format, async () => (await renderAsset(await readFile(source.file), spec, focus)).data);
      counts[hit ? 'present' : 'made']++;
    } catch (error) {
      if (!(error instanceof UndecodableAssetError) && renderer === undefined) {
        // sharp itself cannot be loaded: nothing else can be rendered either.
        counts.failed = wanted.length - counts.made - counts.present - counts.missing;
        return counts;
      }
      counts.failed++;
    }
  }
  return counts;
}
