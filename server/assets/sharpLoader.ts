/**
 * sharp (libvips, a native module) loaded on the first asset request, not at start: it is the
 * slowest module of the server to load after jsdom (a few hundred ms of the start on a busy
 * machine), and a server answers pages and API calls long before any image is asked for.
 */
import type sharpModule from 'sharp';

export type SharpFunction = typeof sharpModule;

let loading: Promise<SharpFunction> | null = null;

/** sharp, loaded once; a failed load is tried again by the next call. */
export function loadSharp(): Promise<SharpFunction> {
  loading ??= import('sharp').then(
    (module) => module.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The renderer's identity (sharp and libvips versions): part of every rendition's cache key. */
export async function rendererId(): Promise<string> {
  const sharp = await loadSharp();
  return `sharp ${sharp.versions.sharp} vips ${sharp.versions.vips}`;
}
