import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ImportFile } from '../../src/model/material';
import { Settings } from '../../src/model/settings';
import type { Database } from '../db/types';
import { DEMO_SHARES_KEY, DemoShares } from '../routes/pages';
import { importFile } from '../store/import';
import { getMeta, setMeta } from '../store/meta';
import { putSettings } from '../store/settings';
import { ensureShare, findShare } from '../store/shares';
import { readContentFile } from './readContentFile';

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

/**
 * Loads content/settings.json, demo-material.json, demo-material.en.json and demo-collection.json (public shares) into
 * the database, each the first time it is found; a missing or invalid file is logged and tried
 * again on the next start. The demo material also gets a guest share and a private share, made
 * once. Answers the share ids of the demo material (all three shares) and the collection.
 */
export async function loadDemoContent(db: Database, contentDir: string, log: Log): Promise<DemoLinks> {
  const loaded = (await getMeta(db, DEMO_LOADED_KEY, DemoLoaded)) ?? {};
  const shares = (await getMeta(db, DEMO_SHARES_KEY, DemoShares)) ?? {};

  if (!loaded.settings) {
    const file = path.join(contentDir, 'settings.json');
    const result = await readIfPresent(file, Settings, log);
    if (result) {
      await putSettings(db, result);
      loaded.settings = true;
      log(`Loaded settings from ${file}`);
    }
  }
  for (const kind of ['material', 'materialEn', 'collection'] as const) {
    if (loaded[kind]) continue;
    const file = path.join(contentDir, DEMO_FILES[kind]);
    const parsed = await readIfPresent(file, ImportFile, log);
    if (!parsed) continue;
    try {
      const result = await importFile(db, parsed, { share: 'public' });
      shares[kind] = result.share.publicId;
      loaded[kind] = true;
      log(`Loaded demo ${kind} "${result.title}" from ${file}`);
    } catch (error) {
      log(`Demo ${kind} ${file} not loaded: ${(error as Error).message}`);
    }
  }
  const material = shares.material ? await findShare(db, shares.material) : null;
  if (material) {
    for (const key of ['materialGuest', 'materialPrivate'] as const) {
      if (shares[key]) continue;
      const kind = EXTRA_DEMO_SHARES[key];
      shares[key] = (await ensureShare(db, { id: material.rootId, modelName: 'Material' }, kind)).publicId;
      log(`Made a ${kind} share of the demo material`);
    }
  }
  await db.transaction(async (tx) => {
    await setMeta(tx, DEMO_LOADED_KEY, loaded);
    await setMeta(tx, DEMO_SHARES_KEY, shares);
  });

  const exists = async (id: string | undefined) => (id && (await findShare(db, id)) ? id : null);
  return {
    material: await exists(shares.material),
    materialEn: await exists(shares.materialEn),
    collection: await exists(shares.collection),
    materialGuest: await exists(shares.materialGuest),
    materialPrivate: await exists(shares.materialPrivate),
  };
}

async function readIfPresent<S extends z.core.$ZodType>(file: string, schema: S, log: Log): Promise<z.output<S> | null> {
  if (!fs.existsSync(file)) {
    log(`Demo file ${file} not found; skipped`);
    return null;
  }
  const result = await readContentFile(file, schema);
  if (result.ok) return result.value;
  log(`Demo file ${file} is invalid and was not loaded:\n  ${result.problems.join('\n  ')}`);
  return null;
}
