import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { isLoading, type SearchSnapshot } from '../../machines/search';
import { useCatalogueTexts } from './catalogueTexts';
import type { FulltextHit } from '../../model/search';
import { SafeHtml } from '../../paint/SafeHtml';
import { crumbPath, hitTarget } from './fulltextTarget';
import { ResultTypeIcon, iconKindOf } from './ResultTypeIcon';
import { LoadMoreButton, SearchFailure } from './SearchControls';
import type { SearchActor } from './useSearchActor';

const selectHits = (snapshot: SearchSnapshot) => snapshot.context.results as FulltextHit[];
const selectTotal = (snapshot: SearchSnapshot) => snapshot.context.total;
const selectAtLeast = (snapshot: SearchSnapshot) => snapshot.context.totalIsLowerBound;
const selectQuery = (snapshot: SearchSnapshot) => snapshot.context.params.query;
const selectBlank = (snapshot: SearchSnapshot) => snapshot.context.params.query.trim() === '';

/**
 * The full-text results (spec section 2): Please enter a search term while the query is empty,
 * Searching … while page one loads, then Results (total; N+ when the server stopped counting at its cap), each hit with its type icon, the crumbs of
 * its material and chapters (each a link) and its snippet; Load more for the next page.
 */
export function FulltextResults({ actor, inCollection, onOpen }: { actor: SearchActor; inCollection: boolean; onOpen?: () => void }) {
  const { t } = useCatalogueTexts();
  const hits = useSelector(actor, selectHits);
  const total = useSelector(actor, selectTotal);
  const blank = useSelector(actor, selectBlank);
  const loading = useSelector(actor, isLoading);
  const query = useSelector(actor, selectQuery);
  const atLeast = useSelector(actor, selectAtLeast);
  const message = blank ? t('search.enterTerm') : loading ? t('search.searching') : t(atLeast ? 'search.resultsAtLeast' : 'search.results', { total });
  return (
    <div>
      <p className="my-3 text-sm font-medium text-gray-700" aria-live="polite" data-testid="fulltext-status">
        {message}
      </p>
      <SearchFailure actor={actor} />
      {!blank && hits.length ? (
        <ol className="flex flex-col divide-y divide-gray-100" data-testid="fulltext-results">
          {hits.map((hit, index) => (
            <FulltextResult key={`${index}:${hit.id}`} hit={hit} query={query} inCollection={inCollection} onOpen={onOpen} />
          ))}
        </ol>
      ) : !blank && !loading && !hits.length ? (
        <p className="text-sm text-gray-500">{t('search.noResults')}</p>
      ) : null}
      {blank ? null : <LoadMoreButton actor={actor} />}
    </div>
  );
}

function FulltextResult({ hit, query, inCollection, onOpen }: { hit: FulltextHit; query: string; inCollection: boolean; onOpen?: () => void }) {
  const { t } = useCatalogueTexts();
  const target = hitTarget(hit, query, inCollection);
  const title = hit.path.length ? hit.path[hit.path.length - 1].title : '';
  return (
    <li className="flex gap-3 py-3" data-testid="fulltext-result" data-model-name={hit.modelName}>
      <ResultTypeIcon modelName={hit.modelName} label={t(`search.kinds.${iconKindOf(hit.modelName)}`)} />
      <div className="min-w-0 flex-1">
        {hit.path.length ? (
          <nav aria-label={t('search.resultPath')}>
            <ol className="flex flex-wrap items-center gap-1 text-xs text-gray-500">
              {hit.path.map((crumb, i) => (
                <li key={`${i}:${crumb.publicId}`} className="flex items-center gap-1">
                  {i ? <span aria-hidden>›</span> : null}
                  <Link to={crumbPath(hit.path.slice(0, i + 1), inCollection)} onClick={onOpen} className="rounded hover:text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600">
                    {crumb.title}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <Link
          to={target.to}
          search={(prev: Record<string, unknown>) => ({ ...withoutSearchState(prev), ...target.search })}
          onClick={onOpen}
          className="mt-1 block rounded text-sm text-gray-800 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-primary-600 [&_mark]:bg-yellow-200 [&_mark]:text-inherit"
          data-testid="fulltext-result-link"
        >
          {hit.barrierId ? (
            <span className="italic text-gray-600">{t('search.behindBarrier')}</span>
          ) : hit._formatted.plainText ? (
            <SafeHtml as="span" html={hit._formatted.plainText} />
          ) : (
            <span>{title}</span>
          )}
        </Link>
      </div>
    </li>
  );
}

/** The address after opening a hit: the search panel and its query go, the other params stay. */
function withoutSearchState(search: Record<string, unknown>): Record<string, unknown> {
  const { search: _open, q: _query, scrollTo: _scrollTo, highlight: _highlight, ...rest } = search;
  return rest;
}
