import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { ByteBudgetCache } from '../byteBudgetCache';
import type { Queryable } from '../db/types';
import { allElements, resolvePath } from '../../model/tree';
import { onContentChanged } from './lookups';
import { loadMaterial } from './models';
import { rtlLanguageOf } from '../../model/contentDirection';
import { shellMaterialOf, type ShellMaterial } from '../pages/shell';
import { shellContentHtml } from '../pages/shellContent';
import { materialOutline, namesPage, type MaterialOutline } from './materialOutline';
import type { Material } from '../../model/material';
import type { Lang } from '../../model/pageData';

/*
 * A material's answer as the server sends it, kept between requests: the JSON text once, and its
 * brotli and gzip forms when first asked for. A course of thousands of elements is then read from
 * the database, serialised and compressed once per version, not once per learner. The version is
 * what the stored rows say (their number and latest change), read with one small query per request,
 * so an import by this server or by the CLI in another process is seen at once.
 *
 * A share page needs less of it (`page`: the element kinds it preloads, the shell it paints first, and
 * the html of the page's elements in that first paint, drawn once per language and kept like the rest) and
 * takes an entry checked within the last `PAGE_CHECK_MS`: no query at all on a busy course's page
 * views. An import in this process makes the next page view check again (`contentChanged`). A page
 * drawn from an entry a CLI import outdated a moment ago preloads a kind too many or too few and shows
 * the old title for an instant; the material it then loads is current.
 */

/** How long a page view trusts an entry's last version check (the lookups' staleness: ./lookups.ts). */
export const PAGE_CHECK_MS = 5_000;

export type Encoding = 'br' | 'gzip' | 'identity';

/** How a material answer is wrapped: in a list (`model/query`) or alone (`collectionMaterial`). */
export type Envelope = 'list' | 'single';

type Entry = {
  version: string;
  /** The publication the root's shares show (read with the version), null when it has none. */
  publicationId: string | null;
  checkedAt: number;
  json: Buffer;
  encoded: Map<string, Buffer>;
  kinds: string[];
  shell: ShellMaterial;
  /** The material's language when it is written right to left (model/contentDirection.ts), else null. */
  rtlLanguage: string | null;
  /** Pages as the first paint shows them (server/pages/shellContent.tsx), by language and chapter trail (`drawnKey`). */
  drawn: Map<string, Promise<DrawnPage | null>>;
  /** What `page` answers (one object per entry). */
  page?: MaterialPage;
  /** The material's structure, made on the first address below its root (./materialOutline.ts). */
  outline?: MaterialOutline;
};

/** A page of a material as its first paint shows it: what the shell shows, and the html of its leading elements. */
export interface DrawnPage {
  shell: ShellMaterial;
  contentHtml: string;
}

/** What a share page needs of a material (`MaterialAnswers.page`). */
export interface MaterialPage {
  kinds: string[];
  /** The publication the material was drawn from, null when it has none. */
  publicationId: string | null;
  shell: ShellMaterial;
  /** The material's language when it is written right to left (model/contentDirection.ts): its pages render with `dir="rtl"`. */
  rtlLanguage: string | null;
  /**
   * A page for the first paint in `lang`: the root page (an empty trail) or a chapter, addressed by the
   * publicIds of its trail as the page's address has them; null when the trail names no chapter. Drawn
   * on first use, then kept with the answer (the same promise on every call).
   */
  drawnPage: (trail: readonly string[], lang: Lang) => Promise<DrawnPage | null>;
  /** Whether the address below the material (chapter publicIds, a trailing `iframe/{id}`) names a page of it, as the app resolves it. */
  namesPage: (trail: readonly string[]) => boolean;
}

