import type { Lang } from '../model/pageData';
import { I18n } from './core';
import { lazyNamespaces, loadedQuestionTexts } from './questionTexts';
import { setI18n } from './react';
import { elements } from './resources/elements';
import { viewer } from './resources/viewer';

export type { I18n, TFunction, TOptions } from './core';

/**
 * The fixed texts of the first paint, one namespace per area (`t('viewer:nav.back')`). The
 * `questions` namespace is a lazy chunk (./questionTexts.ts) that `useTranslation('questions')` waits for.
 */
export const resources = {
  de: { viewer: viewer.de, elements: elements.de },
  en: { viewer: viewer.en, elements: elements.en },
} as const;

export const DEFAULT_LANG: Lang = 'de';

/** One instance per app start (components outside a provider use the last one); tests create their own. */
export function createI18n(lang: Lang = DEFAULT_LANG): I18n {
  const questions = loadedQuestionTexts();
  const instance = new I18n({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    defaultNS: 'viewer',
    resources: questions
      ? { de: { ...resources.de, questions: questions.de }, en: { ...resources.en, questions: questions.en } }
      : resources,
    // Bundled namespaces come from `resources`; the backend reads the others when they are first used.
    lazy: { namespaces: ['questions'], languages: ['de', 'en'], read: lazyNamespaces.read },
  });
  setI18n(instance);
  return instance;
}

/** Dates in the current language with the -CH region (spec section 9). */
export function dateLocale(lang: Lang): string {
  return `${lang}-CH`;
}

/** Cards show dd.mm.yyyy. */
export function formatCardDate(iso: string | undefined, lang: Lang): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(dateLocale(lang), { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
}

/** Certificates show a 2-digit day, the long month and the year. */
export function formatCertificateDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(dateLocale(lang), { day: '2-digit', month: 'long', year: 'numeric' }).format(new Date(iso));
}
