/** Texts of the viewer shell: header, navigation, notices, errors (spec sections 2, 8). */
export const viewer = {
  de: {
    nav: { pages: 'Seitennavigation', back: 'Zurück', top: 'Nach oben', forward: 'Weiter', home: 'Startseite', breadcrumbs: 'Brotkrümelnavigation', moreCrumbs: 'Weitere Ebenen' },
    header: { search: 'Suchen', annotations: 'Anmerkungen', logo: 'Zur Startseite' },
    preview: {
      banner: 'Dieser Vorschau-Link darf nicht produktiv verwendet werden. Produktive Zugangslinks verwalten Sie über den Teilen-Button im Editor.',
    },
    loading: 'Wird geladen …',
    errors: {
      enumerations: {
        errorMessages: {
          notFound: 'Die angeforderte Seite wurde nicht gefunden.',
          noAccess: 'Sie haben keinen Zugriff auf diese Seite.',
          default: 'Es ist ein Fehler aufgetreten.',
        },
      },
      status: 'Fehler {{status}}',
      backToStart: 'Zur Startseite',
    },
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
    list: { empty: 'Keine Inhalte.' },
    language: 'Sprache',
    connectivity: { lostTitle: 'Verbindung unterbrochen', lostMessage: 'Bitte überprüfen Sie Ihre Internetverbindung.', restored: 'Verbindung wiederhergestellt' },
    progress: '{{percent}} % abgeschlossen',
    materialProgress: 'Fortschritt im Kurs: {{percent}} %',
    forwardBlocked: 'Weiter ist erst möglich, wenn alle Sperren auf dieser Seite aufgehoben sind.',
  },
  en: {
    nav: { pages: 'Page navigation', back: 'Back', top: 'Goto top', forward: 'Forward', home: 'Home', breadcrumbs: 'Breadcrumbs', moreCrumbs: 'More levels' },
    header: { search: 'Search', annotations: 'Annotations', logo: 'To the start page' },
    preview: {
      banner: 'This preview link must not be used productively. Productive access links are managed through the Share button in the editor.',
    },
    loading: 'Loading …',
    errors: {
      enumerations: {
        errorMessages: {
          notFound: 'The page you requested could not be found.',
          noAccess: 'You do not have access to this page.',
          default: 'An error occurred.',
        },
      },
      status: 'Error {{status}}',
      backToStart: 'To the start page',
    },
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
    list: { empty: 'No content.' },
    language: 'Language',
    connectivity: { lostTitle: 'Connection lost', lostMessage: 'Please check your internet connection', restored: 'Connection restored' },
    progress: '{{percent}} % complete',
    materialProgress: 'Course progress: {{percent}} %',
    forwardBlocked: 'Forward is possible once every barrier on this page is unlocked.',
  },
} as const;
