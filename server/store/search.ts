import type { FulltextAnswer, FulltextHit, SearchCrumb, SearchFilters } from '../../src/model/search';
import type { Queryable } from '../db/types';
import { filtersParam, metadataPasses } from './searchFilters';
import { tsQueryText } from './searchText';

/*
 * Full-text search over the index of server/store/searchIndex.ts. Each material is searched with its
 * own language's configuration; the three fixed configurations are spelled out so that each match
 * is an indexable `tsv @@ constant query` on the GIN index.
 */

/** Private-use characters around matches and in place of "<", ">", "&" while the database cuts the snippet. */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const STAND_INS = '\uE002\uE003\uE004';
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/** The SQL condition "the entry `e` matches the query in parameter `param`" (the tsQueryText of what was typed). */
export function entryMatches(e: string, param: string): string {
  return `((${e}.config = 'german' AND ${e}.tsv @@ to_tsquery('german', ${param}))
    OR (${e}.config = 'english' AND ${e}.tsv @@ to_tsquery('english', ${param}))
    OR (${e}.config = 'simple' AND ${e}.tsv @@ to_tsquery('simple', ${param})))`;
}

/** The query in parameter `param` parsed with the configuration of the entry `e` (constants the planner folds, not a parse per row). */
export function entryQuery(e: string, param: string): string {
  return `(CASE ${e}.config WHEN 'german' THEN to_tsquery('german', ${param}) WHEN 'english' THEN to_tsquery('english', ${param}) ELSE to_tsquery('simple', ${param}) END)`;
}

export interface FulltextSearch {
  query: string;
  /** The materials searched, in the order their equally ranked hits come. */
  materialIds: readonly string[];
  filters: SearchFilters;
  limit: number;
  offset: number;
}

export const EMPTY_FULLTEXT_ANSWER: FulltextAnswer = { results: [], total: 0, hasMore: false };

/**
 * The hits of a window of the results, best first (rank, then the order of the materials, then
 * reading order), and how many there are in all. A hit behind a barrier comes without its snippet.
 * A query without words is answered without asking the database.
 */
export async function searchFulltext(db: Queryable, search: FulltextSearch): Promise<FulltextAnswer> {
  const tsQuery = tsQueryText(search.query);
  if (!tsQuery || !search.materialIds.length) return EMPTY_FULLTEXT_ANSWER;
  const [row] = await db.query<{ total: number; page: PageRow[] }>(
    `WITH roots AS (
       SELECT r.material_id, r.ord
       FROM jsonb_array_elements_text($2::jsonb) WITH ORDINALITY AS r(material_id, ord)
       JOIN models m ON m.id = r.material_id
       WHERE ${metadataPasses(`m.fields -> 'metadata'`, '$3::jsonb')}
     ),
     hits AS (
       SELECT e.id, e.model_name, e.anchor_id, e.barrier_id, e.ancestors, e.plain_text, e.config, e.ord, roots.ord AS root_ord,
              ts_rank(e.tsv, ${entryQuery('e', '$1')}) AS rank
       FROM search_entries e JOIN roots ON roots.material_id = e.material_id
       WHERE ${entryMatches('e', '$1')}
     ),
     page AS (
       SELECT * FROM hits ORDER BY rank DESC, root_ord, ord, id LIMIT $4 OFFSET $5
     )
     SELECT (SELECT count(*)::int FROM hits) AS total,
            COALESCE((
              SELECT jsonb_agg(jsonb_build_object(
                       'id', p.id, 'modelName', p.model_name, 'anchorId', p.anchor_id, 'barrierId', p.barrier_id, 'path', p.ancestors,
                       'headline', CASE WHEN p.barrier_id IS NULL
                         THEN ts_headline(p.config::regconfig, translate(p.plain_text, '<>&', $6), ${entryQuery('p', '$1')}, $7)
                         ELSE '' END)
                     ORDER BY p.rank DESC, p.root_ord, p.ord, p.id)
              FROM page p
            ), '[]'::jsonb) AS page`,
    [tsQuery, JSON.stringify(search.materialIds), filtersParam(search.filters), search.limit, search.offset, STAND_INS, HEADLINE_OPTIONS],
  );
  const results = row.page.map(toHit);
  return { results, total: row.total, hasMore: search.offset + results.length < row.total };
}

interface PageRow {
  id: string;
  modelName: string;
  anchorId: string;
  barrierId: string | null;
  path: SearchCrumb[];
  headline: string;
}

function toHit(row: PageRow): FulltextHit {
  return {
    id: row.id,
    modelName: row.modelName,
    anchorId: row.anchorId,
    path: row.path,
    barrierId: row.barrierId,
    _formatted: { plainText: snippetHtml(row.headline) },
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const MARKERS: Record<string, string> = {
  [MARK_START]: '<mark>',
  [MARK_END]: '</mark>',
  [STAND_INS[0]]: '&lt;',
  [STAND_INS[1]]: '&gt;',
  [STAND_INS[2]]: '&amp;',
};

/**
 * The snippet as html: the text escaped (nothing of the content can become markup), then the
 * database's markers turned into `<mark>` around each match and back into "<", ">", "&" (escaped).
 */
export function snippetHtml(headline: string): string {
  return headline.replace(/[&<>"']/g, (c) => ESCAPES[c]).replace(/[\uE000-\uE004]/g, (c) => MARKERS[c]);
}
