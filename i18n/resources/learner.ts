import type { I18n } from '../core';

/**
 * Texts of the guest-save dialog, the login page, the invitation page and the account menu (spec sections 2, 4, 5, 6). Loaded with those lazy
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
    like: { label: 'Als Favorit merken: {{title}}' },
    invitation: {
      title: 'Einladung',
      intro: 'Du wurdest eingeladen, «{{title}}» zu öffnen.',
      explain: 'Nimm die Einladung an, um mit dem Konto {{email}} zu lernen. Ist es nicht dein Konto, melde dich ab.',
      accept: 'Einladung annehmen',
      accepting: 'Wird angenommen …',
      failed: 'Die Einladung konnte nicht angenommen werden. Bitte versuche es erneut.',
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
    like: { label: 'Keep as a favourite: {{title}}' },
    invitation: {
      title: 'Invitation',
      intro: 'You have been invited to open “{{title}}”.',
      explain: 'Accept the invitation to learn with the account {{email}}. If it is not yours, log out.',
      accept: 'Accept the invitation',
      accepting: 'Accepting …',
      failed: 'The invitation could not be accepted. Please try again.',
    },
  },
} as const;

export function addLearnerTexts(instance: I18n): void {
  for (const lang of ['de', 'en'] as const) {
    if (!instance.hasResourceBundle(lang, 'learner')) instance.addResourceBundle(lang, 'learner', learner[lang]);
  }
}
