import type { Asset } from '../../model/common';
import type { FacetDistribution, MaterialSort, SearchFilters } from '../../model/search';
import type { CollectionCard } from '../../model/searchAcross';
import type { Queryable } from '../db/types';
import { toIso } from './models';
import { facetCountsSql, facetDistributionOf, filtersParam, metadataPasses } from './searchFilters';
import { tsQueryText } from './searchText';
import type { JsonObject } from './tree';

/*
 * The collection search (spec section 7, search/collections) over the collections a caller may open.
 * The query matches a collection's title and description (html read as text), stemmed German, English
 * or not at all (a collection has no language of its own: a match in any counts). A collection is few
 * rows among the materials, and a caller opens few of them: they are matched as they are read, without
 * an index of their own. Filters and facets are its materials' metadata, merged: a collection has a
 * value when one of its materials has it.
 */

/** A collection searched, with the share it opens through. */
export interface ScopeCollection {
  collectionId: string;
  share: string;
}

export interface CollectionSearch {
  scope: readonly ScopeCollection[];
  query: string;
  sort: MaterialSort;
  filters: SearchFilters;
  limit: number;
  offset: number;
}

export interface CollectionSearchPage {
  results: CollectionCard[];
  total: number;
  hasMore: boolean;
  facetDistribution: FacetDistribution;
}

/** ORDER BY of each sort; ties by id. Only these strings reach the SQL. */
const ORDER_BY: Record<MaterialSort, string> = {
  'created_at:desc': 'created_at DESC, material_id',
  'created_at:asc': 'created_at ASC, material_id',
  'title:asc': 'sort_title ASC, material_id',
  'title:desc': 'sort_title DESC, material_id',
};

/** The text a query matches: the title and the description without its markup. */
const SEARCHED_TEXT = `coalesce(c.fields ->> 'title', '') || ' ' || regexp_replace(coalesce(c.fields ->> 'description', ''), '<[^>]*>|&[A-Za-z0-9#]+;', ' ', 'g')`;

const textMatches = (param: string) =>
  `(${['german', 'english', 'simple'].map((config) => `to_tsvector('${config}', ${SEARCHED_TEXT}) @@ to_tsquery('${config}', ${param})`).join(' OR ')})`;

/** Every metadata value of the collection's materials: `{ name: [value, …] }`. */
const MERGED_METADATA = `(SELECT COALESCE(jsonb_object_agg(x.name, x.values), '{}'::jsonb) FROM (
    SELECT e.name, jsonb_agg(DISTINCT v.value) AS values
    FROM collection_items ci JOIN models m ON m.id = ci.material_id
    CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(m.fields -> 'metadata') = 'object' THEN m.fields -> 'metadata' ELSE '{}'::jsonb END) AS e(name, value)
    CROSS JOIN LATERAL jsonb_array_elements_text(CASE jsonb_typeof(e.value) WHEN 'array' THEN e.value ELSE jsonb_build_array(e.value) END) AS v(value)
    WHERE ci.collection_id = c.id
    GROUP BY e.name) x)`;

/** A window of the scope's collections that match the query and filters, in the sort's order, with their total and facet counts. */
export async function searchCollections(db: Queryable, search: CollectionSearch): Promise<CollectionSearchPage> {
  if (!search.scope.length) return { results: [], total: 0, hasMore: false, facetDistribution: {} };
  const [row] = await db.query<{ total: number; page: PageRow[]; facets: { facet: string; value: string; n: number }[] }>(
    `WITH candidates AS (
       -- material_id: the collection's id, the column facetCountsSql counts rows by.
       SELECT c.id AS material_id, c.public_id, c.fields, c.created_at, s.share, lower(c.fields ->> 'title') AS sort_title,
              (SELECT count(*)::int FROM collection_items ci WHERE ci.collection_id = c.id) AS item_count,
              ${MERGED_METADATA} AS metadata
       FROM jsonb_to_recordset($1::jsonb) AS s(collection_id text, share text)
       JOIN models c ON c.id = s.collection_id AND c.model_name = 'Collection'
       WHERE ($2::text IS NULL OR ${textMatches('$2')})
     ),
     matched AS (SELECT * FROM candidates WHERE ${metadataPasses('metadata', '$3::jsonb')}),
     page AS (SELECT * FROM matched ORDER BY ${ORDER_BY[search.sort]} LIMIT $4 OFFSET $5)
     SELECT (SELECT count(*)::int FROM matched) AS total,
            COALESCE((SELECT jsonb_agg(jsonb_build_object(
                        'id', p.material_id, 'publicId', p.public_id, 'fields', p.fields, 'createdAt', p.created_at, 'share', p.share, 'itemCount', p.item_count)
                      ORDER BY ${ORDER_BY[search.sort].replace(/(^|, )/g, '$1p.')})
                      FROM page p), '[]'::jsonb) AS page,
            COALESCE((SELECT jsonb_agg(f) FROM (${facetCountsSql('matched')}) f), '[]'::jsonb) AS facets`,
    [JSON.stringify(search.scope.map((s) => ({ collection_id: s.collectionId, share: s.share }))), tsQueryText(search.query), filtersParam(search.filters), search.limit, search.offset],
  );
  const results = row.page.map(cardOf);
  return { results, total: row.total, hasMore: search.offset + results.length < row.total, facetDistribution: facetDistributionOf(row.facets) };
}

interface PageRow {
  id: string;
  publicId: string;
  fields: JsonObject;
  createdAt: string;
  share: string;
  itemCount: number;
}

function cardOf(row: PageRow): CollectionCard {
  const f = row.fields;
  const card: CollectionCard = {
    id: row.id,
    publicId: row.publicId,
    title: String(f.title ?? ''),
    description: String(f.description ?? ''),
    cover: f.cover as Asset | undefined,
    color: f.color as string | undefined,
    created_at: toIso(row.createdAt),
    itemCount: row.itemCount,
    share: row.share,
  };
  return Object.fromEntries(Object.entries(card).filter(([, v]) => v !== undefined)) as CollectionCard;
}
