import { useSelector } from '@xstate/react';
import { useDeferredValue } from 'react';
import { isLoading, isNarrowed, type SearchSnapshot } from '../../machines/search';
import { MaterialCard } from '../collection/MaterialCard';
import { useCatalogueTexts } from './catalogueTexts';
import type { MaterialSnapshot } from '../../model/collectionView';
import { Button } from '../ui/Button';
import { FacetFilters } from './FacetFilters';
import { LoadMoreButton, SearchFailure, SearchTextField, SortSelect } from './SearchControls';
import type { SearchActor } from './useSearchActor';

const selectMaterials = (snapshot: SearchSnapshot) => snapshot.context.results as MaterialSnapshot[];
const selectTotal = (snapshot: SearchSnapshot) => snapshot.context.total;
/** Nothing has come yet: the first answer is still on its way (the grid shows no "nothing found" before it). */
export const selectAnswered = (snapshot: SearchSnapshot) => snapshot.value !== 'loading' || snapshot.context.results.length > 0;

/**
 * A searchable grid of material cards (the collection grid and the material search page): the text
 * field, the sort, the facet filters, the result header, the cards and Load more.
 */
export function MaterialSearchView({ actor, fieldLabel, placeholder, sortLabel, sorts }: {
  actor: SearchActor;
  fieldLabel: string;
  placeholder?: string;
  sortLabel: string;
  sorts: readonly { id: string; label: string }[];
}) {
  const { t } = useCatalogueTexts();
  // The cards of an answer render in slices, beside typing and painting (a grid of them at once is a long task on a
  // phone); the server's paint leaves in the same commit (./shellUntilAnswered.ts defers alike).
  const materials = useDeferredValue(useSelector(actor, selectMaterials));
  const answered = useDeferredValue(useSelector(actor, selectAnswered));
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchTextField actor={actor} label={fieldLabel} placeholder={placeholder} className="flex-1" />
        <SortSelect actor={actor} label={sortLabel} sorts={sorts} />
      </div>
      <FacetFilters actor={actor} />
      <ResultHeader actor={actor} />
      <SearchFailure actor={actor} />
      {materials.length ? (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-3 lg:grid-cols-4" data-testid="collection-grid">
          {materials.map((material, index) => (
            <li key={`${index}:${material.id}`} className="flex">
              <MaterialCard material={material} />
            </li>
          ))}
        </ul>
      ) : answered ? (
        <p className="text-gray-500">{t('collection.empty')}</p>
      ) : (
        // Until the first answer, the cards' room: what follows the grid stays below the screen instead of moving down with them.
        <div aria-hidden className="min-h-screen" />
      )}
      <LoadMoreButton actor={actor} />
    </>
  );
}

/** Searching materials… while page 1 loads; the material count without query or filter; else Results (total) and Reset filters (spec section 2). */
function ResultHeader({ actor }: { actor: SearchActor }) {
  const { t } = useCatalogueTexts();
  const loading = useSelector(actor, isLoading);
  const narrowed = useSelector(actor, isNarrowed);
  const total = useSelector(actor, selectTotal);
  return (
    <div className="mb-4 flex min-h-9 items-center gap-3 text-sm text-gray-600">
      <p aria-live="polite" data-testid="search-result-header">
        {loading ? t('search.materials.searching') : narrowed ? t('search.materials.results', { total }) : t('collection.results', { count: total })}
      </p>
      {narrowed && !loading ? (
        <Button variant="quiet" onPress={() => actor.send({ type: 'search.reset' })}>
          {t('search.materials.resetFilters')}
        </Button>
      ) : null}
    </div>
  );
}
