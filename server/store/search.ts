import { MATCHED_WORDS_MAX, type FulltextAnswer, type FulltextHit, type SearchCrumb, type SearchFilters } from '../../model/search';
import type { Database } from '../db/types';
import { filtersParam, metadataPasses } from './searchFilters';
import { tsQueryText, type SearchConfig } from './searchText';

/*
 * Full-text search over the index of server/store/searchIndex.ts. Each material is searched with its
 * own language's configuration; the fixed configurations are spelled out so that each match is an
 * indexable `tsv @@ constant query` on the GIN index of its configuration (migration 006).
 */

/** Private-use characters around matches and in place of "<", ">", "&" while the database cuts the snippet. */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const STAND_INS = '\uE002\uE003\uE004';
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
/** The whole text with every match marked as the snippet marks them: read for the hit's matched words. */
const MARK_ALL_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
/** One marked word of a MARK_ALL_OPTIONS headline. */
const MARKED_WORD = `${MARK_START}([^${MARK_END}]+)${MARK_END}`;
/** Distinct marked words read per hit: enough for MATCHED_WORDS_MAX of them once case is folded. */
const MARKED_WORDS_READ = 3 * MATCHED_WORDS_MAX;

const CONFIGS: readonly SearchConfig[] = ['german', 'english', 'simple'];

/**
 * The SQL condition "the entry `e` matches the query in parameter `param`" (the tsQueryText of what
 * was typed), for entries of the configurations `configs` (default all three; none: false). Each arm
 * is answered by the GIN index of its configuration (migration 006).
 */
export function entryMatches(e: string, param: string, configs: readonly SearchConfig[] = CONFIGS): string {
  if (!configs.length) return 'false';
  return `(${configs.map((config) => `(${e}.config = '${config}' AND ${e}.tsv @@ to_tsquery('${config}', ${param}))`).join('\n    OR ')})`;
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
  /** Most hits that are ordered by rank (default RANKED_HITS_MAX); tests lower it. */
  rankedMax?: number;
  /** Most hits counted (default COUNT_CAP); tests lower it. */
  countCap?: number;
  /** Most hits of a sparse query put in reading order by sorting them (default SORTED_HITS_MAX); tests lower it. */
  sortedMax?: number;
  /** How the hits are found (default 'auto', see `searchFulltext`); tests pick one to compare them. */
  strategy?: 'auto' | Strategy;
}

/** The ways of finding the hits (see `searchFulltext`). */
export type Strategy = 'scope' | 'index';

export const EMPTY_FULLTEXT_ANSWER: FulltextAnswer = { results: [], total: 0, totalIsLowerBound: false, hasMore: false };

/**
 * Up to this many hits, the hits come best first (rank, then the order of the materials, then
 * reading order); with more, they come in the order of the materials, then reading order. Ranking
 * means computing `ts_rank` for every hit, and for a common word that is most of the entries (half
 * of them at 100,000 elements in the benchmark): the cost would grow with the index, while the page
 * in reading order is read from the front of the materials. With that many hits a rank helps little
 * anyway (most hits of a common word rank alike: once, in body text) and the visitor narrows the query.
 */
export const RANKED_HITS_MAX = 2_000;

/**
 * At most this many hits are counted: `total` is min(hits, COUNT_CAP), and `totalIsLowerBound` says
 * there are more ("Results (1000+)"). Counting every hit of a very common word costs as much as
 * reading all of its entries (figures: docs/decisions.md); reading stops at
 * max(COUNT_CAP, RANKED_HITS_MAX) + 1 hits (the ranking decision needs the latter). Paging goes on past the cap (hasMore comes from a look-ahead row).
 */
export const COUNT_CAP = 1_000;

/**
 * A query with more than RANKED_HITS_MAX hits whose hits are sparse (the first part of the index held
 * fewer than enough of them: they came from two parts or more) and at most this many: a page of it in
 * reading order may come from sorting all of its hits, found by the GIN indexes, instead of from the
 * walk (see `searchFulltext` and SORT_OR_WALK).
 */
