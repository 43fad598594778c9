import { useCatalogueTexts } from '../search/catalogueTexts';
import { HttpError } from '../api/client';
import { searchCollectionMaterials } from '../api/search';
import { searchLoadedItems } from './localCollectionSearch';
import type { CollectionView } from '../../model/collectionView';
import { SafeHtml } from '../../paint/SafeHtml';
import { CopyrightNotice } from '../viewer/CopyrightNotice';
import { Cover } from '../viewer/Cover';
import { usePageData } from '../../paint/PageDataContext';
import { CollectionHeader } from './CollectionHeader';
import { COLLECTION_SEARCH_DEFAULT_SORT, SEARCH_PAGE_SIZE } from '../../model/constants';
import { MaterialSearchView } from '../search/MaterialSearchView';
import { useShellUntilAnswered } from '../search/shellUntilAnswered';
import { paramsFromUrl, urlFromParams } from '../search/searchUrl';
import { useSearchActor, useSearchInAddress } from '../search/useSearchActor';
import { COLLECTION_SORTS, rememberSearch, type CollectionSearch, type CollectionSort } from './collectionSearch';

/** i18n keys cannot hold ':' (namespace) or '.' (nesting). */
const sortKey = (sort: string) => sort.replace(/[:.]/g, '_');
const DEFAULTS = { sort: COLLECTION_SEARCH_DEFAULT_SORT, pageSize: SEARCH_PAGE_SIZE };

/**
 * Collection title and a searchable, sortable grid of material cards (1 / 3 / 4 columns), searched on
 * the server page by page (spec sections 2 and 7). The search starts from the address and is written
 * back to it and to the session as it changes.
 */
export function CollectionPage({ collection, search }: { collection: CollectionView; search: CollectionSearch }) {
  const { t } = useCatalogueTexts();
  const pageData = usePageData();
  const share = pageData.share!.publicId;
  const actor = useSearchActor('collection', paramsFromUrl(search), async (input, signal) => {
    const { query, sort, filters, limit, offset } = input;
    try {
      const answer = await searchCollectionMaterials(pageData.api.base, share, { query, sort: sort as CollectionSort, filters, limit, offset }, signal);
      return { results: answer.items.map((item) => item.material_snapshot), total: answer.total, facetDistribution: answer.facetDistribution };
    } catch (error) {
      // No answer at all (offline): the items this page holds are searched instead. An answer that refuses stays an error.
      if (error instanceof HttpError || signal.aborted) throw error;
      return searchLoadedItems(collection.items, input);
    }
  });
  useSearchInAddress(actor, (params) => {
    const url = urlFromParams(params, DEFAULTS);
    rememberSearch(collection.id, url);
    return url;
  });

  const hidden = useShellUntilAnswered(actor);

  return (
    <div hidden={hidden}>
      <CollectionHeader />
      <Cover asset={collection.cover} color={collection.color} />
      <main className="mx-auto max-w-[1536px] px-4 py-8">
        <h1 className="mb-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{collection.title}</h1>
        {collection.description ? <SafeHtml html={collection.description} className="mb-6 max-w-3xl text-gray-600" /> : null}
        <MaterialSearchView
          actor={actor}
          fieldLabel={t('collection.searchPlaceholder')}
          sortLabel={t('collection.sort')}
          sorts={COLLECTION_SORTS.map((id) => ({ id, label: t(`collection.sorts.${sortKey(id)}`) }))}
        />
      </main>
      <CopyrightNotice className="mx-auto max-w-[1536px] px-4" />
    </div>
  );
}
