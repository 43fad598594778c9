import { searchFulltext } from '../api/search';
import { usePageData } from '../../paint/PageDataContext';
import { useSearchActor, useSearchInAddress, type SearchActor } from './useSearchActor';

/** What a full-text search covers: one material of the share, or the share's collection. */
export type FulltextScope = { materialId: string } | { collectionId: string };

/**
 * The full-text search of a share (spec sections 2 and 7) over `scope`, starting from the query `q`
 * of the address and writing it back there as the learner types.
 */
export function useFulltextSearch(scope: FulltextScope, q: string | undefined): SearchActor {
  const pageData = usePageData();
  const share = pageData.share!.publicId;
  const actor = useSearchActor('fulltext', { query: q ?? '' }, async ({ query, filters, limit, offset }, signal) => {
    const answer = await searchFulltext(pageData.api.base, { share, query, filters, limit, offset, ...scope }, signal);
    return { results: answer.results, total: answer.total, totalIsLowerBound: answer.totalIsLowerBound };
  });
  useSearchInAddress(actor, (params) => ({ q: params.query || undefined }));
  return actor;
}
