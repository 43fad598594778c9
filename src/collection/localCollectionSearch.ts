import type { FetchPageInput, SearchPage } from '../../machines/search';
import type { FacetDistribution } from '../../machines/searchParams';
import type { MaterialSnapshot } from '../../model/collectionView';

/*
 * The collection grid's search over the items the page already holds: what answers when the server
 * cannot be reached (offline, the service worker serving the kept collection), so the grid still
 * searches, sorts, filters and pages. Words match as the server's do only roughly (substrings, no
 * stemming); the order and paging are the server's.
 */

type Item = { id: string; material_snapshot: MaterialSnapshot };

const valuesOf = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

/** What a query is matched against, as the server's index holds it: title, description and the metadata's values. */
function haystack(m: MaterialSnapshot): string {
  return [m.title, m.description.replace(/<[^>]*>/g, ' '), ...Object.values(m.metadata).flatMap(valuesOf)].join(' ').toLowerCase();
}

function passes(m: MaterialSnapshot, filters: Record<string, string[]>): boolean {
  return Object.entries(filters).every(([key, wanted]) => valuesOf(m.metadata[key.replace(/^metadata\./, '')] ?? []).some((v) => wanted.includes(v)));
}

function facetsOf(found: readonly MaterialSnapshot[]): FacetDistribution {
  const facets: FacetDistribution = {};
  for (const m of found) {
    for (const [name, value] of Object.entries(m.metadata)) {
      const counts = (facets[`metadata.${name}`] ??= {});
      for (const v of valuesOf(value)) counts[v] = (counts[v] ?? 0) + 1;
    }
  }
  return facets;
}

/** One page of the search over `items` (in collection order), with the total and the facet counts. */
export function searchLoadedItems(items: readonly Item[], { query, sort, filters, limit, offset }: FetchPageInput): SearchPage {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = items.map((item) => item.material_snapshot).filter((m) => words.every((w) => haystack(m).includes(w)) && passes(m, filters));
  const [key, direction] = (sort || 'order:asc').split(':');
  let ordered = found;
  if (key !== 'order') {
    const value = (m: MaterialSnapshot) => (key === 'created_at' ? (m.created_at ?? '') : m.title.toLowerCase());
    ordered = [...found].sort((a, b) => value(a).localeCompare(value(b), 'de'));
    if (direction === 'desc') ordered.reverse();
  }
  return { results: ordered.slice(offset, offset + limit), total: found.length, facetDistribution: facetsOf(found) };
}
