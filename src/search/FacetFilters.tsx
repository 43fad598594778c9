import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components/Button';
import { Dialog, DialogTrigger } from 'react-aria-components/Dialog';
import { ListBox, ListBoxItem } from 'react-aria-components/ListBox';
import { Popover } from 'react-aria-components/Popover';
import type { Selection } from 'react-aria-components';
import type { SearchSnapshot } from '../../machines/search';
import type { FacetDistribution } from '../../machines/searchParams';
import { useTranslation } from '../../i18n/react';
import { useCatalogueTexts } from './catalogueTexts';
import { Button } from '../ui/Button';
import type { SearchActor } from './useSearchActor';
import { Icon } from '../../paint/Icon';
import type { Settings } from '../../model/settings';
import { usePageData } from '../../paint/PageDataContext';

/** Selected values a facet button names before it says +N (spec section 2). */
export const FACET_VALUES_SHOWN = 2;

const selectFilters = (snapshot: SearchSnapshot) => snapshot.context.params.filters;
const selectDistribution = (snapshot: SearchSnapshot) => snapshot.context.facetDistribution;
/** No answer yet: whether facets will come is not known. */
const selectUnanswered = (snapshot: SearchSnapshot) => snapshot.value === 'loading' && snapshot.context.results.length === 0;

/** `metadata.fach` → `fach`: the name the author gave the metadata field. */
export const facetName = (key: string) => key.replace(/^metadata\./, '');

/**
 * What a facet is called: the label the installation's settings give its metadata key, in the page's
 * language, else in the other, else the key itself.
 */
export function facetLabel(key: string, metadata: Settings['metadata'], lang: string): string {
  const name = facetName(key);
  const labels = metadata.find((entry) => entry.key === name)?.label ?? {};
  return labels[lang] || Object.values(labels).find(Boolean) || name;
}

/** What a facet button says: its name, then up to two selected values and +N for the rest. */
export function facetButtonText(name: string, selected: readonly string[], more: (count: number) => string): string {
  if (!selected.length) return name;
  const shown = selected.slice(0, FACET_VALUES_SHOWN).join(', ');
  return selected.length > FACET_VALUES_SHOWN ? `${name}: ${shown} ${more(selected.length - FACET_VALUES_SHOWN)}` : `${name}: ${shown}`;
}

/**
 * Every facet value seen since the search started, with the latest counts (0 when the current
 * results hold none): the server counts under all filters, so a facet's own options would otherwise
 * shrink to what is picked, and a second value could never be added to the first.
 */
function useKnownOptions(distribution: FacetDistribution, filters: Record<string, string[]>): [string, [string, number][]][] {
  const seen = useRef(new Map<string, Set<string>>());
  for (const [key, counts] of Object.entries(distribution)) for (const value of Object.keys(counts)) (seen.current.get(key) ?? seen.current.set(key, new Set()).get(key)!).add(value);
  for (const [key, values] of Object.entries(filters)) for (const value of values) (seen.current.get(key) ?? seen.current.set(key, new Set()).get(key)!).add(value);
  return [...seen.current]
    .sort(([a], [b]) => a.localeCompare(b, 'de'))
    .map(([key, values]) => [key, [...values].sort((a, b) => a.localeCompare(b, 'de')).map((value) => [value, distribution[key]?.[value] ?? 0])]);
}

/**
 * The Filter button with the count of facets that have values picked, and the four-column grid of
 * facet dropdowns it shows (spec section 2, material search page). Hidden while no facet exists; its room
 * kept before the first answer.
 */
export function FacetFilters({ actor, initiallyOpen = false }: { actor: SearchActor; initiallyOpen?: boolean }) {
  const { t } = useCatalogueTexts();
  const filters = useSelector(actor, selectFilters);
  const facets = useKnownOptions(useSelector(actor, selectDistribution), filters);
  const active = Object.keys(filters).length;
  const [open, setOpen] = useState(initiallyOpen || active > 0);
  const unanswered = useSelector(actor, selectUnanswered);
  // Until the first answer the Filter button's row is kept free, so the results do not move down when it comes.
  if (!facets.length && !active) return unanswered ? <div aria-hidden className="mb-4 h-[38px]" data-testid="filter-room" /> : null;
  return (
    <div className="mb-4">
      <Button variant="secondary" onPress={() => setOpen(!open)} aria-expanded={open} aria-controls="facet-grid" data-testid="filter-button">
        <Icon name="filter" className="size-4" />
        {active ? t('search.materials.filterCount', { count: active }) : t('search.materials.filter')}
      </Button>
      {open ? (
        <div id="facet-grid" role="group" aria-label={t('search.materials.facets')} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="facet-grid">
          {facets.map(([key, options]) => (
            <FacetDropdown key={key} actor={actor} facetKey={key} options={options} selected={filters[key] ?? []} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * One facet: a button naming the picked values, opening a list of the values with their counts to
 * pick several. Reset is disabled while nothing is picked; the button is disabled without options;
 * with at most one option, picking closes the list (spec section 2).
 */
function FacetDropdown({ actor, facetKey, options, selected }: { actor: SearchActor; facetKey: string; options: [string, number][]; selected: string[] }) {
  const { t } = useCatalogueTexts();
  const [isOpen, setOpen] = useState(false);
  const { i18n } = useTranslation();
  const name = facetLabel(facetKey, usePageData().settings.metadata, i18n.language);
  const pick = (values: string[]) => actor.send({ type: 'filter.change', key: facetKey, values });
  const onSelectionChange = (selection: Selection) => {
    pick(selection === 'all' ? options.map(([value]) => value) : [...selection].map(String));
    if (options.length <= 1) setOpen(false);
  };
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <AriaButton
        isDisabled={!options.length}
        className="flex w-full items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-start text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary-200 disabled:opacity-50 data-[pressed]:bg-gray-50"
        data-testid={`facet-${facetName(facetKey)}`}
      >
        <span className={`truncate ${selected.length ? 'font-semibold text-primary-800' : 'text-gray-700'}`}>
          {facetButtonText(name, selected, (count) => t('search.materials.more', { count }))}
        </span>
        <span aria-hidden>▾</span>
      </AriaButton>
      <Popover placement="bottom start" className="w-(--trigger-width) min-w-56 rounded-md border border-gray-200 bg-white shadow-lg">
        <Dialog aria-label={name} className="outline-none">
          <ListBox
            aria-label={name}
            selectionMode="multiple"
            escapeKeyBehavior="none"
            selectedKeys={selected}
            onSelectionChange={onSelectionChange}
            className="max-h-72 overflow-auto py-1 outline-none"
          >
            {options.map(([value, count]) => (
              <ListBoxItem
                key={value}
                id={value}
                textValue={value}
                className="group flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm outline-none data-[focused]:bg-primary-50"
              >
                <span aria-hidden className="flex size-4 items-center justify-center rounded border border-gray-400 group-data-[selected]:border-primary-600 group-data-[selected]:bg-primary-600 group-data-[selected]:text-white">
                  <Icon name="check" className="hidden size-3 group-data-[selected]:block" />
                </span>
                <span className="flex-1">{value}</span>
                <span className="text-xs text-gray-500">{count}</span>
              </ListBoxItem>
            ))}
          </ListBox>
          <div className="flex justify-end border-t border-gray-100 px-2 py-1.5">
            <Button variant="quiet" isDisabled={!selected.length} onPress={() => pick([])}>
              {t('search.materials.facetReset')}
            </Button>
          </div>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
