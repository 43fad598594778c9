import { Link } from '@tanstack/react-router';
import { useCatalogueTexts } from '../search/catalogueTexts';
import { AccountControl } from '../auth/AccountControl';
import { GuestSaveSlot } from '../guest/GuestSaveSlot';
import { DisplayButton } from '../display';
import { LanguageSwitch } from '../viewer/LanguageSwitch';
import { Logo } from '../viewer/Logo';
import { usePageData } from '../../paint/PageDataContext';
import { Icon } from '../../paint/Icon';

const linkClass = 'flex items-center gap-1 rounded-md px-2 py-1 text-sm whitespace-nowrap font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600 data-[status=active]:text-primary-800 data-[status=active]:underline';

/**
 * The header of a collection's pages (the grid, /search, /materials): the logo, or on the pages below
 * the grid a back link to it; the material search; Search content when FULLTEXT_SEARCH is on (spec
 * section 2); the guest-save control on shares that save guest sessions; language and account.
 */
export function CollectionHeader({ backToGrid = false }: { backToGrid?: boolean }) {
  const { t } = useCatalogueTexts();
  const { featureFlags } = usePageData();
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur print:hidden" data-testid="collection-header">
      <div className="mx-auto flex h-14 max-w-[1536px] items-center justify-between gap-2 px-3 sm:gap-3 sm:px-4">
        {backToGrid ? (
          <Link to="/" className="flex items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600" data-testid="back-to-collection">
            <Icon name="chevron-left" className="h-5 w-5" />
            {t('search.backToCollection')}
          </Link>
        ) : (
          <Logo />
        )}
        <nav className="flex items-center gap-1 sm:gap-3" aria-label={t('viewer:nav.pages')}>
          <Link to="/materials/" className={linkClass}>
            {t('search.materials.link')}
          </Link>
          {featureFlags.FULLTEXT_SEARCH ? (
            <Link to="/search/" className={linkClass} data-testid="search-content">
              {/* On a phone the search icon alone, with the words for screen readers. */}
              <Icon name="search" className="size-5 sm:hidden" />
              <span className="sr-only sm:not-sr-only">{t('collection.searchContent')}</span>
            </Link>
          ) : null}
          <GuestSaveSlot />
          <DisplayButton />
          <LanguageSwitch />
          <AccountControl />
        </nav>
      </div>
    </header>
  );
}
