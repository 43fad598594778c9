import type { TextBundle } from './core';

/** A kind's texts in both languages, as its folder holds them (`src/kinds/<kind>/<kind>.texts.ts`). */
export type KindTexts = { readonly de: TextBundle; readonly en: TextBundle };

const registered = new Map<string, KindTexts>();

/**
 * Makes a lazy kind's texts the namespace `namespace` of every i18n instance: the kind's module
 * registers them when its chunk runs, so they travel with its code, not with the first paint, and
 * `useTranslation(namespace)` reads them at once (nothing to wait for). Answers the namespace.
 */
export function kindTextsNamespace(namespace: string, texts: KindTexts): string {
  registered.set(namespace, texts);
  return namespace;
}

/** The registered texts of a kind's namespace in `language`, or undefined for no such namespace. */
export function kindTextsOf(language: string, namespace: string): TextBundle | undefined {
  const texts = registered.get(namespace);
  if (!texts) return undefined;
  return language === 'en' ? texts.en : language === 'de' ? texts.de : {};
}
