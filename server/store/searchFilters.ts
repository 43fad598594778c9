import type { SearchFilters } from '../../model/search';

/*
 * Metadata filters and facets in SQL, shared by the full-text and the material searches. The
 * filters go to the database as one jsonb parameter: `{ name: [value, …] }`.
 */

/** The filters as the SQL below takes them: keys without `metadata.`, facets without values left out. */
export function filtersParam(filters: SearchFilters): string {
  const byName: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(filters)) {
    if (values.length) byName[key.slice('metadata.'.length)] = [...new Set(values)];
  }
  return JSON.stringify(byName);
}

/**
 * SQL true when the metadata (a jsonb expression) passes every filter of the jsonb parameter: for each
 * facet, its value is one of those picked, or (a list) holds one of them.
 */
export function metadataPasses(metadata: string, filters: string): string {
  return `NOT EXISTS (
    SELECT 1 FROM jsonb_each(${filters}) AS f(name, picked)
    WHERE NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements_text(f.picked) AS p(value)
      WHERE (${metadata} -> f.name) @> to_jsonb(p.value)
    )
  )`;
}

/** SQL of the rows (facet, value, n) counting the materials of `matched` (material_id, metadata) per metadata value. */
export function facetCountsSql(matched: string): string {
  return `SELECT 'metadata.' || e.name AS facet, v.value, count(DISTINCT mm.material_id)::int AS n
    FROM ${matched} mm
    CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(mm.metadata) = 'object' THEN mm.metadata ELSE '{}'::jsonb END) AS e(name, value)
    CROSS JOIN LATERAL jsonb_array_elements_text(CASE jsonb_typeof(e.value) WHEN 'array' THEN e.value ELSE jsonb_build_array(e.value) END) AS v(value)
    GROUP BY e.name, v.value`;
}

/** `{ 'metadata.fach': { Mathematik: 3 } }` from the rows of `facetCountsSql`. */
export function facetDistributionOf(rows: readonly { facet: string; value: string; n: number }[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const row of rows) (out[row.facet] ??= {})[row.value] = row.n;
  return out;
}
