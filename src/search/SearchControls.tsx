import { useSelector } from '@xstate/react';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { ListBox, ListBoxItem } from 'react-aria-components/ListBox';
import { Popover } from 'react-aria-components/Popover';
import { SearchField } from 'react-aria-components/SearchField';
import { Select, SelectValue } from 'react-aria-components/Select';
import { Button as AriaButton } from 'react-aria-components/Button';
import { hasMore, isFailed, isLoadingMore, type SearchSnapshot } from '../../machines/search';
import { useCatalogueTexts } from './catalogueTexts';
import { Button } from '../ui/Button';
import type { SearchActor } from './useSearchActor';

/*
 * The parts every search surface shares (spec section 2, "search with pagination"): the text field,
 * the sort, Load more and the failure notice. Each selects what it shows from the search statechart
 * and sends it events.
 */

const selectQuery = (snapshot: SearchSnapshot) => snapshot.context.params.query;
const selectSort = (snapshot: SearchSnapshot) => snapshot.context.params.sort;

/** The search's text field: typing is debounced by the statechart, Enter searches at once. */
export function SearchTextField({ actor, label, placeholder, autoFocus = false, hideLabel = false, className = '' }: {
  actor: SearchActor;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  hideLabel?: boolean;
  className?: string;
}) {
  const query = useSelector(actor, selectQuery);
  return (
    <SearchField
      value={query}
      onChange={(value) => actor.send({ type: 'query.change', query: value })}
      onSubmit={() => actor.send({ type: 'query.submit' })}
      autoFocus={autoFocus}
      className={`flex flex-col gap-1 ${className}`}
    >
      <Label className={hideLabel ? 'sr-only' : 'text-sm font-medium text-gray-700'}>{label}</Label>
      <Input
        placeholder={placeholder}
        className="rounded-md border border-gray-300 px-3 py-2 outline-none focus:border-primary-600 focus:ring-2 focus:ring-primary-200 [&::-webkit-search-cancel-button]:hidden"
      />
    </SearchField>
  );
}

/** The sort dropdown: `sorts` with the label of each. */
export function SortSelect({ actor, label, sorts }: { actor: SearchActor; label: string; sorts: readonly { id: string; label: string }[] }) {
  const sort = useSelector(actor, selectSort);
  return (
    <Select
      selectedKey={sort}
      onSelectionChange={(key) => key !== null && actor.send({ type: 'sort.change', sort: String(key) })}
      className="flex flex-col gap-1 sm:w-64"
    >
      <Label className="text-sm font-medium text-gray-700">{label}</Label>
      <AriaButton className="flex items-center justify-between rounded-md border border-gray-300 bg-white px-3 py-2 text-start outline-none focus-visible:ring-2 focus-visible:ring-primary-200">
        <SelectValue />
        <span aria-hidden>▾</span>
      </AriaButton>
      <Popover className="w-(--trigger-width) rounded-md border border-gray-200 bg-white py-1 shadow-lg">
        <ListBox className="outline-none">
          {sorts.map((option) => (
            <ListBoxItem key={option.id} id={option.id} className="cursor-pointer px-3 py-1.5 text-sm outline-none data-[focused]:bg-primary-50 data-[selected]:font-semibold">
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** Load more, while more results exist; it shows the next page is loading. */
export function LoadMoreButton({ actor }: { actor: SearchActor }) {
  const { t } = useCatalogueTexts();
  const more = useSelector(actor, hasMore);
  const loadingMore = useSelector(actor, isLoadingMore);
  if (!more && !loadingMore) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button onPress={() => actor.send({ type: 'page.loadMore' })} aria-busy={loadingMore || undefined} data-testid="search-load-more">
        {loadingMore ? <span className="size-4 animate-spin rounded-full border-2 border-primary-600 border-t-transparent" aria-hidden /> : null}
        {t('search.loadMore')}
      </Button>
    </div>
  );
}

/** A failed request: what shows stays, with a notice and a button that repeats it. */
export function SearchFailure({ actor }: { actor: SearchActor }) {
  const { t } = useCatalogueTexts();
  const failed = useSelector(actor, isFailed);
  if (!failed) return null;
  return (
    <div role="alert" className="my-4 flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {t('search.failed')}
      <Button variant="secondary" onPress={() => actor.send({ type: 'search.retry' })}>
        {t('search.retry')}
      </Button>
    </div>
  );
}
