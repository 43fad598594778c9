import * as z from 'zod/mini';
import type { MaterialSnapshot } from '../model/collectionView';

/** Collection sorts (spec section 9); default order:asc. */
export const COLLECTION_SORTS = ['order:asc', 'created_at:desc', 'created_at:asc', 'material.title:asc', 'material.title:desc'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

export const CollectionSearch = z.object({
  q: z.catch(z.optional(z.string()), undefined),
  sort: z.catch(z.optional(z.enum(COLLECTION_SORTS)), undefined),
});
export type CollectionSearch = z.infer<typeof CollectionSearch>;

const STORAGE_KEY = 'lernwerk:collection-search:';

/** The search state is kept in the URL and in the session, and restored on return (spec section 2). */
export function rememberSearch(collectionId: string, search: CollectionSearch) {
  try {
    sessionStorage.setItem(STORAGE_KEY + collectionId, JSON.stringify(search));
  } catch {
    /* storage unavailable (private mode): the URL still holds the state */
  }
}

export function recallSearch(collectionId: string): CollectionSearch {
  try {
    return CollectionSearch.parse(JSON.parse(sessionStorage.getItem(STORAGE_KEY + collectionId) ?? '{}'));
  } catch {
    return {};
  }
}

/**
 * The search to restore on arriving at the grid: what this session remembers, when the address names
 * no search of its own (a return by the back arrow, a crumb, the logo); null otherwise.
 */
export function searchToRestore(collectionId: string, search: CollectionSearch): CollectionSearch | null {
  if (search.q !== undefined || search.sort !== undefined) return null;
  const remembered = recallSearch(collectionId);
  return remembered.q || remembered.sort ? remembered : null;
}

type Item = { id: string; material_snapshot: MaterialSnapshot };

function haystack(m: MaterialSnapshot): string {
  const meta = Object.values(m.metadata).flat().join(' ');
  return `${m.title} ${m.description.replace(/<[^>]*>/g, ' ')} ${meta}`.toLowerCase();
}

/** Filters by every word of the query and sorts; the item order of the collection is order:asc. */
export function searchItems(items: readonly Item[], { q = '', sort = 'order:asc' }: CollectionSearch): Item[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const found = items.filter((item) => words.every((w) => haystack(item.material_snapshot).includes(w)));
  const [key, direction] = sort.split(':') as [string, 'asc' | 'desc'];
  if (key === 'order') return found;
  const value = (m: MaterialSnapshot) => (key === 'created_at' ? m.created_at ?? '' : m.title.toLowerCase());
  const sorted = [...found].sort((a, b) => value(a.material_snapshot).localeCompare(value(b.material_snapshot), 'de'));
  return direction === 'desc' ? sorted.reverse() : sorted;
}
