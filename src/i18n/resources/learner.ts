import type { I18n } from '../core';

/**
 * Texts of the guest-save dialog, the login page and the account menu (spec sections 2, 5, 6). Loaded with those lazy
 * chunks, not with the first paint: call `addLearnerTexts(i18n)` before they render.
 */
export const learner = {
  de: {
    dialog: {
      title: 'Lernstand speichern',
      titleSaved: 'Dein Lernstand ist gespeichert',
      close: 'Schließen',
      formHeading: 'Speichere deinen Fortschritt und lerne später weiter',
      firstName: 'Vorname',
      lastName: 'Nachname',
      submit: 'Speichern',
      submitting: 'Wird gespeichert …',
      failed: 'Der Lernstand konnte nicht gespeichert werden. Bitte versuche es erneut.',
      urlNote: 'Notiere dir diese URL, um deinen Lernstand später wiederherzustellen:',
      copyLink: 'Link kopieren',
      copied: 'In die Zwischenablage kopiert',
      remembered: 'Dieser Browser merkt sich deinen Lernstand: Auch über den normalen Link lernst du hier weiter. Auf einem geteilten Gerät lass ihn vergessen – mit deinem Link kommst du jederzeit zurück.',
      forget: 'In diesem Browser vergessen',
      forgetting: 'Wird vergessen …',
      forgetFailed: 'Das hat nicht geklappt. Bitte versuche es erneut.',
    },
    errors: { required: 'Pflichtfeld' },
    login: {
      title: 'Anmelden',
      intro: 'Melde dich an, um «{{title}}» zu öffnen.',
      email: 'E-Mail',
      password: 'Passwort',
      submit: 'Anmelden',
      submitting: 'Wird angemeldet …',
      wrong: 'E-Mail oder Passwort ist falsch.',
      failed: 'Die Anmeldung ist fehlgeschlagen. Bitte versuche es erneut.',
      throttled: 'Zu viele fehlgeschlagene Anmeldungen. Bitte versuche es später erneut.',
    },
    account: {
      menu: 'Konto von {{name}}',
      signedInAs: 'Angemeldet als',
      logout: 'Abmelden',
      loggingOut: 'Wird abgemeldet …',
    },
  },
  en: {
    dialog: {
      title: 'Save learning progress',
      titleSaved: 'Your learning progress is saved',
      close: 'Close',
      formHeading: 'Save your progress and continue learning later',
      firstName: 'First name',
      lastName: 'Last name',
      submit: 'Save',
      submitting: 'Saving …',
      failed: 'Your learning progress could not be saved. Please try again.',
      urlNote: 'Note this URL to regain your learning status later:',
      copyLink: 'Copy link',
      copied: 'Copied to clipboard',
      remembered: 'This browser remembers your learning progress: the plain link continues it here too. On a shared device, let it forget – your link brings you back at any time.',
      forget: 'Forget in this browser',
      forgetting: 'Forgetting …',
      forgetFailed: 'That did not work. Please try again.',
    },
    errors: { required: 'Required' },
    login: {
      title: 'Log in',
      intro: 'Log in to open “{{title}}”.',
      email: 'Email',
      password: 'Password',
      submit: 'Log in',
      submitting: 'Logging in …',
      wrong: 'Email or password is wrong.',
      failed: 'Logging in failed. Please try again.',
      throttled: 'Too many failed logins. Please try again later.',
    },
    account: {
      menu: 'Account of {{name}}',
      signedInAs: 'Logged in as',
      logout: 'Log out',
      loggingOut: 'Logging out …',
    },
  },
} as const;

export function addLearnerTexts(instance: I18n): void {
  for (const lang of ['de', 'en'] as const) {
    if (!instance.hasResourceBundle(lang, 'learner')) instance.addResourceBundle(lang, 'learner', learner[lang]);
  }
}
