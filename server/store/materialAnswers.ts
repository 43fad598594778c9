import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Queryable } from '../db/types';
import { allElements } from '../../src/model/tree';
import { loadMaterial } from './models';

/*
 * A material's answer as the server sends it, kept between requests: the JSON text once, and its
 * brotli and gzip forms when first asked for. A course of thousands of elements is then read from
 * the database, serialised and compressed once per version, not once per learner. The version is
 * what the stored rows say (their number and latest change), read with one small query per request,
 * so an import by this server or by the CLI in another process is seen at once.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** How a material answer is wrapped: in a list (`model/query`) or alone (`collectionMaterial`). */
export type Envelope = 'list' | 'single';

type Entry = { version: string; json: Buffer; encoded: Map<string, Buffer>; kinds: string[] };

/** The encoding to answer with: brotli, else gzip, else none (q-values of 0 refuse one). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return 'identity';
}

export class MaterialAnswers {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly db: Queryable,
    /** Answers kept at most, in bytes of JSON and encoded forms together; the least recently used go first. */
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** The modelNames of the elements the material uses (its chapters' too); null when there is no such material. */
  async elementKinds(rootId: string): Promise<string[] | null> {
    return (await this.entry(rootId))?.kinds ?? null;
  }

  /**
   * The answer body for the material `rootId` in an envelope and encoding, with the version it is of
   * (an entity tag for conditional GETs); null when there is no such material.
   */
  async answer(rootId: string, envelope: Envelope, encoding: Encoding): Promise<{ body: Buffer; version: string } | null> {
    const entry = await this.entry(rootId);
    if (!entry) return null;
    const key = `${envelope}:${encoding}`;
    let body = entry.encoded.get(key);
    if (!body) {
      const json = envelope === 'list' ? Buffer.concat([Buffer.from('{"data":['), entry.json, Buffer.from(']}')]) : Buffer.concat([Buffer.from('{"data":'), entry.json, Buffer.from('}')]);
      body =
        encoding === 'br'
          ? brotliCompressSync(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length } })
          : encoding === 'gzip'
            ? gzipSync(json, { level: 6 })
            : json;
      entry.encoded.set(key, body);
      this.bytes += body.length;
      this.evict();
    }
    return { body, version: entry.version };
  }

  private async entry(rootId: string): Promise<Entry | null> {
    const [row] = await this.db.query<{ n: number; changed: Date | string | null }>(
      'SELECT count(*)::int AS n, max(updated_at) AS changed FROM models WHERE root_id = $1',
      [rootId],
    );
    const version = `${row?.n ?? 0}@${row?.changed instanceof Date ? row.changed.toISOString() : String(row?.changed ?? '')}`;
    const cached = this.entries.get(rootId);
    if (cached && cached.version === version) {
      // Most recently used last.
      this.entries.delete(rootId);
      this.entries.set(rootId, cached);
      return cached;
    }
    if (cached) this.drop(rootId, cached);
    const material = await loadMaterial(this.db, rootId);
    if (!material) return null;
    const kinds = [...new Set([...allElements(material.content)].map((element) => element.modelName))].sort();
    const entry: Entry = { version, json: Buffer.from(JSON.stringify(material)), encoded: new Map(), kinds };
    this.entries.set(rootId, entry);
    this.bytes += entry.json.length;
    this.evict();
    return entry;
  }

  private drop(rootId: string, entry: Entry): void {
    this.entries.delete(rootId);
    this.bytes -= entry.json.length;
    for (const body of entry.encoded.values()) this.bytes -= body.length;
  }

  /** Forgets the least recently used answers while over the limit (never the only one). */
  private evict(): void {
    for (const [rootId, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size <= 1) return;
      this.drop(rootId, entry);
    }
  }
}
