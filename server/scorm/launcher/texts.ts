/*
 * The launch page's texts: German (the product's default language) and English, chosen by the
 * browser's language (`navigator.language` starting with "en": English). Browser code of the launch
 * page (server/scorm/launcher/).
 */

export type LaunchLanguage = 'de' | 'en';

export const launchLanguage = (navigatorLanguage: string | undefined | null): LaunchLanguage =>
  (navigatorLanguage ?? '').toLowerCase().startsWith('en') ? 'en' : 'de';

type Fill = Record<string, string | number>;
const fill = (text: string, values: Fill) => text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));

const TEXTS = {
  de: {
    connecting: 'Verbindung zur Lernplattform wird hergestellt …',
    noLmsTitle: 'Dieser Kurs muss aus einer Lernplattform (LMS) gestartet werden.',
    noLmsBody:
      'Diese Seite hat keine SCORM-Schnittstelle ({api}) gefunden. Ohne sie würden Fortschritt und Ergebnisse nirgends gespeichert, deshalb wird der Kurs hier nicht geöffnet. Bitte starten Sie ihn über Ihre Lernplattform.',
    noLmsLink: 'Kurs trotzdem ansehen, ohne dass etwas gespeichert wird',
    failedTitle: 'Die Lernplattform hat den Start des Kurses abgelehnt.',
    failedBody: 'Fehler {code}: {message}. Bitte schließen Sie dieses Fenster und starten Sie den Kurs erneut über Ihre Lernplattform.',
    lmsError: 'Die Lernplattform meldet einen Fehler beim Speichern ({code}: {message}). Beim nächsten Speichern wird es erneut versucht.',
    suspendDataTooLong:
      'Ihr Lernstand ist zu groß für diese Lernplattform ({length} von höchstens {limit} Zeichen) und wurde dort nicht gespeichert; der zuletzt gespeicherte bleibt erhalten.',
    terminated: 'Die Sitzung ist beendet. Sie können dieses Fenster schließen.',
    originMismatch:
      'Der Kurs meldet sich von {origin}, dieses Kurspaket erwartet ihn aber von {expected}: Fortschritt und Ergebnisse werden deshalb nicht gespeichert. Bitte wenden Sie sich an die Administration (Paket mit --origin {origin} neu exportieren).',
    frameTitle: 'Kurs: {title}',
  },
  en: {
    connecting: 'Connecting to the learning platform …',
    noLmsTitle: 'This course must be started from a learning platform (LMS).',
    noLmsBody:
      'This page found no SCORM interface ({api}). Without it your progress and results would be saved nowhere, so the course is not opened here. Please start it from your learning platform.',
    noLmsLink: 'View the course anyway, with nothing saved',
    failedTitle: 'The learning platform refused to start the course.',
    failedBody: 'Error {code}: {message}. Please close this window and start the course again from your learning platform.',
    lmsError: 'The learning platform reports an error while saving ({code}: {message}). It is tried again with the next save.',
    suspendDataTooLong:
      'Your learning state is too large for this learning platform ({length} of at most {limit} characters) and was not saved there; the state saved last is kept.',
    terminated: 'The session has ended. You can close this window.',
    originMismatch:
      'The course reports from {origin}, but this course package expects it from {expected}: progress and results are therefore not saved. Please contact the administrators (export the package again with --origin {origin}).',
    frameTitle: 'Course: {title}',
  },
} as const;

export type TextKey = keyof (typeof TEXTS)['de'];

export function text(language: LaunchLanguage, key: TextKey, values: Fill = {}): string {
  return fill(TEXTS[language][key], values);
}
