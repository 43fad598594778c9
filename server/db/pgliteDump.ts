import type { Database } from './types';

/*
 * `dumpPglite` for both PGlite adapters (in-process and worker) without loading PGlite itself:
 * the server's thread never needs PGlite's code, only its worker does.
 */

const dumpOf = new WeakMap<Database, () => Promise<Blob>>();

/** Dumps a PGlite database (in-process or in its worker) as a tarball (tests keep a migrated template). */
export async function dumpPglite(db: Database): Promise<Blob> {
  const dump = dumpOf.get(db);
  if (!dump) throw new Error('not a PGlite database');
  return dump();
}

/** Called by each PGlite adapter for the databases it opens. */
export function registerPgliteDump(db: Database, dump: () => Promise<Blob>): void {
  dumpOf.set(db, dump);
}
