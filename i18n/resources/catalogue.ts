import type { I18n } from '../core';

/**
 * Texts of the collection grid and the search surfaces (the grid's search, the material search page,
 * the full-text search page and panel; spec section 2). Loaded with those chunks, not with a material's
 * first paint: call `addCatalogueTexts(i18n)` before they render.
 */
export const catalogue = {
  de: {
    collection: {
      open: 'Öffnen',
      searchContent: 'Inhalte durchsuchen',
      searchPlaceholder: 'Materialien durchsuchen',
      sort: 'Sortierung',
      results: '{{count}} Materialien',
      empty: 'Keine Inhalte.',
      sorts: {
        order_asc: 'Standardreihenfolge',
        created_at_desc: 'Neueste zuerst',
        created_at_asc: 'Älteste zuerst',
        material_title_asc: 'Alphabetisch aufsteigend',
        material_title_desc: 'Alphabetisch absteigend',
      },
      close: 'Schließen',
    },
    search: {
      title: 'Material durchsuchen',
      field: 'Suchbegriff',
      enterTerm: 'Bitte gib einen Suchbegriff ein.',
      searching: 'Suche läuft …',
      results: 'Ergebnisse ({{total}})',
      resultsAtLeast: 'Ergebnisse ({{total}}+)',
      noResults: 'Keine Treffer.',
      loadMore: 'Mehr laden',
      failed: 'Die Suche ist fehlgeschlagen.',
      retry: 'Erneut versuchen',
      close: 'Suche schließen',
      behindBarrier: 'Hinter einer Sperre: Dieser Inhalt erscheint, sobald du die Sperre aufhebst.',
      backToCollection: 'Zurück zur Übersicht',
      kinds: { material: 'Material', chapter: 'Kapitel', question: 'Aufgabe', media: 'Medien', text: 'Text' },
      resultPath: 'Fundort',
      materials: {
        link: 'Materialsuche',
        title: 'Materialsuche',
        placeholder: 'Materialtitel eingeben',
        filter: 'Filter',
        filterCount: 'Filter ({{count}})',
        facets: 'Filter nach Merkmalen',
        searching: 'Materialien werden gesucht …',
        results: 'Ergebnisse ({{total}})',
        resetFilters: 'Filter zurücksetzen',
        facetReset: 'Zurücksetzen',
        facetNone: 'Alle',
        more: '+{{count}}',
        sorts: { created_at_desc: 'Neueste zuerst', created_at_asc: 'Älteste zuerst', title_asc: 'Alphabetisch aufsteigend', title_desc: 'Alphabetisch absteigend' },
      },
    },
  },
  en: {
    collection: {
      open: 'Open',
      searchContent: 'Search content',
      searchPlaceholder: 'Search materials',
      sort: 'Sort',
      results: '{{count}} materials',
      empty: 'No content.',
      sorts: {
        order_asc: 'Default order',
        created_at_desc: 'Newest first',
        created_at_asc: 'Oldest first',
        material_title_asc: 'Alphabetical ascending',
        material_title_desc: 'Alphabetical descending',
      },
      close: 'Close',
    },
    search: {
      title: 'Search Material',
      field: 'Search term',
      enterTerm: 'Please enter a search term',
      searching: 'Searching ...',
      results: 'Results ({{total}})',
      resultsAtLeast: 'Results ({{total}}+)',
      noResults: 'No results.',
      loadMore: 'Load more',
      failed: 'The search failed.',
      retry: 'Try again',
      close: 'Close search',
      behindBarrier: 'Behind a barrier: this content appears once you pass the barrier.',
      backToCollection: 'Back to the overview',
      kinds: { material: 'Material', chapter: 'Chapter', question: 'Exercise', media: 'Media', text: 'Text' },
      resultPath: 'Found in',
      materials: {
        link: 'Material search',
        title: 'Material search',
        placeholder: 'Enter material title',
        filter: 'Filter',
        filterCount: 'Filter ({{count}})',
        facets: 'Filter by properties',
        searching: 'Searching materials...',
        results: 'Results ({{total}})',
        resetFilters: 'Reset filters',
        facetReset: 'Reset',
        facetNone: 'All',
        more: '+{{count}}',
        sorts: { created_at_desc: 'Newest first', created_at_asc: 'Oldest first', title_asc: 'Alphabetical ascending', title_desc: 'Alphabetical descending' },
      },
    },
  },
} as const;

export function addCatalogueTexts(instance: I18n): void {
  for (const lang of ['de', 'en'] as const) {
    if (!instance.hasResourceBundle(lang, 'catalogue')) instance.addResourceBundle(lang, 'catalogue', catalogue[lang]);
  }
}
