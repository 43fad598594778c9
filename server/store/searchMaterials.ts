import type { MaterialSnapshot } from '../../model/collectionView';
import type { Asset } from '../../model/common';
import type { CollectionSort, FacetDistribution, MaterialSort, SearchFilters } from '../../model/search';
import type { Queryable } from '../db/types';
import type { Lookups } from './lookups';
import type { Share } from './shares';
import { toIso } from './models';
import { entryMatches } from './search';
import { facetCountsSql, facetDistributionOf, filtersParam, metadataPasses } from './searchFilters';
import { tsQueryText } from './searchText';
import type { JsonObject } from './tree';

/*
 * The material searches: the material grid of a collection (spec section 7, collection material
 * search) and the material search page with facets. The query matches a material's title,
 * description and metadata values (its own entry of the search index); the filters its metadata.
 */

/** A material searched, with the collection item it is (null outside a collection) and its place in the order. */
export interface ScopeMaterial {
  materialId: string;
  itemId: string | null;
  position: number;
}

export interface MaterialSearch {
  scope: readonly ScopeMaterial[];
  query: string;
  sort: MaterialSort | CollectionSort;
  filters: SearchFilters;
  limit: number;
  offset: number;
}

export interface MaterialSearchPage {
  found: { itemId: string | null; snapshot: MaterialSnapshot }[];
  total: number;
  hasMore: boolean;
  facetDistribution: FacetDistribution;
}

/** ORDER BY of each sort; ties keep the scope's order. Only these strings reach the SQL. */
const ORDER_BY: Record<MaterialSort | CollectionSort, string> = {
  'order:asc': 'position, material_id',
  'created_at:desc': 'created_at DESC, position, material_id',
  'created_at:asc': 'created_at ASC, position, material_id',
  'title:asc': 'sort_title ASC, position, material_id',
  'title:desc': 'sort_title DESC, position, material_id',
  'material.title:asc': 'sort_title ASC, position, material_id',
  'material.title:desc': 'sort_title DESC, position, material_id',
};

/** What the material search of a share searches: the materials it covers, in order (a collection itself holds no searchable text). */
export async function shareScope(lookups: Pick<Lookups, 'coveredRoots'>, share: Share): Promise<ScopeMaterial[]> {
  const ids = [...(await lookups.coveredRoots(share))].filter((id) => id !== share.rootId || share.rootModelName === 'Material');
  return ids.map((materialId, position) => ({ materialId, itemId: null, position }));
}

/** The items of a collection, in item order. */
export async function collectionScope(db: Queryable, collectionId: string): Promise<ScopeMaterial[]> {
  const rows = await db.query<{ id: string; material_id: string; position: number }>(
    'SELECT id, material_id, position FROM collection_items WHERE collection_id = $1 ORDER BY position',
    [collectionId],
  );
  return rows.map((r) => ({ materialId: r.material_id, itemId: r.id, position: r.position }));
}

/**
 * A window of the materials of the scope that match the query and filters, in the sort's order, with
 * their total and the facet counts of all of them. An empty (wordless) query matches every material.
 */
export async function searchMaterials(db: Queryable, search: MaterialSearch): Promise<MaterialSearchPage> {
  if (!search.scope.length) return { found: [], total: 0, hasMore: false, facetDistribution: {} };
  const tsQuery = tsQueryText(search.query);
  const [row] = await db.query<{ total: number; page: PageRow[]; facets: { facet: string; value: string; n: number }[] }>(
    `WITH matched AS (
       SELECT s.material_id, s.item_id, s.position, m.public_id, m.fields, m.fields -> 'metadata' AS metadata, m.created_at,
              COALESCE(sm.sort_title, lower(m.fields ->> 'title')) AS sort_title
       FROM jsonb_to_recordset($1::jsonb) AS s(material_id text, item_id text, position int)
       JOIN models m ON m.id = s.material_id AND m.model_name = 'Material'
       LEFT JOIN search_materials sm ON sm.material_id = m.id
       LEFT JOIN search_entries e ON e.id = m.id
       WHERE ($2::text IS NULL OR ${entryMatches('e', '$2')})
         AND ${metadataPasses(`m.fields -> 'metadata'`, '$3::jsonb')}
     ),
     page AS (
       SELECT * FROM matched ORDER BY ${ORDER_BY[search.sort]} LIMIT $4 OFFSET $5
     )
     SELECT (SELECT count(*)::int FROM matched) AS total,
            COALESCE((SELECT jsonb_agg(jsonb_build_object(
                        'materialId', p.material_id, 'itemId', p.item_id, 'publicId', p.public_id, 'fields', p.fields, 'createdAt', p.created_at)
                      ORDER BY ${prefixed('p', ORDER_BY[search.sort])})
                      FROM page p), '[]'::jsonb) AS page,
            COALESCE((SELECT jsonb_agg(f) FROM (${facetCountsSql('matched')}) f), '[]'::jsonb) AS facets`,
    [JSON.stringify(search.scope.map((s) => ({ material_id: s.materialId, item_id: s.itemId, position: s.position }))), tsQuery, filtersParam(search.filters), search.limit, search.offset],
  );
  const found = row.page.map((p) => ({ itemId: p.itemId, snapshot: snapshotOf(p) }));
  return { found, total: row.total, hasMore: search.offset + found.length < row.total, facetDistribution: facetDistributionOf(row.facets) };
}

/** `a DESC, b` → `p.a DESC, p.b` */
function prefixed(alias: string, orderBy: string): string {
  return orderBy
    .split(', ')
    .map((term) => `${alias}.${term}`)
    .join(', ');
}

interface PageRow {
  materialId: string;
  itemId: string | null;
  publicId: string;
  fields: JsonObject;
  createdAt: string;
}

/** What a card shows of a material (the fields of a collection's `material_snapshot`, server/store/collections.ts). */
function snapshotOf(row: PageRow): MaterialSnapshot {
  const f = row.fields;
  const snapshot: MaterialSnapshot = {
    id: row.materialId,
    publicId: row.publicId,
    title: String(f.title ?? ''),
    cover: f.cover as Asset | undefined,
    color: f.color as string | undefined,
    metadata: (f.metadata as Record<string, string | string[]> | undefined) ?? {},
    created_at: typeof f.created_at === 'string' ? f.created_at : toIso(row.createdAt),
    description: String(f.description ?? ''),
    duration: f.duration as string | undefined,
  };
  return Object.fromEntries(Object.entries(snapshot).filter(([, v]) => v !== undefined)) as MaterialSnapshot;
}
