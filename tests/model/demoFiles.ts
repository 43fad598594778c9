import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentElement, ElementOf, ModelName } from '../../model';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CONTENT_DIR = path.join(ROOT, 'content');
export const ASSET_DIR = path.join(CONTENT_DIR, 'assets');

/** The raw JSON of a file below content/ (not parsed by a schema). */
export function readContent(file: string): unknown {
  return JSON.parse(readFileSync(path.join(CONTENT_DIR, file), 'utf8'));
}

export const DEMO_FILES = {
  materialDe: 'demo-material.json',
  materialEn: 'demo-material.en.json',
  collection: 'demo-collection.json',
  settings: 'settings.json',
} as const;

/** Every content element below a list, depth first, including those inside columns, chapters, paths, galleries. */
export function allElements(content: readonly ContentElement[]): ContentElement[] {
  const out: ContentElement[] = [];
  const visit = (el: ContentElement) => {
    out.push(el);
    for (const child of childrenOf(el)) visit(child);
  };
  content.forEach(visit);
  return out;
}

export function childrenOf(el: ContentElement): ContentElement[] {
  switch (el.modelName) {
    case 'Columns':
      return [...el.left, ...el.right];
    case 'HighlightedElement':
    case 'Foldable':
    case 'Chapter':
    case 'ImageGallery':
    case 'Path':
      return el.content;
    default:
      return [];
  }
}

export function ofType<N extends ModelName>(elements: readonly ContentElement[], name: N): ElementOf<N>[] {
  return elements.filter((e): e is ElementOf<N> => e.modelName === name);
}

/** Every `id` of any object in a JSON tree (elements, choices, spots, gaps, zones, items, polygons) with where it sits. */
export function allIds(value: unknown, at = ''): { id: string; at: string }[] {
  const found: { id: string; at: string }[] = [];
  const visit = (v: unknown, p: string) => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => visit(x, `${p}[${i}]`));
    } else if (v && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      if (typeof record.id === 'string') found.push({ id: record.id, at: p });
      for (const [k, child] of Object.entries(record)) visit(child, p ? `${p}.${k}` : k);
    }
  };
  visit(value, at);
  return found;
}

/** Every asset-like object (`{ file: … }`) in a JSON tree. */
export function allAssets(value: unknown): { file: string; width?: number; height?: number; aspectRatio?: number }[] {
  const found: { file: string; width?: number; height?: number; aspectRatio?: number }[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      if (typeof record.file === 'string') found.push(record as { file: string });
      Object.values(record).forEach(visit);
    }
  };
  visit(value);
  return found;
}

export function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}
