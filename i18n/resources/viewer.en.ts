import { GENERIC_ERROR_EN } from '../../model/errorTexts';
/** Texts of the viewer shell: header, navigation, notices, errors (spec sections 2, 8). English. A chunk of their own, loaded for English pages and the language switch (../index.ts). */
export const viewerEn = {
  nav: { pages: 'Page navigation', back: 'Back', top: 'Goto top', forward: 'Forward', home: 'Home', breadcrumbs: 'Breadcrumbs', moreCrumbs: 'More levels' },
  header: { search: 'Search', annotations: 'Annotations', logo: 'To the start page', print: 'Print', display: 'Display' },
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
    status: GENERIC_ERROR_EN.status,
    toCourseStart: 'To the start of the course',
  },
  list: { empty: 'No content.' },
  language: 'Language',
  connectivity: { lostTitle: 'Connection lost', lostMessage: 'Please check your internet connection', restored: 'Connection restored' },
  progress: '{{percent}} % complete',
  materialProgress: 'Course progress: {{percent}} %',
  toasts: {
    close: 'Close',
    conflictTitle: 'Conflict',
    conflictMessage: 'The resource has been modified. Please reload the page.',
    genericTitle: GENERIC_ERROR_EN.title,
    genericMessage: GENERIC_ERROR_EN.message,
    sessionExpired: 'Your session has expired. Please refresh the page.',
    logoutFailed: 'Logging out did not work. Please try again.',
  },
  guest: { save: 'Save learning progress', saveShort: 'Save', name: 'Learning progress saved for {{name}}', copyFailed: 'Copying is not possible: please copy the link from the address bar.' },
  saveState: {
    local: 'Saved in this browser',
    saved: 'Saved',
    savedLong: 'All changes are saved.',
    saving: 'Saving …',
    pending_one: '{{count}} change not saved',
    pending_other: '{{count}} changes not saved',
    reasons: {
      offline: 'You are offline. Your changes are saved as soon as the connection is back.',
      guestName: 'Save your learning progress to continue later.',
      server: 'The server cannot be reached. Saving is retried.',
      forbidden: 'Your session is no longer valid. Please reload the page.',
    },
    keptHere: 'Until then they are kept in this browser.',
    memoryOnly: 'This browser does not let the page keep them: leave the page open until everything is saved.',
    notKept: 'Not saved',
    notKeptLong: 'This browser does not let the page keep your work: a reload loses it.',
  },
  forwardBlocked: 'Forward is possible once every barrier on this page is unlocked.',
} as const;