export const SORTED_HITS_MAX = 5_000;

/** The parts of the index (migration 009): a sparse query's hits are about this many times those of its first part. */
const INDEX_PARTS = 8;

/**
 * Sort or walk: the walk reads the searched materials in order until the window is full, at a cost per
 * material (it merges the index scans of all parts); sorting reads every hit, at a far smaller cost
 * each. With H hits (estimated: INDEX_PARTS × those of the first part) over M
 * materials, the window's end W needs about W × M / H materials walked: sorting is cheaper when
 * H² < SORT_OR_WALK × W × M (the measurements that set it: docs/decisions.md).
 */
export const SORT_OR_WALK = 160;

/**
 * The hits of a window of the results, and how many there are in all (up to COUNT_CAP, else
 * COUNT_CAP with `totalIsLowerBound`). Up to RANKED_HITS_MAX
 * hits come best first: rank, then the order of the materials, then reading order; more come in the
 * order of the materials, then reading order. A hit behind a barrier comes without its snippet. A
 * query without words is answered without asking the database.
 *
 * One statement (the same on PGlite and PostgreSQL) counts the hits, reading at most
 * max(COUNT_CAP, RANKED_HITS_MAX) + 1 of them (in no order: reading stops there), then reads only the
 * page and one hit more (the look-ahead that answers hasMore): ranked when there are at most
 * RANKED_HITS_MAX hits (decided by that count, so alike for every page of a query), else in reading
 * order, walking the materials in their order and reading each one's hits (index on material and
 * `ord`) only up to the end of the window; a sparse query's page deep enough into many materials sorts
 * all of its hits instead (SORTED_HITS_MAX, SORT_OR_WALK). Snippets (ts_headline) are cut for the page's rows only. The hits are found one of two ways, chosen by a first, cheap statement:
 * - 'scope': the entries of the searched materials, material by material by the index on material
 *   and reading order, each tested against the query (no GIN index), until
 *   max(COUNT_CAP, RANKED_HITS_MAX) + 1 hits are found. Cost grows with the size of the searched
 *   materials, and stops early for a common word: right when they are a small part of the index
 *   (one course among many, however common the word: docs/decisions.md).
 * - 'index': the GIN indexes (one per configuration and partition, migrations 006 and 009) find the
 *   matching entries of all materials, the searched ones are kept. The partitions are read one after
 *   the other and reading stops once enough hits are found, so a common word costs the bitmap of a
 *   part of the index, not of all of it. Right when the searched materials are a large part of the
 *   index (a quarter or more of the indexed materials, counted in materials: a cheap guess that only
 *   picks the plan, never changes the answer).
 * The planner misjudges what testing a tsvector costs and would rather read the whole table for a
 * common word (three times slower than the GIN index here): sequential scans are off for the
 * statement (set_config(…, true): for this transaction only).
 */
export async function searchFulltext(db: Database, search: FulltextSearch): Promise<FulltextAnswer> {
  const tsQuery = tsQueryText(search.query);
  if (!tsQuery || !search.materialIds.length) return EMPTY_FULLTEXT_ANSWER;
  const materialIds = JSON.stringify(search.materialIds);
  const rankedMax = search.rankedMax ?? RANKED_HITS_MAX;
  const countCap = search.countCap ?? COUNT_CAP;
  const sortedMax = search.sortedMax ?? SORTED_HITS_MAX;
  const filters = filtersParam(search.filters);
  const [row] = await db.transaction(async (tx) => {
    const chosen = search.strategy ?? 'auto';
    const [{ byIndex, configs: inUse }] = await tx.query<{ byIndex: boolean; configs: SearchConfig[] }>(STRATEGY_SQL, [materialIds, chosen]);
    const configs = CONFIGS.filter((c) => inUse.includes(c));
    const strategy: Strategy = byIndex ? 'index' : 'scope';
    return tx.query<{ counted: number; hasMore: boolean; page: PageRow[] }>(searchSql(strategy, configs, filters === '{}'), [
      tsQuery,
      materialIds,
      filters,
      search.limit,
      search.offset,
      STAND_INS,
      HEADLINE_OPTIONS,
      rankedMax,
      Math.max(countCap, rankedMax) + 1,
      sortedMax + 1,
      MARK_ALL_OPTIONS,
      MARKED_WORD,
      MARKED_WORDS_READ,
    ]);
  });
  return {
    results: row.page.map(toHit),
    total: Math.min(row.counted, countCap),
    totalIsLowerBound: row.counted > countCap,
    hasMore: row.hasMore,
  };
}

