import { MATERIAL_SEARCH_DEFAULT_SORT, SEARCH_PAGE_SIZE } from '../../model/constants';
import { searchMaterials } from '../api/search';
import { CollectionHeader } from '../collection/CollectionHeader';
import { useCatalogueTexts } from './catalogueTexts';
import { MATERIAL_SORTS, type MaterialSort } from '../../model/search';
import { CopyrightNotice } from '../viewer/CopyrightNotice';
import { usePageData } from '../../paint/PageDataContext';
import { MaterialSearchView } from './MaterialSearchView';
import { useShellUntilAnswered } from './shellUntilAnswered';
import { paramsFromUrl, urlFromParams, urlSearchSchema, type UrlSearch } from './searchUrl';
import { useSearchActor, useSearchInAddress } from './useSearchActor';

/** The material search page's search in the address. */
export const MaterialSearchUrl = urlSearchSchema(MATERIAL_SORTS);
const DEFAULTS = { sort: MATERIAL_SEARCH_DEFAULT_SORT, pageSize: SEARCH_PAGE_SIZE };
const sortKey = (sort: string) => sort.replace(/[:.]/g, '_');

/**
 * The material search page (spec section 2, catalogue side): the share's materials searched by title
 * and description, narrowed by facets of their metadata, in four sorts, 20 at a time.
 */
export default function MaterialSearchPage({ search }: { search: UrlSearch }) {
  const { t } = useCatalogueTexts();
  const pageData = usePageData();
  const share = pageData.share!.publicId;
  const actor = useSearchActor('materials', paramsFromUrl(search), async ({ query, sort, filters, limit, offset }, signal) => {
    const answer = await searchMaterials(pageData.api.base, { share, query, sort: sort as MaterialSort, filters, limit, offset }, signal);
    return { results: answer.results, total: answer.total, facetDistribution: answer.facetDistribution };
  });
  useSearchInAddress(actor, (params) => urlFromParams(params, DEFAULTS));
  const hidden = useShellUntilAnswered(actor);
  return (
    <div hidden={hidden}>
      <CollectionHeader backToGrid />
      <main className="mx-auto max-w-[1536px] px-4 py-8">
        <h1 className="mb-6 text-3xl font-bold tracking-tight text-gray-900">{t('search.materials.title')}</h1>
        <MaterialSearchView
          actor={actor}
          fieldLabel={t('search.materials.title')}
          placeholder={t('search.materials.placeholder')}
          sortLabel={t('collection.sort')}
          sorts={MATERIAL_SORTS.map((id) => ({ id, label: t(`search.materials.sorts.${sortKey(id)}`) }))}
        />
      </main>
      <CopyrightNotice className="mx-auto max-w-[1536px] px-4" />
    </div>
  );
}
