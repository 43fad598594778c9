import { COLLECTION_SORTS } from '../model/search';
import { urlSearchSchema, namesSearch, type UrlSearch } from '../search/searchUrl';

export { COLLECTION_SORTS };
export type { CollectionSort } from '../model/search';

/** The collection grid's search in the address: query, sort, page size and filters (spec section 2). */
export const CollectionSearch = urlSearchSchema(COLLECTION_SORTS);
export type CollectionSearch = UrlSearch;

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
  if (namesSearch(search)) return null;
  const remembered = recallSearch(collectionId);
  return namesSearch(remembered) ? remembered : null;
}
