import type { ContentElement } from '../../model/elements';
import type { Material } from '../../model/material';
import type { SearchCrumb } from '../../model/search';
import { childListsOf } from '../../model/tree';
import { KIND_INDEXING } from '../../src/kinds/indexing';
import type { KindIndexing, SearchText } from '../../src/kinds/kindRules';
import { SANITIZER_VERSION } from '../../model/sanitize';
import type { Database, Queryable } from '../db/types';
import { loadMaterial } from './models';
import { htmlToPlainText, richTextToPlainText, searchConfigOf, titleSortKey, type SearchConfig } from './searchText';

/*
 * The search index of a material (tables search_materials and search_entries, migration 005): one
 * entry per element with text a learner reads and one for the material's title. The import replaces
 * a material's entries in its transaction (server/store/import.ts); materials stored before the
 * index existed, or under older indexing rules, are indexed at start (`ensureSearchIndex`).
 */

/**
 * The version of the indexing rules, stored with each material; raising it re-indexes every stored
 * material at the next start. The sanitiser's version is part of it: html it rewrites is indexed again.
 */
export const SEARCH_INDEX_VERSION = `3.${SANITIZER_VERSION}`;

/** Longest plain text of one entry (longer text is cut; tsvector positions end at 16,383 anyway). */
const MAX_ENTRY_CHARS = 100_000;

/** Characters the snippets use as private markers (server/store/search.ts); they never reach the index. */
export const PRIVATE_MARKERS = /[\uE000-\uE00F]/g;

/** One row of search_entries, before the database computes its tsvector. */
export interface SearchEntry {
  id: string;
  modelName: string;
  /** Place in reading order within the material (the material's own entry is 0). */
  ord: number;
  anchorId: string;
  barrierId: string | null;
  ancestors: SearchCrumb[];
  /** Weight A: titles and headings. */
  title: string;
  /** Weight C: captions, alt texts, descriptions, authors. */
  secondary: string;
  /** Weight D: body text, questions, choices, code. */
  body: string;
  /** Everything above, as the snippet shows it. */
  plainText: string;
}

interface Texts {
  title?: string;
  secondary?: (string | undefined)[];
  body?: (string | undefined)[];
}

/** Where an element sits: the pages above it, the container the viewer scrolls to, the barrier hiding it. */
interface Place {
  ancestors: SearchCrumb[];
  /** The outermost foldable, gallery, hotspot or path around it on its page, if any. */
  anchorId: string | null;
  barrierId: string | null;
}

const html = (value: string | undefined) => (value ? htmlToPlainText(value) : '');
const join = (parts: (string | undefined)[] | undefined) => (parts ?? []).map((p) => (p ?? '').trim()).filter(Boolean).join(' ');

/** A piece of a kind's searchable text as plain text. */
const plain = (text: SearchText): string | undefined =>
  text === undefined || typeof text === 'string' ? text : 'html' in text ? html(text.html) : richTextToPlainText(text.richText);

/**
 * The text of an element a learner reads before answering, by weight (its kind's `search`,
 * src/kinds/<kind>/<kind>.indexing.ts): no feedback, no gap solutions, no image urls, no formula source, no
 * embed code. Choices, zones and items are part of their question's entry.
 */
function textsOf(element: ContentElement): Texts {
  const texts = (KIND_INDEXING[element.modelName] as KindIndexing<ContentElement>).search(element);
  return { title: join(texts.title?.map(plain)), secondary: texts.secondary?.map(plain), body: texts.body?.map(plain) };
}

/** The values of a material's metadata (a value or a list of values per key), as words to find it by. */
function metadataValues(metadata: Material['metadata']): string[] {
  return Object.values(metadata ?? {}).flatMap((value) => (Array.isArray(value) ? value : [value])).filter((value): value is string => typeof value === 'string');
}

/** The lists an element holds, as the viewer reads them (model/tree.ts), or those its kind's `searchedLists` names (a gallery's images, whose captions are searched too). */
function searchedListsOf(element: ContentElement): readonly (readonly ContentElement[])[] {
  const searched = (KIND_INDEXING[element.modelName] as KindIndexing<ContentElement>).searchedLists;
  return searched ? searched(element) : childListsOf(element);
}

function entry(id: string, modelName: string, ord: number, place: Place, texts: Texts): SearchEntry | null {
  const title = (texts.title ?? '').trim();
  const secondary = join(texts.secondary);
  const body = join(texts.body);
  const plainText = [title, secondary, body].filter(Boolean).join(' · ').replace(PRIVATE_MARKERS, '').slice(0, MAX_ENTRY_CHARS);
  if (!plainText) return null;
  return { id, modelName, ord, anchorId: place.anchorId ?? id, barrierId: place.barrierId, ancestors: place.ancestors, title, secondary, body, plainText };
}

/**
 * The entries of a material in reading order. An element after the first barrier of its list (and
 * everything inside it) is behind that barrier (spec section 4, Barrier); behind nested barriers it
 * counts as behind the outermost one, the first a learner meets.
 */
