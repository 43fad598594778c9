import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ImportFile } from '../../model/material';
import { Settings } from '../../model/settings';
import type { Database } from '../db/types';
import { DEMO_SHARES_KEY, DemoShares } from '../routes/pages';
import { preparedBefore, prepareImport, storeImport, type PreparedImport } from '../store/import';
import { announceContentChange } from '../store/contentChanges';
import { getMeta, setMeta } from '../store/meta';
import { putSettings } from '../store/settings';
import { ensureShare, findShare } from '../store/shares';
import { contentHash, readDemoCache, writeDemoCache } from './demoCache';
import { checkContentText } from './readContentFile';

/** Which demo files were loaded; each is loaded once, so later changes in the database stay. */
const DEMO_LOADED_KEY = 'demo_loaded';
const DemoLoaded = z.object({ settings: z.boolean().optional(), material: z.boolean().optional(), materialEn: z.boolean().optional(), collection: z.boolean().optional() });

/** The demo files by kind: the German course, its English edition, the collection. */
const DEMO_FILES = { material: 'demo-material.json', materialEn: 'demo-material.en.json', collection: 'demo-collection.json' } as const;

export interface DemoLinks {
  material: string | null;
  materialEn: string | null;
  collection: string | null;
  /** The German demo material on a share that saves guest sessions. */
  materialGuest: string | null;
  /** The German demo material on a private share (needs an account: `npm run users -- add EMAIL`). */
  materialPrivate: string | null;
}

/** The extra shares of the demo material, by the kind of share. */
const EXTRA_DEMO_SHARES = { materialGuest: 'guest', materialPrivate: 'private' } as const;

type Log = (message: string) => void;

type DemoKind = keyof typeof DEMO_FILES;

/** The demo files read, checked and sanitised, before the database is needed; what was said about them. */
export interface PreparedDemo {
  settings: { file: string; value: Settings } | null;
  imports: Partial<Record<DemoKind, { file: string; prepared: PreparedImport; hash: string } | { file: string; error: string }>>;
  /** Messages about files not found or invalid, by kind ('settings' or a demo kind). */
  notes: Partial<Record<DemoKind | 'settings', string>>;
}

/**
 * Reads, checks and sanitises the demo files (the slow part of loading them: the sanitiser's DOM
 * and the html of three materials), needing no database: a server on a new data dir starts this
 * while its database opens. A file the build prepared already (`cache`, server/content/demoCache.ts)
 * is taken from there. `kinds` limits it to the files still to load.
 */
export async function prepareDemo(
  contentDir: string,
  kinds: readonly (DemoKind | 'settings')[] = ['settings', 'material', 'materialEn', 'collection'],
  cache: ReadonlyMap<string, unknown> = readDemoCache(),
): Promise<PreparedDemo> {
  const demo: PreparedDemo = { settings: null, imports: {}, notes: {} };
  if (kinds.includes('settings')) {
    const file = path.join(contentDir, 'settings.json');
    const result = await readIfPresent(file, Settings, (note) => (demo.notes.settings = note));
    if (result) demo.settings = { file, value: result.value };
  }
  for (const kind of ['material', 'materialEn', 'collection'] as const) {
    if (!kinds.includes(kind)) continue;
    const file = path.join(contentDir, DEMO_FILES[kind]);
    const read = await readIfPresent(file, ImportFile, (note) => (demo.notes[kind] = note), cache);
    if (!read) continue;
    try {
      const prepared = read.cached !== undefined ? preparedBefore(read.cached) : await prepareImport(read.value);
      demo.imports[kind] = { file, prepared, hash: read.hash };
    } catch (error) {
      demo.imports[kind] = { file, error: (error as Error).message };
    }
  }
  return demo;
}

/**
 * The build's demo cache (server/prepareBuild.ts): every demo file of `contentDir` prepared, by the
 * hash of its bytes. Answers how many files it holds.
 */
export async function writeDemoCacheOf(contentDir: string, file?: string): Promise<number> {
  const demo = await prepareDemo(contentDir, ['material', 'materialEn', 'collection'], new Map());
  const files = new Map<string, unknown>();
  for (const entry of Object.values(demo.imports)) if ('prepared' in entry) files.set(entry.hash, entry.prepared.file);
  writeDemoCache(files, file);
  return files.size;
}