const drawnKey = (trail: readonly string[], lang: Lang) => `${lang}:${trail.join('/')}`;

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
  /** By root id; an entry counts the bytes of its JSON, its encoded answers and its drawn pages. */
  private readonly entries: ByteBudgetCache<string, Entry>;
  /** Stops listening for imports in this process. */
  readonly dispose: () => void;

  /** The bytes kept (for tests and the curious). */
  get bytes(): number {
    return this.entries.bytes;
  }

  constructor(
    private readonly db: Queryable,
    /** Answers kept at most, in bytes of JSON, encoded forms and drawn pages together; the least recently used go first. */
    maxBytes = 64 * 1024 * 1024,
  ) {
    this.entries = new ByteBudgetCache(maxBytes);
    this.dispose = onContentChanged(() => {
      for (const entry of this.entries.values()) entry.checkedAt = 0;
    });
  }

  /**
   * What a share page needs of the material: the modelNames of the elements it uses (its chapters' too)
   * and what its shell shows; null when there is no such material. From an entry checked within
   * `PAGE_CHECK_MS`.
   */
  async page(rootId: string): Promise<MaterialPage | null> {
    const recent = this.entries.get(rootId);
    const entry = recent && Date.now() - recent.checkedAt < PAGE_CHECK_MS ? recent : await this.entry(rootId);
    if (!entry) return null;
    return (entry.page ??= {
      kinds: entry.kinds,
      publicationId: entry.publicationId,
      shell: entry.shell,
      rtlLanguage: entry.rtlLanguage,
      drawnPage: (trail, lang) => this.drawn(rootId, entry, trail, lang),
      namesPage: (trail) => !trail.length || namesPage(this.outline(rootId, entry), trail),
    });
  }

  private outline(rootId: string, entry: Entry): MaterialOutline {
    if (!entry.outline) {
      entry.outline = materialOutline(JSON.parse(entry.json.toString('utf8')) as Material);
      this.entries.addBytes(rootId, entry, JSON.stringify(entry.outline).length);
    }
    return entry.outline;
  }

  /**
   * The entry's page at `trail` (the root page when empty) drawn in `lang`, from its JSON on first use (the
   * entry keeps text, not the parsed tree). A drawing that fails is forgotten, so the next page view tries again.
   */
  private drawn(rootId: string, entry: Entry, trail: readonly string[], lang: Lang): Promise<DrawnPage | null> {
    const key = drawnKey(trail, lang);
    let page = entry.drawn.get(key);
    if (!page) {
      page = drawPage(JSON.parse(entry.json.toString('utf8')) as Material, entry.shell, trail, lang);
      entry.drawn.set(key, page);
      page.then(
        (drawn) => {
          // Counted only while the entry is still kept (a newer version may have replaced it meanwhile).
          if (drawn && entry.drawn.get(key) === page) this.entries.addBytes(rootId, entry, drawn.contentHtml.length);
        },
        () => entry.drawn.delete(key),
      );
    }
    return page;
  }

  /**
   * The answer body for the material `rootId` in an envelope and encoding, with the version it is of
   * (an entity tag for conditional GETs) and the publication it was drawn from; null when there is no such material.
   */
  async answer(rootId: string, envelope: Envelope, encoding: Encoding): Promise<{ body: Buffer; version: string; publicationId: string | null } | null> {
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
      this.entries.addBytes(rootId, entry, body.length);
    }
    return { body, version: entry.version, publicationId: entry.publicationId };
  }

  private async entry(rootId: string): Promise<Entry | null> {
    // The publication in the same statement as the rows' version: the answer and its publication go together.
    const [row] = await this.db.query<{ n: number; changed: Date | string | null; publication: string | null }>(
      `SELECT count(*)::int AS n, max(updated_at) AS changed,
              (SELECT publication_id FROM current_publications WHERE root_id = $1) AS publication
         FROM models WHERE root_id = $1`,
      [rootId],
    );
    const publicationId = row?.publication ?? null;
    const version = `${row?.n ?? 0}@${row?.changed instanceof Date ? row.changed.toISOString() : String(row?.changed ?? '')}@${publicationId ?? ''}`;
    const cached = this.entries.get(rootId);
    if (cached && cached.version === version) {
      cached.checkedAt = Date.now();
      return cached;
    }
    if (cached) this.entries.delete(rootId);
    const material = await loadMaterial(this.db, rootId);
    if (!material) return null;
    const kinds = [...new Set([...allElements(material.content)].map((element) => element.modelName))].sort();
    const shell = shellMaterialOf(material as unknown as Record<string, unknown>);
    const entry: Entry = {
      version, publicationId, checkedAt: Date.now(), json: Buffer.from(JSON.stringify(material)), encoded: new Map(), kinds, shell, rtlLanguage: rtlLanguageOf(material.metadata), drawn: new Map(),
    };
    this.entries.set(rootId, entry, entry.json.length);
    return entry;
  }
}

/** The page at `trail` (the root page when empty) as the first paint shows it; null when the trail names no chapter. */
async function drawPage(material: Material, rootShell: ShellMaterial, trail: readonly string[], lang: Lang): Promise<DrawnPage | null> {
  if (!trail.length) return { shell: rootShell, contentHtml: await shellContentHtml(material.content, lang) };
  const resolved = resolvePath(material, trail);
  const chapter = resolved.kind === 'page' ? resolved.trail.at(-1) : undefined;
  if (!chapter) return null;
  // As the app shows a chapter (src/viewer/MaterialViewer.tsx): its title and cover (or none), no description.
  const shell: ShellMaterial = { title: chapter.title, cover: chapter.hideHeaderImage ? undefined : chapter.cover, hideCover: chapter.hideHeaderImage };
  return { shell, contentHtml: await shellContentHtml(chapter.content, lang) };
}
