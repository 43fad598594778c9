/*
 * The AU launch page's texts: German (the product's default language) and English, chosen by the
 * learner's language preference in the LMS (cmi5LearnerPreferences), else the browser's language.
 * Browser code of the launch page (server/cmi5/launcher/).
 */

export type LaunchLanguage = 'de' | 'en';

/** The first of `tags` (most preferred first) this page speaks; else the browser's language; else German. */
export function launchLanguageOf(tags: readonly string[], navigatorLanguage: string | undefined | null): LaunchLanguage {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary === 'de' || primary === 'en') return primary;
  }
  return (navigatorLanguage ?? '').toLowerCase().startsWith('en') ? 'en' : 'de';
}

type Fill = Record<string, string | number>;
const fill = (text: string, values: Fill) => text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));

const TEXTS = {
  de: {
    connecting: 'Verbindung zur Lernplattform wird hergestellt …',
    noLmsTitle: 'Dieser Kurs muss aus einer Lernplattform (LMS) gestartet werden.',
    noLmsBody:
      'Die Adresse dieser Seite enthält keine cmi5-Startparameter ({problem}). Ohne sie würden Fortschritt und Ergebnisse nirgends gespeichert, deshalb wird der Kurs hier nicht geöffnet. Bitte starten Sie ihn über Ihre Lernplattform.',
    viewAnyway: 'Kurs trotzdem ansehen, ohne dass etwas gespeichert wird',
    tokenTitle: 'Die Lernplattform hat den Zugang zur Aufzeichnung verweigert.',
    tokenBody:
      'Fehler: {message}. Fortschritt und Ergebnisse können in dieser Sitzung nicht an die Lernplattform gehen, deshalb wird der Kurs hier nicht geöffnet. Bitte schließen Sie dieses Fenster und starten Sie den Kurs erneut über Ihre Lernplattform.',
    failedTitle: 'Der Kurs konnte nicht mit der Lernplattform starten.',
    failedBody: 'Fehler: {message}. Bitte schließen Sie dieses Fenster und starten Sie den Kurs erneut über Ihre Lernplattform.',
    sendFailed: 'Die Lernplattform nimmt gerade keine Ergebnisse an ({message}). Sie werden gleich erneut gesendet.',
    exit: 'Kurs beenden',
    exiting: 'Die Sitzung wird beendet …',
    terminated: 'Die Sitzung ist beendet. Sie können dieses Fenster schließen.',
    browseMode: 'Ansichtsmodus: Ihre Lernplattform wertet diesen Besuch nicht als Bearbeitung.',
    frameTitle: 'Kurs: {title}',
    learnerFallback: 'Lernende Person',
  },
  en: {
    connecting: 'Connecting to the learning platform …',
    noLmsTitle: 'This course must be started from a learning platform (LMS).',
    noLmsBody:
      'The address of this page holds no cmi5 launch parameters ({problem}). Without them your progress and results would be saved nowhere, so the course is not opened here. Please start it from your learning platform.',
    viewAnyway: 'View the course anyway, with nothing saved',
    tokenTitle: 'The learning platform refused access for recording.',
    tokenBody:
      'Error: {message}. Progress and results cannot reach the learning platform in this session, so the course is not opened here. Please close this window and start the course again from your learning platform.',
    failedTitle: 'The course could not start with the learning platform.',
    failedBody: 'Error: {message}. Please close this window and start the course again from your learning platform.',
    sendFailed: 'The learning platform does not take results right now ({message}). They are sent again shortly.',
    exit: 'Exit course',
    exiting: 'Ending the session …',
    terminated: 'The session has ended. You can close this window.',
    browseMode: 'Browse mode: your learning platform does not count this visit as an attempt.',
    frameTitle: 'Course: {title}',
    learnerFallback: 'Learner',
  },
} as const;

export type TextKey = keyof (typeof TEXTS)['de'];

export function text(language: LaunchLanguage, key: TextKey, values: Fill = {}): string {
  return fill(TEXTS[language][key], values);
}
