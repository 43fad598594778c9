import * as z from 'zod/mini';

/*
 * How a learner wants the viewer to look (issue 28, point 5): text size, contrast, motion and font.
 * The browser keeps them in a cookie the server reads to draw the first paint with them (server/routes/pages.ts)
 * and sets from the form of the pages it draws without the app (server/routes/displayForm.ts), and in
 * localStorage, which stands in where the cookie went missing; the page carries them as attributes on `<html>`,
 * which the stylesheet reads (src/styles.css).
 */

export const TEXT_SIZES = [100, 125, 150, 175, 200] as const;

export const DisplayPreferences = z.object({
  /** The root font size in percent: everything measured in rem grows with it. */
  textSize: z.literal(TEXT_SIZES),
  /** `more`: high contrast; `system` follows `prefers-contrast: more`. */
  contrast: z.enum(['system', 'more']),
  /** `reduce`: no transitions, no smooth scrolling, no carousel autoplay; `system` follows `prefers-reduced-motion`. */
  motion: z.enum(['system', 'reduce']),
  /** `readable`: Atkinson Hyperlegible with wider letter, word and line spacing. */
  font: z.enum(['default', 'readable']),
});
export type DisplayPreferences = z.infer<typeof DisplayPreferences>;

export const DEFAULT_DISPLAY: DisplayPreferences = { textSize: 100, contrast: 'system', motion: 'system', font: 'default' };

/** The cookie the server reads: not HttpOnly (the page writes it), the whole site, a year. */
export const DISPLAY_COOKIE = 'lernwerk_display';
export const DISPLAY_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** The localStorage key holding the same value. */
export const DISPLAY_STORAGE_KEY = 'lernwerk.display';

/** The stored form, in the order of the fields: `150.more.reduce.readable`. */
export function displayValue(preferences: DisplayPreferences): string {
  return [preferences.textSize, preferences.contrast, preferences.motion, preferences.font].join('.');
}

/** The preferences of a stored value, or null when it is missing or malformed. */
export function readDisplayValue(value: string | null | undefined): DisplayPreferences | null {
  const parts = (value ?? '').split('.');
  if (parts.length !== 4) return null;
  const [textSize, contrast, motion, font] = parts;
  const parsed = DisplayPreferences.safeParse({ textSize: Number(textSize), contrast, motion, font });
  return parsed.success ? parsed.data : null;
}

/** The preferences of a stored value; the defaults for a missing or malformed one (nothing a browser sends can break a page). */
export function parseDisplayValue(value: string | null | undefined): DisplayPreferences {
  return readDisplayValue(value) ?? DEFAULT_DISPLAY;
}

/** The attribute names on `<html>`, each present only when its preference differs from the default. */
export const DISPLAY_ATTRIBUTES = { textSize: 'data-text-size', contrast: 'data-contrast', motion: 'data-motion', font: 'data-font' } as const;

/** The `<html>` attributes of the preferences (only those that differ from the defaults). */
export function displayAttributes(preferences: DisplayPreferences): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const key of Object.keys(DISPLAY_ATTRIBUTES) as (keyof DisplayPreferences)[]) {
    if (preferences[key] !== DEFAULT_DISPLAY[key]) attributes[DISPLAY_ATTRIBUTES[key]] = String(preferences[key]);
  }
  return attributes;
}
