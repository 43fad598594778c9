import type { Lang } from '../model/pageData';
import { I18n, type TextBundle } from './core';
import { lazyNamespaces, loadedQuestionTexts } from './questionTexts';
import { setI18n } from './react';
import { elementsDe } from './resources/elements.de';
import { viewerDe } from './resources/viewer.de';

export type { I18n, TFunction, TOptions } from './core';

export const DEFAULT_LANG: Lang = 'de';

type LanguageTexts = Record<string, TextBundle>;

/**
 * The fixed texts of the first paint, one namespace per area (`t('viewer:nav.back')`): German here,
 * English a chunk of its own (`loadLanguage`). The `questions` namespace is a lazy chunk
 * (./questionTexts.ts) that `useTranslation('questions')` waits for.
 */
const texts: Partial<Record<Lang, LanguageTexts>> = { de: { viewer: viewerDe, elements: elementsDe } };
const loading: Partial<Record<Lang, Promise<LanguageTexts>>> = {};

/**
 * Loads the first-paint texts of `lang` (German is always there). Await it before creating the
 * instance of a page in that language, so its first render is already translated.
 */
export function loadLanguage(lang: Lang): Promise<LanguageTexts> {
  const loaded = texts[lang];
  if (loaded) return Promise.resolve(loaded);
  // A failed load (offline) is forgotten, so the next call tries again.
  return (loading[lang] ??= import('./resources/en').then(
    (module) => (texts[lang] = module.en),
    (error: unknown) => {
      delete loading[lang];
      throw error;
    },
  ));
}

function isLang(language: string): language is Lang {
  return language === 'de' || language === 'en';
}

/** One instance per app start (components outside a provider use the last one); tests create their own. */
export function createI18n(lang: Lang = DEFAULT_LANG): I18n {
  const questions = loadedQuestionTexts();
  const resources: Record<string, LanguageTexts> = {};
  for (const [language, namespaces] of Object.entries(texts)) {
    resources[language] = questions ? { ...namespaces, questions: questions[language as Lang] } : { ...namespaces };
  }
  const instance = new I18n({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    defaultNS: 'viewer',
    resources,
    // Bundled namespaces come from `resources`; the backend reads the others when they are first used.
    lazy: { has: lazyNamespaces.has, languages: ['de', 'en'], read: lazyNamespaces.read },
    loadLanguage: (language) => (isLang(language) ? loadLanguage(language) : undefined),
  });
  setI18n(instance);
  return instance;
}

/** Dates in the current language with the -CH region (spec section 9). */
export function dateLocale(lang: Lang): string {
  return `${lang}-CH`;
}

/** Certificates show a 2-digit day, the long month and the year. */
export function formatCertificateDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(dateLocale(lang), { day: '2-digit', month: 'long', year: 'numeric' }).format(new Date(iso));
}
