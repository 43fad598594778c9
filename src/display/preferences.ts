import {
  DISPLAY_ATTRIBUTES,
  DISPLAY_COOKIE,
  DISPLAY_COOKIE_MAX_AGE_S,
  DISPLAY_STORAGE_KEY,
  displayAttributes,
  displayValue,
  parseDisplayValue,
  readDisplayValue,
  type DisplayPreferences,
} from '../../model/displayPreferences';

/*
 * Where the browser keeps the learner's display preferences: a cookie, which the server reads to draw the
 * first paint with them (server/routes/pages.ts) and which the form on the pages it draws without the app
 * sets (server/routes/displayForm.ts), and a copy in localStorage, which stands in where the cookie went
 * missing (cleared, expired, or blocked in a frame of another site). The cookie decides when both are there:
 * it is the one both sides write. Other tabs follow a change (the `storage` event, and when a tab is shown
 * again: a change made by the form sets no event).
 */

function storedValue(): string | null {
  try {
    return localStorage.getItem(DISPLAY_STORAGE_KEY);
  } catch {
    // Storage blocked by the browser's privacy settings: the cookie alone keeps them.
    return null;
  }
}

function store(value: string): void {
  try {
    localStorage.setItem(DISPLAY_STORAGE_KEY, value);
  } catch {
    // Blocked or full: the cookie keeps them.
  }
}

/** The cookie's value as the browser has it now. */
export function cookieValue(cookies = document.cookie): string | null {
  const prefix = `${DISPLAY_COOKIE}=`;
  const found = cookies.split(/;\s*/).find((cookie) => cookie.startsWith(prefix));
  if (!found) return null;
  try {
    return decodeURIComponent(found.slice(prefix.length));
  } catch {
    // Not ours as written (a stray %): as if missing.
    return null;
  }
}

/** The preferences this browser keeps (the cookie, else localStorage; the defaults when neither has any). */
export function readPreferences(): DisplayPreferences {
  return readDisplayValue(cookieValue()) ?? parseDisplayValue(storedValue());
}

function writeCookie(value: string): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${DISPLAY_COOKIE}=${encodeURIComponent(value)}; path=/; max-age=${DISPLAY_COOKIE_MAX_AGE_S}; samesite=lax${secure}`;
}

/** Puts the preferences' attributes on `<html>` (removing those now at their default). */
export function applyPreferences(preferences: DisplayPreferences, root: HTMLElement = document.documentElement): void {
  const attributes = displayAttributes(preferences);
  for (const name of Object.values(DISPLAY_ATTRIBUTES)) {
    const value = attributes[name];
    if (value === undefined) root.removeAttribute(name);
    else root.setAttribute(name, value);
  }
}

const listeners = new Set<() => void>();
let applied = displayValue(readPreferences());

function apply(preferences: DisplayPreferences): void {
  applyPreferences(preferences);
  const value = displayValue(preferences);
  if (value === applied) return;
  applied = value;
  for (const listener of listeners) listener();
}

/** The preferences applied to this page, as their stored value (`displayValue`): a snapshot for useSyncExternalStore. */
export const appliedDisplayValue = (): string => applied;

/** Calls `listener` whenever the page's preferences change (here, or in another tab); answers the unsubscribe. */
export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the preferences (the cookie and localStorage) and applies them to the page. */
export function savePreferences(preferences: DisplayPreferences): void {
  const value = displayValue(preferences);
  store(value);
  writeCookie(value);
  apply(preferences);
}

/**
 * The page as this browser's preferences want it, the cookie and localStorage in step. A page the service
 * worker kept (offline), one drawn after the cookie was cleared, or a tab open while another changed them,
 * may carry other attributes than the ones kept.
 */
export function syncPreferences(): void {
  const cookie = readDisplayValue(cookieValue());
  const stored = readDisplayValue(storedValue());
  const preferences = cookie ?? stored;
  if (!preferences) return;
  const value = displayValue(preferences);
  if (!cookie) writeCookie(value);
  if (!stored || displayValue(stored) !== value) store(value);
  apply(preferences);
}

/** Keeps this tab in step with the others for as long as the page lives (once per page: the header's button chunk). */
export function followOtherTabs(): void {
  window.addEventListener('storage', (event) => {
    if (event.key === DISPLAY_STORAGE_KEY || event.key === null) syncPreferences();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') syncPreferences();
  });
}
