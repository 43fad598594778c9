import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n, TFunction } from './core';

/*
 * React bindings of ./core.ts, with react-i18next's names and the part of its API the viewer uses:
 * `useTranslation(ns)` answers `{ t, i18n }` and renders again when the language changes; a lazy
 * namespace suspends the component (its Suspense) until its texts are there, so no key ever shows.
 */

/** Kept on globalThis, like react-i18next's instance: a second copy of this module (tests reset modules) sees it too. */
const CURRENT = Symbol.for('lernwerk.i18n');
type Holder = { [CURRENT]?: I18n };

/** The instance of the app (the last one created): what components outside a provider use. */
export function getI18n(): I18n {
  const current = (globalThis as Holder)[CURRENT];
  if (!current) throw new Error('No i18n instance: create one with createI18n() (i18n/) first');
  return current;
}

export function setI18n(instance: I18n): void {
  (globalThis as Holder)[CURRENT] = instance;
}

const I18nContext = createContext<I18n | undefined>(undefined);

export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(namespace?: string): { t: TFunction; i18n: I18n; ready: true } {
  const i18n = useContext(I18nContext) ?? getI18n();
  const revision = useSyncExternalStore(i18n.subscribe, () => i18n.revision, () => i18n.revision);
  const loading = namespace ? i18n.loadNamespace(namespace) : undefined;
  // Suspends as react-i18next does (React's `use` would wait for an act() that tests need not await).
  if (loading) throw loading;
  // A new function per language (and when its texts arrive), as react-i18next gives: memoised children see the change.
  const t = useMemo<TFunction>(() => {
    const fixed = i18n.getFixedT(namespace);
    return (key, options) => fixed(key, options);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revision: a new t once the texts arrive, which the memo's body does not read
  }, [i18n, namespace, revision]);
  return { t, i18n, ready: true };
}
