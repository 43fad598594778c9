import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../i18n/react';
import { Input, Label, ListBox, ListBoxItem, Popover, SearchField, Select, SelectValue, Button } from 'react-aria-components';
import type { CollectionView } from '../model/collectionView';
import { SafeHtml } from '../ui/SafeHtml';
import { CopyrightNotice } from '../viewer/CopyrightNotice';
import { Cover } from '../viewer/Cover';
import { LanguageSwitch } from '../viewer/LanguageSwitch';
import { Logo } from '../viewer/Logo';
import { AccountControl } from '../auth/AccountControl';
import { COLLECTION_SORTS, rememberSearch, searchItems, type CollectionSearch, type CollectionSort } from './collectionSearch';
import { MaterialCard } from './MaterialCard';


/** i18n keys cannot hold ':' (namespace) or '.' (nesting). */
const sortKey = (sort: CollectionSort) => sort.replace(/[:.]/g, '_');

/** Collection title and a searchable, sortable grid of material cards (1 / 3 / 4 columns). */
export function CollectionPage({ collection, search }: { collection: CollectionView; search: CollectionSearch }) {
  const { t } = useTranslation('viewer');
  const navigate = useNavigate();
  const items = useMemo(() => searchItems(collection.items, search), [collection.items, search]);
  useEffect(() => rememberSearch(collection.id, search), [collection.id, search]);
  const setSearch = (patch: Partial<CollectionSearch>) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...patch }), replace: true });

  return (
    <div>
      <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur print:hidden">
        <div className="mx-auto flex h-14 max-w-[1536px] items-center justify-between gap-3 px-4">
          <Logo />
          <div className="flex items-center gap-3">
            <LanguageSwitch />
            <AccountControl />
          </div>
        </div>
      </header>
      <Cover asset={collection.cover} color={collection.color} />
      <main className="mx-auto max-w-[1536px] px-4 py-8">
        <h1 className="mb-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{collection.title}</h1>
        {collection.description ? <SafeHtml html={collection.description} className="mb-6 max-w-3xl text-gray-600" /> : null}
        <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchField value={search.q ?? ''} onChange={(q) => setSearch({ q: q || undefined })} className="flex flex-1 flex-col gap-1">
            <Label className="text-sm font-medium text-gray-700">{t('collection.searchPlaceholder')}</Label>
            <Input className="rounded-md border border-gray-300 px-3 py-2 outline-none focus:border-primary-600 focus:ring-2 focus:ring-primary-200" />
          </SearchField>
          <Select selectedKey={search.sort ?? 'order:asc'} onSelectionChange={(key) => setSearch({ sort: key === 'order:asc' ? undefined : (key as CollectionSort) })} className="flex flex-col gap-1 sm:w-64">
            <Label className="text-sm font-medium text-gray-700">{t('collection.sort')}</Label>
            <Button className="flex items-center justify-between rounded-md border border-gray-300 bg-white px-3 py-2 text-left outline-none focus-visible:ring-2 focus-visible:ring-primary-200">
              <SelectValue />
              <span aria-hidden>▾</span>
            </Button>
            <Popover className="w-(--trigger-width) rounded-md border border-gray-200 bg-white py-1 shadow-lg">
              <ListBox className="outline-none">
                {COLLECTION_SORTS.map((sort) => (
                  <ListBoxItem key={sort} id={sort} className="cursor-pointer px-3 py-1.5 text-sm outline-none data-[focused]:bg-primary-50 data-[selected]:font-semibold">
                    {t(`collection.sorts.${sortKey(sort)}`)}
                  </ListBoxItem>
                ))}
              </ListBox>
            </Popover>
          </Select>
        </div>
        <p className="mb-4 text-sm text-gray-600" aria-live="polite">
          {t('collection.results', { count: items.length })}
        </p>
        {items.length ? (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-3 lg:grid-cols-4" data-testid="collection-grid">
            {items.map((item) => (
              <li key={item.id} className="flex">
                <MaterialCard material={item.material_snapshot} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-gray-500">{t('collection.empty')}</p>
        )}
      </main>
      <CopyrightNotice className="mx-auto max-w-[1536px] px-4" />
    </div>
  );
}
