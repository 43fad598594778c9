import { CollectionHeader } from '../collection/CollectionHeader';
import { useCatalogueTexts } from './catalogueTexts';
import { CopyrightNotice } from '../viewer/CopyrightNotice';
import { usePageData } from '../../paint/PageDataContext';
import { FulltextResults } from './FulltextResults';
import { SearchTextField } from './SearchControls';
import { useFulltextSearch } from './useFulltextSearch';

/** The collection's full-text search page (spec section 2, `/search`): every material of the collection, with a back link to `/`. */
export default function FulltextSearchPage({ q }: { q: string | undefined }) {
  const { t } = useCatalogueTexts();
  const { share } = usePageData();
  const actor = useFulltextSearch({ collectionId: share!.rootId }, q);
  return (
    <div>
      <CollectionHeader backToGrid />
      <main className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="mb-6 text-3xl font-bold tracking-tight text-gray-900">{t('collection.searchContent')}</h1>
        <SearchTextField actor={actor} label={t('search.field')} autoFocus />
        <FulltextResults actor={actor} inCollection />
      </main>
      <CopyrightNotice className="mx-auto max-w-3xl px-4" />
    </div>
  );
}
