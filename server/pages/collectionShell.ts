import { assetUrl } from '../../model/assetUrl';
import type { CollectionView, MaterialSnapshot } from '../../model/collectionView';
import type { Lang } from '../../model/pageData';
import { escapeHtml } from './render';
import { coverHtml } from './shell';

/*
 * The first paint of a collection's grid (`/s/{share}/`), sent with the html: the header bar, the cover,
 * the title and description, the room of the search controls and the first page of material cards (the
 * grid's default search: the collection's order, SEARCH_PAGE_SIZE cards), with the app's own classes
 * (src/collection/CollectionPage.tsx, MaterialCard.tsx), so the browser draws the page before the app's
 * code has come. Each card's Open is a plain link to the material. The app hides its own grid until its
 * first search has answered and then removes this in the same frame (CollectionPage.tsx).
 */

/** The cards' texts, as the app's (i18n/resources/catalogue.ts `collection.open`; tests/server/collectionShell.test.ts compares them). */
export const COLLECTION_SHELL_TEXTS = { de: { open: 'Öffnen' }, en: { open: 'Open' } } as const satisfies Record<Lang, { open: string }>;

/** How many tags a card shows (src/collection/MaterialCard.tsx CARD_TAG_LIMIT). */
const CARD_TAG_LIMIT = 2;
/** The grid's first page (model/constants.ts SEARCH_PAGE_SIZE). */
const FIRST_PAGE = 20;

function cardTags(metadata: MaterialSnapshot['metadata']): string[] {
  return Object.values(metadata)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter(Boolean)
    .slice(0, CARD_TAG_LIMIT);
}

/** dd.mm.yyyy as the app's cards show it (src/collection/cardDate.ts). */
function cardDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(`${lang}-CH`, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

function cardHtml(material: MaterialSnapshot, options: ShellOptions): string {
  const titleId = `shell-card-title-${escapeHtml(material.id)}`;
  const picture = material.cover
    ? `<img src="${escapeHtml(assetUrl(options.assetsBase, material.cover, 'card'))}" alt="" loading="lazy" referrerpolicy="no-referrer" class="h-full w-full object-cover transition group-hover:scale-[1.02]">`
    : `<div aria-hidden="true" class="flex h-full w-full items-center justify-center font-bold text-primary-300 text-4xl"${material.color ? ` style="background-color:${escapeHtml(material.color)}"` : ''}>${escapeHtml(material.title.slice(0, 1))}</div>`;
  const tags = cardTags(material.metadata).map((tag) => `<li class="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-700">${escapeHtml(tag)}</li>`);
  return (
    `<li class="flex"><article aria-labelledby="${titleId}" class="group relative flex w-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md" data-shell-card="">` +
    `<div class="aspect-[20/13] w-full overflow-hidden bg-primary-100">${picture}</div>` +
    `<div class="flex flex-1 flex-col gap-2 p-4"><ul class="flex flex-wrap gap-1" aria-label="Tags">${tags.join('')}</ul>` +
    `<h2 id="${titleId}" class="line-clamp-4 text-base font-semibold text-gray-900">${escapeHtml(material.title)}</h2>` +
    `<div class="mt-auto flex items-center justify-between pt-2"><time datetime="${escapeHtml(material.created_at)}" class="text-xs text-gray-500">${escapeHtml(cardDate(material.created_at, options.lang))}</time>` +
    `<a href="${escapeHtml(`${options.shareBase}/${encodeURIComponent(material.publicId)}/`)}" class="rounded-md bg-primary-600 px-3 py-1.5 text-sm font-medium text-white after:absolute after:inset-0 hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600" aria-describedby="${titleId}">` +
    `${escapeHtml(COLLECTION_SHELL_TEXTS[options.lang].open)}</a></div></div></article></li>`
  );
}

/** The header bar's room (the app's CollectionHeader), and the room of the search field and sort, the filters and the result count (MaterialSearchView). */
const HEADER_ROOM = `<div class="sticky top-0 z-30 border-b border-gray-200 bg-white"><div class="h-14"></div></div>`;
const SEARCH_CONTROLS_ROOM = `<div aria-hidden="true" class="mb-4 h-[250px] sm:h-[172px]"></div>`;

function cardsHtml(materials: readonly MaterialSnapshot[], options: ShellOptions): string {
  const cards = materials.slice(0, FIRST_PAGE).map((material) => cardHtml(material, options));
  return cards.length ? `<ul class="grid grid-cols-1 gap-6 md:grid-cols-3 lg:grid-cols-4">${cards.join('')}</ul>` : '';
}

type ShellOptions = { assetsBase: string; shareBase: string; lang: Lang };

/**
 * The shell's html (`#shell`, before the app's `#root`). `shareBase` is the share's address without its
 * trailing slash (`/s/{share}`); the description is stored sanitised and goes in as it is.
 */
export function collectionShellHtml(collection: CollectionView, options: ShellOptions): string {
  const description = collection.description.trim() ? `<div class="mb-6 max-w-3xl text-gray-600">${collection.description}</div>` : '';
  return (
    `<div id="shell">${HEADER_ROOM}` +
    coverHtml({ title: collection.title, cover: collection.cover, color: collection.color }, options.assetsBase) +
    `<main class="mx-auto max-w-[1536px] px-4 py-8"><h1 class="mb-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">${escapeHtml(collection.title)}</h1>${description}` +
    SEARCH_CONTROLS_ROOM +
    cardsHtml(collection.items.map((item) => item.material_snapshot), options) +
    `</main></div>`
  );
}

/** The material search page's title, as the app's (i18n/resources/catalogue.ts `search.materials.title`; tests/server/pages.test.ts compares them). */
export const CATALOGUE_SHELL_TEXTS = { de: { title: 'Materialsuche' }, en: { title: 'Material search' } } as const satisfies Record<Lang, { title: string }>;

/**
 * The first paint of the collection's material search (`/s/{share}/materials`, src/search/MaterialSearchPage.tsx):
 * the header bar, the title, the room of the search controls and `materials`, the default search's first
 * page (the search call's own answer), as cards.
 */
export function catalogueShellHtml(materials: readonly MaterialSnapshot[], options: ShellOptions): string {
  return (
    `<div id="shell">${HEADER_ROOM}<main class="mx-auto max-w-[1536px] px-4 py-8">` +
    `<h1 class="mb-6 text-3xl font-bold tracking-tight text-gray-900">${escapeHtml(CATALOGUE_SHELL_TEXTS[options.lang].title)}</h1>` +
    SEARCH_CONTROLS_ROOM +
    cardsHtml(materials, options) +
    `</main></div>`
  );
}