/**
 * Turns sequential scans and JIT compilation off for the transaction (as columns of their own: in a
 * condition the planner may fold them away), and answers the configurations in use (the search spells
 * out only their conditions: a smaller statement to plan) and whether to search by the GIN indexes
 * ('index') or by the searched materials ('scope'): by the index when the searched materials are a
 * quarter or more of all. $1 the material ids (jsonb array), $2 'auto', 'scope' or 'index'.
 * (A configuration an import starts using between this statement and the search is searched from
 * the next search on.) JIT is off: PostgreSQL would compile the search with LLVM whenever the
 * planner's cost of a common word passes jit_above_cost, for a statement that then reads a few
 * thousand rows (docs/decisions.md; PGlite has no JIT, the setting is accepted).
 */
const STRATEGY_SQL = `SELECT set_config('enable_seqscan', 'off', true) AS seqscan, set_config('jit', 'off', true) AS jit,
    CASE $2::text
      WHEN 'scope' THEN false
      WHEN 'index' THEN true
      ELSE 4 * (SELECT count(*) FROM search_materials WHERE material_id IN (SELECT jsonb_array_elements_text($1::jsonb)))
             >= (SELECT count(*) FROM search_materials)
    END AS "byIndex",
    ARRAY(SELECT DISTINCT config FROM search_materials ORDER BY config) AS configs`;

/**
 * The search, $1 the tsquery text, $2 the material ids (jsonb array), $3 the filters, $4 limit, $5
 * offset, $6 the stand-ins of "<>&", $7 the headline options, $8 the most hits ranked, $9 the most
 * hits read to count them (max(count cap, $8) + 1: with fewer, the count is exact, and so is the
 * choice between ranked and reading order), $10 the most hits sorted + 1, $11 the headline options
 * that mark every match, $12 the pattern of one marked word, $13 the most marked words read per hit
 * (distinct, in reading order; `toHit` folds their case). `(SELECT n FROM total)` is
 * computed once, before the pages it gates: of the ranked page, the sorted page and the walk, only one
 * is read. The page is read
 * with one row more than asked (hasMore). The forms are spelled so that no plan depends on the
 * planner's guess of how many materials pass the filters (it guesses one): 'scope' scans each
 * material by itself (LATERAL), 'index' scans the GIN indexes once (`OFFSET 0`: not per material)
 * and looks the hits' materials up in a jsonb object of the searched ones (material id → place; the
 * ranked page too: joined with the materials instead, a misjudged count of one hit makes it a nested
 * loop over every material). The reading-order page comes from
 * the walk (`walk`, recursive): it takes the materials in their order, reads each one's hits in
 * reading order by the index on material and `ord` only up to the end of the window, keeps their ids,
 * and stops there. Its condition is spelled with `entryQuery`, which no GIN index answers: else the
 * planner would AND the GIN bitmap of so common a query into every step. The material list it indexes
 * is materialised once (inlined, it would be aggregated again at every step). Its steps merge the index scans of all 8 parts (a material's entries are in every part),
 * which is why a sparse query's page may sort its hits instead (`sorting`, `sorted`): the hits' parts
 * (`part`, the tableoid) tell sparse from dense and estimate how many hits there are, and `sorted` reads
 * at most $10 hits (more: the walk after all).
 */
function searchSql(strategy: Strategy, configs: readonly SearchConfig[], unfiltered: boolean): string {
  const key = `${strategy} ${configs.join()} ${unfiltered}`;
  let sql = SEARCH_SQL.get(key);
  if (!sql) SEARCH_SQL.set(key, (sql = buildSearchSql(strategy, configs, unfiltered)));
  return sql;
}

