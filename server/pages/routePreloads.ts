import fs from 'node:fs';
import path from 'node:path';
import { KIND_INDEXING } from '../../src/kinds/indexing';
import type { ModelName } from '../../model/elements';
import { HELD_BACK_PRELOADS_ID } from '../../model/pageIds';

/*
 * The code of an entry point's route tree is a chunk the app imports only once its entry has run
 * (routes/createAppRouter.ts). Named in the page as modulepreload links, it travels alongside the
 * entry instead of after it. Read from the build's manifest (dist/client/.vite/manifest.json).
 */

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;
/** What a build says of its chunks: the manifest, and the chunk file of each element module (vite.config.ts `moduleChunks`). */
type Build = { manifest: Manifest; moduleChunks: Record<string, string>; keyOfFile: Map<string, string> };

const ROUTE_MODULES = { material: 'routes/materialRoutes.tsx', collection: 'routes/collectionRoutes.tsx' } as const;
/** The app, which the page's entry (src/boot.ts) imports: on every page. */
const APP_MODULE = 'src/main.tsx';

let cached: { file: string; mtimeMs: number; build: Build } | null = null;

function readBuild(clientDir: string): Build | null {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  try {
    const { mtimeMs } = fs.statSync(file);
    if (cached?.file !== file || cached.mtimeMs !== mtimeMs) {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
      let moduleChunks: Record<string, string> = {};
      try {
        moduleChunks = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'module-chunks.json'), 'utf8')) as Record<string, string>;
      } catch {
        // A build without it: only modules that start chunks of their own are found.
      }
      const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
      cached = { file, mtimeMs, build: { manifest, moduleChunks, keyOfFile } };
    }
    return cached.build;
  } catch {
    // No build (tests) or an unreadable manifest: the page works without preloads.
    return null;
  }
}

/**
 * The files of these modules' chunks with their static imports (never the page's entry), as URLs under
 * /app/. A module is found by its manifest key, or, inside a chunk that another module starts (the
 * `elements` chunks), by the build's module-chunks.json.
 */
function chunkUrls(build: Build, modules: readonly string[]): string[] {
  const { manifest, moduleChunks, keyOfFile } = build;
  const seen = new Set<string>();
  const visit = (key: string | undefined) => {
    const chunk = key === undefined ? undefined : manifest[key];
    if (!chunk || seen.has(key!) || key === 'index.html') return;
    seen.add(key!);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(manifest[module] ? module : keyOfFile.get(moduleChunks[module] ?? ''));
  return [...seen].map((key) => `/app/${manifest[key].file}`);
}

/** The files of the app the page's entry imports (its chunk and static imports), as URLs under /app/. */
export function appChunkUrls(clientDir: string): string[] {
  const build = readBuild(clientDir);
  return build ? chunkUrls(build, [APP_MODULE]) : [];
}

/** The files an entry point's route tree needs (its chunk and its static imports, but not the page's entry), as URLs under /app/. */
export function routeChunkUrls(clientDir: string, entryPoint: string): string[] {
  const build = readBuild(clientDir);
  const start = ROUTE_MODULES[entryPoint as keyof typeof ROUTE_MODULES];
  if (!build || !start || !build.manifest[start]) return [];
  return chunkUrls(build, [start]);
}

/**
 * The files the lazy element kinds of a material need before they render (each kind's `viewModules`;
 * a stateful kind's chart comes with its view): the route's loader awaits them, so named in the page
 * they arrive with the entry instead of after it has run.
 */
export function elementChunkUrls(clientDir: string, kinds: readonly string[]): string[] {
  const build = readBuild(clientDir);
  if (!build) return [];
  const modules = kinds.flatMap((kind) => (Object.hasOwn(KIND_INDEXING, kind) ? (KIND_INDEXING[kind as ModelName].viewModules ?? []) : []));
  return chunkUrls(build, modules);
}

/** The texts of a language that is not bundled with the first route (i18n/index.ts `loadLanguage`). */
export const LANGUAGE_MODULES: Partial<Record<string, string>> = { en: 'i18n/resources/en.ts' };

/**
 * The chunk of the page's language when it is not German: the app imports it before its first render,
 * so named in the page it arrives with the entry instead of after it has run.
 */
export function languageChunkUrls(clientDir: string, lang: string): string[] {
  const build = readBuild(clientDir);
  const module = LANGUAGE_MODULES[lang];
  return build && module ? chunkUrls(build, [module]) : [];
}

/** The tracking code, a chunk the route's loader awaits where a visitor's work is saved on the server (src/viewer/learnerTracking.ts). */
export const TRACKING_MODULE = 'src/viewer/trackingLogic.ts';

/** The browser's durable queue of changes, a chunk the route's loader awaits for every visitor (src/viewer/learnerTracking.ts). */
export const LEARNER_QUEUE_MODULE = 'src/tracking/durableQueue.ts';

/** The chunks of the learner's durable queue, and of the tracking code when this visitor's work is tracked. */
export function trackingChunkUrls(clientDir: string, tracked: boolean): string[] {
  const build = readBuild(clientDir);
  return build ? chunkUrls(build, [LEARNER_QUEUE_MODULE, ...(tracked ? [TRACKING_MODULE] : [])]) : [];
}

/** The header's save state, a chunk the app loads as soon as it runs (src/viewer/Header.tsx). */
export const SAVE_STATE_MODULE = 'src/viewer/SaveStateIndicator.tsx';

/** The chunk of the material header's save state (none on a preview share, whose header has none). */
export function saveStateChunkUrls(clientDir: string, shown: boolean): string[] {
  const build = readBuild(clientDir);
  return build && shown ? chunkUrls(build, [SAVE_STATE_MODULE]) : [];
}

/** `<link rel="modulepreload">` for each URL; those of `app` (the app's own chunks) marked `data-app`, whose arrival the page's entry awaits (src/learnerPauses.ts). */
export function modulePreloadLinks(urls: readonly string[], app: readonly string[] = []): string {
  return urls.map((url) => `<link rel="modulepreload" crossorigin href="${url}"${app.includes(url) ? ' data-app' : ''}>`).join('\n    ');
}

/**
 * The same links held back until the page's first paint is on screen: inert in a template, which the
 * page's entry puts into the head then (src/boot.ts). For a page the server draws (server/pages/shell.ts).
 */
export function heldBackModulePreloads(urls: readonly string[], app: readonly string[]): string {
  return urls.length ? `<template id="${HELD_BACK_PRELOADS_ID}">${modulePreloadLinks(urls, app)}</template>` : '';
}
