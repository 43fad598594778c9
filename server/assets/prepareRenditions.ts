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

/** A page's cover: both widths of its srcset (server/pages/shell.ts, src/viewer/Cover.tsx). */
const COVER_PRESETS = ['cover-700.webp', 'cover-1500.webp'] as const satisfies readonly AssetPreset[];
/** The cover of a collection's material: its card in the grid (src/collection/MaterialCard.tsx). */
const CARD_PRESETS = ['card'] as const satisfies readonly AssetPreset[];
/** A content image's srcset (paint/AssetImage.tsx). */
const CONTENT_PRESETS = ['img-700', 'img-1400'] as const satisfies readonly AssetPreset[];

type AssetLike = { file: string; focus?: { x?: unknown; y?: unknown } };

const isAsset = (value: unknown): value is AssetLike => typeof value === 'object' && value !== null && typeof (value as { file?: unknown }).file === 'string';

const fraction = (value: unknown) => (typeof value === 'number' && value >= 0 && value <= 1 ? value : 0.5);

/**
 * The renditions the first visit of an imported file's pages asks for, those of the first paint first:
 * the cover of a material, a chapter or a collection in COVER_PRESETS, a collection's materials' covers as
 * cards, a settings file's logo; then (with `content`) every other asset (the content images) in
 * CONTENT_PRESETS, in the file's order. Anything else (a collection's material opened, the placeholder, a
 * hotspot's img-300, a chapter list's card-300) is made when first asked for.
 */
export function renditionsOf(imported: unknown, { content = true }: { content?: boolean } = {}): WantedRendition[] {
  const first = new Map<string, WantedRendition>();
  const then = new Map<string, WantedRendition>();
  const add = (into: Map<string, WantedRendition>, asset: AssetLike, presets: readonly AssetPreset[]) => {
    const focus = { x: fraction(asset.focus?.x), y: fraction(asset.focus?.y) };
    for (const preset of presets) into.set(JSON.stringify([asset.file, preset, focus.x, focus.y]), { file: asset.file, preset, focus });
  };
  /** `item`: inside a collection's items, whose materials show as cards. */
  const visit = (value: unknown, key: string | undefined, item: boolean) => {
    if (Array.isArray(value)) return value.forEach((entry) => visit(entry, undefined, item));
    if (isAsset(value)) {
      if (key === 'cover') add(first, value, item ? CARD_PRESETS : COVER_PRESETS);
      else if (key === 'logo') add(first, value, ['logo']);
      else if (content && !item) add(then, value, CONTENT_PRESETS);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [name, field] of Object.entries(value)) visit(field, name, item || name === 'items');
  };
  visit(imported, undefined, false);
  return [...first.values(), ...[...then.entries()].filter(([key]) => !first.has(key)).map(([, wanted]) => wanted)];
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
  const unique = new Map(wanted.map((rendition) => [JSON.stringify([rendition.file, rendition.preset, rendition.focus.x, rendition.focus.y]), rendition]));
  for (const { file, preset, focus } of unique.values()) {
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
        counts.failed = unique.size - counts.made - counts.present - counts.missing;
        return counts;
      }
      counts.failed++;
    }
  }
  return counts;
}
