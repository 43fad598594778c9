import { COLLECTION_SORTS } from '../../model/search';
import { urlSearchSchema, namesSearch, type UrlSearch } from '../search/searchUrl';

export { COLLECTION_SORTS };
export type { CollectionSort } from '../../model/search';

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
 * Arriving at the grid: a search the address names (a shared link, the browser's history) becomes this
 * session's, so the back arrow from a material returns to it; an address without one gets back what
 * this session remembers (a return by the back arrow, a crumb, the logo, a new visit). `search` is the
 * route's, which also holds the viewer's params (lang, guestSessionId, …): they name no search. The
 * search to restore, or null.
 */
export function searchToRestore(collectionId: string, search: Record<string, unknown>): CollectionSearch | null {
  const named = CollectionSearch.parse(search);
  if (namesSearch(named)) {
    rememberSearch(collectionId, named);
    return null;
  }
  const remembered = recallSearch(collectionId);
  return namesSearch(remembered) ? remembered : null;
}