const SEARCH_SQL = new Map<string, string>();

function buildSearchSql(strategy: Strategy, configs: readonly SearchConfig[], unfiltered: boolean): string {
  const matches = (e: string) => entryMatches(e, '$1', configs);
  const matching = (columns: string) => `(SELECT ${columns} FROM search_entries e WHERE ${matches('e')} OFFSET 0) x`;
  // The hits' ids come along: with few enough hits to rank, `ranked` reads them by id instead of finding them again.
  const hits = {
    // `part`: the partition a hit came from (hits from more than one: a sparse query, see SORTED_HITS_MAX).
    index: `SELECT x.material_id, x.id, x.part FROM ${matching('e.material_id, e.id, e.tableoid AS part')} WHERE (SELECT places FROM root_places) ? x.material_id LIMIT $9`,
    // entryQuery: a condition no GIN index answers, so each material's entries are read by the index on material and `ord`.
    scope: `SELECT r.material_id, x.id, 0::oid AS part FROM roots r CROSS JOIN LATERAL (
      SELECT e.id FROM search_entries e WHERE e.material_id = r.material_id AND e.tsv @@ ${entryQuery('e', '$1')}) x LIMIT $9`,
  }[strategy];
  // Every hit of a sparse query when sorting them is the cheaper way to its page (SORT_OR_WALK; the scope strategy finds no part: never).
  const sorted = `SELECT x.id, ((SELECT places FROM root_places) ->> x.material_id)::bigint AS root_ord, x.ord
       FROM ${matching('e.material_id, e.id, e.ord')}
       WHERE (SELECT n FROM total) > $8 AND (SELECT cheaper FROM sorting) AND (SELECT places FROM root_places) ? x.material_id
       LIMIT $10`;
  // Only read when the hits were all found (total ≤ $8 < $9).
  // The material's place from the jsonb object: a join with roots, misjudged at one hit, became a nested loop over every material.
  const ranked = `SELECT e.id, ((SELECT places FROM root_places) ->> h.material_id)::bigint AS root_ord, e.ord, ts_rank(e.tsv, ${entryQuery('e', '$1')}) AS rank
       FROM hits h JOIN search_entries e ON e.id = h.id
       WHERE (SELECT n FROM total) <= $8`;
  // Without filters no material's metadata is read.
  const roots = unfiltered
    ? `SELECT r.material_id, r.ord FROM jsonb_array_elements_text($2::jsonb) WITH ORDINALITY AS r(material_id, ord) WHERE $3::jsonb = '{}'::jsonb`
    : `SELECT r.material_id, r.ord
    FROM jsonb_array_elements_text($2::jsonb) WITH ORDINALITY AS r(material_id, ord)
    JOIN models m ON m.id = r.material_id
    WHERE ${metadataPasses(`m.fields -> 'metadata'`, '$3::jsonb')}`;
  return `WITH RECURSIVE roots AS (
    ${roots}
  ),
  root_places AS (SELECT jsonb_object_agg(material_id, ord) AS places FROM roots),
  hits AS (${hits}),
  total AS (SELECT count(*)::int AS n FROM hits),
  root_list AS MATERIALIZED (SELECT array_agg(material_id ORDER BY ord) AS ids, array_agg(ord ORDER BY ord) AS ords FROM roots),
  walk (i, material_id, ord, n, start, hit_ids, hit_ords) AS (
    SELECT 0, NULL::text, NULL::bigint, 0, 0, NULL::text[], NULL::int[]
    UNION ALL
    SELECT w.i + 1, l.ids[w.i + 1], l.ords[w.i + 1], c.n, w.start + w.n, c.ids, c.ords
    FROM walk w CROSS JOIN root_list l CROSS JOIN LATERAL (
      SELECT count(*)::int AS n, array_agg(y.id ORDER BY y.ord) AS ids, array_agg(y.ord ORDER BY y.ord) AS ords FROM (
        SELECT e.id, e.ord FROM search_entries e
        WHERE e.material_id = l.ids[w.i + 1] AND e.tsv @@ ${entryQuery('e', '$1')}
        ORDER BY e.ord
        LIMIT ($5::int + $4::int + 1) - (w.start + w.n)
      ) y
    ) c
    WHERE w.start + w.n < ($5::int + $4::int + 1) AND w.i < cardinality(l.ids)
  ),
  ranked AS (${ranked}),
  sorting AS (
    SELECT count(DISTINCT part) > 1
           AND power(${INDEX_PARTS} * count(*) FILTER (WHERE part = (SELECT part FROM hits LIMIT 1)), 2)
               < ${SORT_OR_WALK} * ($5::int + $4::int + 1) * (SELECT count(*) FROM roots) AS cheaper
    FROM hits
  ),
  sorted AS (${sorted}),
  by_sorting AS (SELECT count(*) BETWEEN 1 AND $10::int - 1 AS yes FROM sorted),
  page AS (
    SELECT * FROM (SELECT * FROM ranked ORDER BY rank DESC, root_ord, ord, id LIMIT $4::int + 1 OFFSET $5) best
    UNION ALL
    SELECT * FROM (SELECT id, root_ord, ord, 0::real AS rank FROM sorted WHERE (SELECT yes FROM by_sorting)
                   ORDER BY root_ord, ord, id LIMIT $4::int + 1 OFFSET $5) in_order
    UNION ALL
    SELECT x.id, w.ord AS root_ord, x.ord, 0::real AS rank
    FROM walk w CROSS JOIN LATERAL unnest(w.hit_ids, w.hit_ords) WITH ORDINALITY AS x(id, ord, k)
    WHERE (SELECT n FROM total) > $8 AND NOT (SELECT yes FROM by_sorting) AND w.i > 0 AND w.start + x.k - 1 >= $5
  ),
  shown AS (SELECT * FROM page ORDER BY rank DESC, root_ord, ord, id LIMIT $4)
  SELECT (SELECT n FROM total) AS counted,
         (SELECT count(*) FROM page) > $4 AS "hasMore",
         COALESCE((
           SELECT jsonb_agg(jsonb_build_object(
                    'id', e.id, 'modelName', e.model_name, 'anchorId', e.anchor_id, 'barrierId', e.barrier_id, 'path', e.ancestors,
                    'headline', CASE WHEN e.barrier_id IS NULL
                      THEN ts_headline(e.config::regconfig, translate(e.plain_text, '<>&', $6), ${entryQuery('e', '$1')}, $7)
                      ELSE '' END,
                    'matchedWords', CASE WHEN e.barrier_id IS NULL THEN (
                      SELECT COALESCE(jsonb_agg(w.word ORDER BY w.first), '[]'::jsonb) FROM (
                        SELECT r.marked[1] AS word, min(r.k) AS first
                        FROM regexp_matches(ts_headline(e.config::regconfig, e.plain_text, ${entryQuery('e', '$1')}, $11), $12, 'g') WITH ORDINALITY AS r(marked, k)
                        GROUP BY 1 ORDER BY 2 LIMIT $13) w)
                      ELSE '[]'::jsonb END)
                  ORDER BY p.rank DESC, p.root_ord, p.ord, p.id)
           FROM shown p JOIN search_entries e ON e.id = p.id
         ), '[]'::jsonb) AS page`;
}

interface PageRow {
  id: string;
  modelName: string;
  anchorId: string;
  barrierId: string | null;
  path: SearchCrumb[];
  headline: string;
  matchedWords: string[];
}

function toHit(row: PageRow): FulltextHit {
  return {
    id: row.id,
    modelName: row.modelName,
    anchorId: row.anchorId,
    path: row.path,
    barrierId: row.barrierId,
    _formatted: { plainText: snippetHtml(row.headline) },
    matchedWords: [...new Set(row.matchedWords.map((word) => word.toLowerCase()))].slice(0, MATCHED_WORDS_MAX),
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
