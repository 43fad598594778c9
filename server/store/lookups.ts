import type { Queryable } from '../db/types';
import { collectionMaterialIds } from './collections';
import { findGuestSession } from './guestSessions';
import { findModelsByIds } from './models';
import { currentPublicationId } from './publications';
import { getSettings } from './settings';
import { findShare, type Share } from './shares';
import type { Settings } from '../../model/settings';

/** Where a model sits: its root and model name. */
export interface ModelPlace {
  id: string;
  rootId: string;
  modelName: string;
}

/**
 * The lookups every learner call repeats (which share, which roots it covers, where a model sits,
 * whose guest session, the installation's settings, which publication a root shows), cached across requests.
 *
 * Staleness: content changes only by import and publication (server/authoring/publish.ts). An import or a
 * publication in this process (the demo loader, tests, an import route, a publish call) clears every cache at
 * once (`contentChanged`); one by another server or the CLI on the
 * same PostgreSQL database is announced to every server by NOTIFY (./contentChanges.ts), which clear
 * theirs within milliseconds. Should that announcement be lost (a listener reconnecting), an entry
 * is trusted at most `ttlMs` (default 5 s). What a stale entry can do for a few
 * seconds is let an event name a model that a re-import just removed from its material (events refer
 * to models by id without a foreign key, so nothing breaks). Shares and guest sessions are never
 * deleted by the server, and their share/settings never change. The installation's settings change
 * only with the demo's import (server/content/demo.ts), which clears the caches too.
 *
 * What does not exist is cached too (issue 14): an unknown id then costs what an id of another share
 * or material costs, one map lookup, so the time of a refusal tells nothing about what exists
 * elsewhere. The ids that can come into existence later are random ones (shares, guest sessions),
 * which nobody asks for before they are made; a model id asked for before an import made it is found
 * once the import clears the caches (in this process) or the entry expires (another process).
 */
export interface Lookups {
  share(publicId: string): Promise<Share | null>;
  /** Roots a share gives access to: its material, or its collection and the collection's materials. */
  coveredRoots(share: Share): Promise<ReadonlySet<string>>;
  /** Where each of several models sits, by id (ids not found are missing from the map). */
  models(ids: readonly string[]): Promise<Map<string, ModelPlace>>;
  /** The share of a guest session (what authorisation needs of it; its name may change, so it is not cached). */
  guestSessionShare(publicId: string): Promise<string | null>;
  /** The installation's settings (server/store/settings.ts). */
  settings(): Promise<Settings>;
  /** The publication a root's shares show now (./publications.ts), null when it has none. */
  currentPublication(rootId: string): Promise<string | null>;
  /** Forgets everything (an import changed the content). */
  clear(): void;
}

export interface LookupsOptions {
  /** How long an entry is trusted (default 5,000 ms). */
  ttlMs?: number;
  /** Entries per kind before the oldest half is dropped (default 50,000). */
  maxEntries?: number;
}

/** A map of promises with a time to live; a rejected answer is not kept. */
class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    this.set(key, value, now);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  peek(key: string): Promise<V> | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  }

  set(key: string, value: Promise<V>, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the older half.
      let drop = Math.ceil(this.entries.size / 2);
      for (const k of this.entries.keys()) {
        if (drop-- <= 0) break;
        this.entries.delete(k);
      }
    }
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

const listeners = new Set<(lsn: string | null) => void>();

/**
 * Tells every cache of this process that content changed (after an import committed, here or on
 * another server): `lsn` is the primary's WAL position after the change, when known (./contentChanges.ts).
 */
export function contentChanged(lsn: string | null = null): void {
  for (const listener of listeners) listener(lsn);
}

/** Calls `listener` whenever content changed (see `contentChanged`); answers how to stop. */
export function onContentChanged(listener: (lsn: string | null) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Cached lookups on `db`, cleared by `contentChanged()`; `dispose` stops listening. */
export function createLookups(db: Queryable, options: LookupsOptions = {}): Lookups & { dispose(): void } {
  const ttlMs = options.ttlMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 50_000;
  const shares = new TtlCache<Share | null>(ttlMs, maxEntries);
  const roots = new TtlCache<ReadonlySet<string>>(ttlMs, maxEntries);
  const models = new TtlCache<ModelPlace | null>(ttlMs, maxEntries);
  const guests = new TtlCache<string | null>(ttlMs, maxEntries);
  const settings = new TtlCache<Settings>(ttlMs, 1);
  const publications = new TtlCache<string | null>(ttlMs, maxEntries);

  const clear = () => {
    shares.clear();
    roots.clear();
    models.clear();
    guests.clear();
    settings.clear();
    publications.clear();
  };
  const stopListening = onContentChanged(clear);

  return {
    share: (publicId) => shares.get(publicId, () => findShare(db, publicId)),
    coveredRoots: (share) =>
      roots.get(share.publicId, async () =>
        share.rootModelName === 'Material' ? new Set([share.rootId]) : new Set([share.rootId, ...(await collectionMaterialIds(db, share.rootId))]),
      ),
    models: async (ids) => {
      const unique = [...new Set(ids)];
      const known = new Map<string, Promise<ModelPlace | null>>();
      const missing: string[] = [];
      for (const id of unique) {
        const hit = models.peek(id);
        if (hit) known.set(id, hit);
        else missing.push(id);
      }
      if (missing.length) {
        // One query for every id not cached; each id's entry is that query's answer for it.
        const found = findModelsByIds(db, missing);
        for (const id of missing) known.set(id, models.get(id, () => found.then((map) => map.get(id) ?? null)));
      }
      const out = new Map<string, ModelPlace>();
      for (const [id, place] of known) {
        const value = await place;
        if (value) out.set(id, value);
      }
      return out;
    },
    guestSessionShare: (publicId) => guests.get(publicId, async () => (await findGuestSession(db, publicId))?.shareId ?? null),
    settings: () => settings.get('', () => getSettings(db)),
    currentPublication: (rootId) => publications.get(rootId, () => currentPublicationId(db, rootId)),
    clear,
    dispose: stopListening,
  };
}
