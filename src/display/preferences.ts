import {
  DISPLAY_ATTRIBUTES,
  DISPLAY_COOKIE,
  DISPLAY_COOKIE_MAX_AGE_S,
  DISPLAY_STORAGE_KEY,
  displayAttributes,
  displayValue,
  parseDisplayValue,
  type DisplayPreferences,
} from '../../model/displayPreferences';

/*
 * Where the browser keeps the learner's display preferences: localStorage, and a copy in a cookie
 * that the server reads to draw the first paint with them (server/routes/pages.ts). localStorage is
 * the record; the cookie follows it (./sync.ts restores it when it went missing).
 */

function storedValue(): string | null {
  try {
    return localStorage.getItem(DISPLAY_STORAGE_KEY);
  } catch {
    // Storage blocked by the browser's privacy settings: the cookie alone keeps them.
    return null;
  }
}

/** The cookie's value as the browser has it now. */
export function cookieValue(cookies = document.cookie): string | null {
  const prefix = `${DISPLAY_COOKIE}=`;
  const found = cookies.split(/;\s*/).find((cookie) => cookie.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

/** The preferences this browser keeps (localStorage, else the cookie; the defaults when neither has any). */
export function readPreferences(): DisplayPreferences {
  return parseDisplayValue(storedValue() ?? cookieValue());
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

/** Keeps the preferences (localStorage and the cookie) and applies them to the page. */
export function savePreferences(preferences: DisplayPreferences): void {
  const value = displayValue(preferences);
  try {
    localStorage.setItem(DISPLAY_STORAGE_KEY, value);
  } catch {
    // Blocked or full: the cookie keeps them.
  }
  writeCookie(value);
  applyPreferences(preferences);
}

/**
 * After the first paint: the page as this browser's preferences want it, and the cookie in step with
 * localStorage. A page the service worker kept (offline), or one drawn after the cookie was cleared,
 * may carry other attributes than the ones kept.
 */
export function syncPreferences(): void {
  const stored = storedValue();
  if (stored === null) return;
  const preferences = parseDisplayValue(stored);
  if (cookieValue() !== displayValue(preferences)) writeCookie(displayValue(preferences));
  applyPreferences(preferences);
}
