import { GENERIC_ERROR_DE } from '../../model/errorTexts';
/** Texts of the viewer shell: header, navigation, notices, errors (spec sections 2, 8). German. The first paint imports only the German texts; English is a chunk of its own (../index.ts). */
export const viewerDe = {
  nav: { pages: 'Seitennavigation', back: 'Zurück', top: 'Nach oben', forward: 'Weiter', home: 'Startseite', breadcrumbs: 'Brotkrümelnavigation', moreCrumbs: 'Weitere Ebenen' },
  header: { search: 'Suchen', annotations: 'Anmerkungen', logo: 'Zur Startseite', print: 'Drucken', display: 'Darstellung' },
  preview: {
    banner: 'Dieser Vorschau-Link darf nicht produktiv verwendet werden. Produktive Zugangslinks verwaltest du im Editor über «Teilen».',
  },
  loading: 'Wird geladen …',
  errors: {
    enumerations: {
      errorMessages: {
        notFound: 'Die angeforderte Seite wurde nicht gefunden.',
        noAccess: 'Du hast keinen Zugriff auf diese Seite.',
        default: 'Es ist ein Fehler aufgetreten.',
      },
    },
    status: GENERIC_ERROR_DE.status,
    toCourseStart: 'Zum Anfang des Kurses',
  },
  list: { empty: 'Keine Inhalte.' },
  language: 'Sprache',
  connectivity: { lostTitle: 'Verbindung unterbrochen', lostMessage: 'Bitte überprüfe deine Internetverbindung.', restored: 'Verbindung wiederhergestellt' },
  progress: '{{percent}} % abgeschlossen',
  materialProgress: 'Fortschritt im Kurs: {{percent}} %',
  toasts: {
    close: 'Schließen',
    conflictTitle: 'Konflikt',
    conflictMessage: 'Die Ressource wurde geändert. Bitte lade die Seite neu.',
    genericTitle: GENERIC_ERROR_DE.title,
    genericMessage: GENERIC_ERROR_DE.message,
    sessionExpired: 'Deine Sitzung ist abgelaufen. Bitte lade die Seite neu.',
    logoutFailed: 'Abmelden war nicht möglich. Bitte versuche es erneut.',
  },
  guest: { save: 'Lernstand speichern', saveShort: 'Speichern', name: 'Lernstand gespeichert für {{name}}', copyFailed: 'Kopieren nicht möglich: Bitte kopiere den Link aus der Adresszeile.' },
  saveState: {
    local: 'In diesem Browser gespeichert',
    saved: 'Gespeichert',
    savedLong: 'Alle Änderungen sind gespeichert.',
    saving: 'Wird gespeichert …',
    pending_one: '{{count}} Änderung nicht gespeichert',
    pending_other: '{{count}} Änderungen nicht gespeichert',
    reasons: {
      offline: 'Du bist offline. Deine Änderungen werden gespeichert, sobald die Verbindung zurück ist.',
      guestName: 'Speichere deinen Lernstand, um später weiterzulernen.',
      server: 'Der Server ist nicht erreichbar. Es wird erneut versucht.',
      forbidden: 'Deine Sitzung ist nicht mehr gültig. Bitte lade die Seite neu.',
    },
    keptHere: 'Bis dahin sind sie in diesem Browser gesichert.',
    memoryOnly: 'Dieser Browser erlaubt der Seite nicht, sie zu sichern: Lass die Seite offen, bis alles gespeichert ist.',
    notKept: 'Nicht gespeichert',
    notKeptLong: 'Dieser Browser erlaubt der Seite nicht, deine Arbeit zu sichern: Beim Neuladen geht sie verloren.',
  },
  forwardBlocked: 'Weiter ist erst möglich, wenn alle Sperren auf dieser Seite aufgehoben sind.',
} as const;