export function searchEntriesOf(material: Material): SearchEntry[] {
  const entries: SearchEntry[] = [];
  let ord = 0;
  const crumb: SearchCrumb = { title: material.title, publicId: material.publicId, modelName: 'Material' };
  // The material's own entry (its title and description) has itself as its one crumb: a hit there opens the material.
  // Its metadata's values too (subject, level, keywords: what its card shows as tags), so that "Geografie" finds the materials tagged so.
  const own = entry(material.id, 'Material', ord++, { ancestors: [crumb], anchorId: null, barrierId: null }, {
    title: material.title,
    secondary: [html(material.description), ...metadataValues(material.metadata)],
  });
  if (own) entries.push(own);

  const visitList = (list: readonly ContentElement[], place: Place) => {
    let barrierId = place.barrierId;
    for (const element of list) {
      visitElement(element, { ...place, barrierId });
      if (barrierId === place.barrierId && element.modelName === 'Barrier') barrierId = place.barrierId ?? element.id;
    }
  };
  const visitElement = (element: ContentElement, place: Place) => {
    const found = entry(element.id, element.modelName, ord++, place, textsOf(element));
    if (found) entries.push(found);
    const inner: Place =
      element.modelName === 'Chapter'
        ? { ancestors: [...place.ancestors, { title: element.title, publicId: element.publicId, modelName: 'Chapter' }], anchorId: null, barrierId: place.barrierId }
        : KIND_INDEXING[element.modelName].anchorsSearch
          ? { ...place, anchorId: place.anchorId ?? element.id }
          : place;
    for (const list of searchedListsOf(element)) visitList(list, inner);
  };
  visitList(material.content, { ancestors: [crumb], anchorId: null, barrierId: null });
  return entries;
}

/**
 * Replaces the index of a material (inside the caller's transaction): its language's configuration,
 * its title's sort key and its entries, each tsvector weighted A (titles), C (captions), D (body).
 */
export async function replaceSearchIndex(tx: Queryable, material: Material): Promise<void> {
  const config: SearchConfig = searchConfigOf(material.metadata);
  await tx.query(
    `INSERT INTO search_materials (material_id, config, sort_title, index_version) VALUES ($1, $2, $3, $4)
     ON CONFLICT (material_id) DO UPDATE SET
       config = EXCLUDED.config, sort_title = EXCLUDED.sort_title, index_version = EXCLUDED.index_version, indexed_at = now()`,
    [material.id, config, titleSortKey(material.title), SEARCH_INDEX_VERSION],
  );
  await tx.query('DELETE FROM search_entries WHERE material_id = $1', [material.id]);
  const rows = searchEntriesOf(material).map((e) => ({
    id: e.id,
    ord: e.ord,
    model_name: e.modelName,
    anchor_id: e.anchorId,
    barrier_id: e.barrierId,
    ancestors: e.ancestors,
    plain_text: e.plainText,
    // "<", ">" and "&" would make the parser read tags and entities: the words around them are what counts.
    title: forVector(e.title),
    secondary: forVector(e.secondary),
    body: forVector(e.body),
  }));
  await tx.query(
    `INSERT INTO search_entries (id, material_id, ord, model_name, anchor_id, barrier_id, ancestors, plain_text, config, tsv)
     SELECT r.id, $2, r.ord, r.model_name, r.anchor_id, r.barrier_id, r.ancestors, r.plain_text, $3,
            setweight(to_tsvector($3::text::regconfig, r.title), 'A')
              || setweight(to_tsvector($3::text::regconfig, r.secondary), 'C')
              || setweight(to_tsvector($3::text::regconfig, r.body), 'D')
     FROM jsonb_to_recordset($1::jsonb) AS r(
       id text, ord int, model_name text, anchor_id text, barrier_id text, ancestors jsonb, plain_text text, title text, secondary text, body text)`,
    [JSON.stringify(rows), material.id, config],
  );
}

function forVector(text: string): string {
  return text.replace(/[<>&]/g, ' ').slice(0, MAX_ENTRY_CHARS);
}

/**
 * Indexes every stored material that has no index yet (stored before migration 005) or one made
 * under older rules; one transaction per material, each taken in turn with the imports' lock.
 * Answers how many were indexed. Cheap when there is nothing to do (one query).
 */
export async function ensureSearchIndex(db: Database): Promise<number> {
  const stale = await db.query<{ id: string }>(
    `SELECT m.id FROM models m LEFT JOIN search_materials s ON s.material_id = m.id
     WHERE m.parent_id IS NULL AND m.model_name = 'Material' AND (s.material_id IS NULL OR s.index_version <> $1)
     ORDER BY m.id`,
    [SEARCH_INDEX_VERSION],
  );
  let indexed = 0;
  for (const { id } of stale) {
    const done = await db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('lernwerk.import'))`);
      const material = await loadMaterial(tx, id);
      if (!material) return false;
      await replaceSearchIndex(tx, material);
      return true;
    });
    if (done) indexed++;
  }
  return indexed;
}
