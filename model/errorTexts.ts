/*
 * The spec's generic error texts (section 8): the viewer's toasts and error views (i18n/resources/viewer.*.ts)
 * and the page the server answers while its database cannot serve (server/pages/unavailablePage.ts) show the
 * same words. One constant per language: the first route carries only the German one.
 */

export interface GenericErrorTexts {
  /** A failed request's toast title, and the unavailable page's heading. */
  title: string;
  message: string;
  /** The status line; `{{status}}` stands for the HTTP status. */
  status: string;
  /** The unavailable page's link to the page asked for. */
  reload: string;
}

export const GENERIC_ERROR_DE: GenericErrorTexts = {
  title: 'Hoppla, da ist etwas schiefgelaufen!',
  message: 'Es ist ein Fehler aufgetreten. Bitte versuche es erneut oder lade die Seite neu.',
  status: 'Fehler {{status}}',
  reload: 'Seite neu laden',
};

export const GENERIC_ERROR_EN: GenericErrorTexts = {
  title: 'Oops, something went wrong!',
  message: 'An error occurred. Please try again or reload the page.',
  status: 'Error {{status}}',
  reload: 'Reload the page',
};