/**
 * Loads content/settings.json, demo-material.json, demo-material.en.json and demo-collection.json (public shares) into
 * the database, each the first time it is found; a missing or invalid file is logged and tried
 * again on the next start. The demo material also gets a guest share and a private share, made
 * once. Everything is stored in one transaction (each file under a savepoint, so that one that
 * cannot be stored leaves the others). Answers the share ids of the demo material (all three
 * shares) and the collection. `prepared`: the files prepared already (`prepareDemo`), if any.
 */
export async function loadDemoContent(db: Database, contentDir: string, log: Log, prepared?: Promise<PreparedDemo>): Promise<DemoLinks> {
  const loaded = (await getMeta(db, DEMO_LOADED_KEY, DemoLoaded)) ?? {};
  const shares = (await getMeta(db, DEMO_SHARES_KEY, DemoShares)) ?? {};
  const missing = (['settings', 'material', 'materialEn', 'collection'] as const).filter((kind) => !loaded[kind]);
  const needsShares = (['materialGuest', 'materialPrivate'] as const).some((key) => !shares[key]);

  if (missing.length || needsShares) {
    const demo = missing.length ? await (prepared ?? prepareDemo(contentDir, missing)) : null;
    const messages: string[] = [];
    for (const kind of missing) if (demo?.notes[kind]) messages.push(demo.notes[kind]);
    let changed = false;
    await db.transaction(async (tx) => {
      if (!loaded.settings && demo?.settings) {
        await putSettings(tx, demo.settings.value);
        loaded.settings = true;
        changed = true;
        messages.push(`Loaded settings from ${demo.settings.file}`);
      }
      for (const kind of ['material', 'materialEn', 'collection'] as const) {
        const entry = loaded[kind] ? undefined : demo?.imports[kind];
        if (!entry) continue;
        if ('error' in entry) {
          messages.push(`Demo ${kind} ${entry.file} not loaded: ${entry.error}`);
          continue;
        }
        await tx.query('SAVEPOINT demo_file');
        try {
          const result = await storeImport(tx, entry.prepared, { share: 'public' });
          await tx.query('RELEASE SAVEPOINT demo_file');
          shares[kind] = result.share.publicId;
          loaded[kind] = true;
          changed = true;
          messages.push(`Loaded demo ${kind} "${result.title}" from ${entry.file}`);
        } catch (error) {
          await tx.query('ROLLBACK TO SAVEPOINT demo_file');
          messages.push(`Demo ${kind} ${entry.file} not loaded: ${(error as Error).message}`);
        }
      }
      const material = shares.material ? await findShare(tx, shares.material) : null;
      if (material) {
        for (const key of ['materialGuest', 'materialPrivate'] as const) {
          if (shares[key]) continue;
          const kind = EXTRA_DEMO_SHARES[key];
          shares[key] = (await ensureShare(tx, { id: material.rootId, modelName: 'Material' }, kind)).publicId;
          changed = true;
          messages.push(`Made a ${kind} share of the demo material`);
        }
      }
      await setMeta(tx, DEMO_LOADED_KEY, loaded);
      await setMeta(tx, DEMO_SHARES_KEY, shares);
    });
    if (changed) await announceContentChange(db);
    for (const message of messages) log(message);
  }

  const exists = async (id: string | undefined) => (id && (await findShare(db, id)) ? id : null);
  return {
    material: await exists(shares.material),
    materialEn: await exists(shares.materialEn),
    collection: await exists(shares.collection),
    materialGuest: await exists(shares.materialGuest),
    materialPrivate: await exists(shares.materialPrivate),
  };
}

/** A demo file read and checked, with the hash of its bytes; `cached`: its prepared content from the build's cache. */
async function readIfPresent<S extends z.core.$ZodType>(
  file: string,
  schema: S,
  note: Log,
  cache: ReadonlyMap<string, unknown> = new Map(),
): Promise<{ value: z.output<S>; hash: string; cached?: unknown } | null> {
  if (!fs.existsSync(file)) {
    note(`Demo file ${file} not found; skipped`);
    return null;
  }
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (error) {
    note(`Demo file ${file} could not be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    return null;
  }
  const hash = contentHash(text);
  const cached = cache.get(hash);
  if (cached !== undefined) return { value: cached as z.output<S>, hash, cached };
  const result = checkContentText(text, schema);
  if (result.ok) return { value: result.value, hash };
  note(`Demo file ${file} is invalid and was not loaded:\n  ${result.problems.join('\n  ')}`);
  return null;
}
