import { DISPLAY_COOKIE, displayAttributes, parseDisplayValue, TEXT_SIZES } from '../../model/displayPreferences';
import { escapeHtml } from './render';

/*
 * The learner's display preferences (model/displayPreferences.ts) on the pages this server draws without the
 * app and its stylesheet: the landing page, the certificate check and the page of a moment's unavailability.
 * The browser sends the cookie the viewer keeps them in (on this site's own pages: pages embedded in an LMS
 * get no cookie of ours), the page carries them on `<html>` as the viewer's pages do, and DISPLAY_PAGE_CSS,
 * part of each page's own style, does what those pages need: larger text, high contrast, the readable
 * font's wider spacing (its font files belong to the app's build). They move nothing, so motion needs no rule.
 */

/** The `<html>` attributes of the preferences in the request's cookie, as html (` data-text-size="150"`…). */
export function displayAttributesHtml(cookies: Readonly<Record<string, string | undefined>> | undefined): string {
  const attributes = displayAttributes(parseDisplayValue(cookies?.[DISPLAY_COOKIE]));
  return Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
}

/** Rules for those attributes; the pages size their text in rem and em, so the root's size carries it. */
export const DISPLAY_PAGE_CSS =
  TEXT_SIZES.filter((size) => size !== 100)
    .map((size) => `html[data-text-size="${size}"]{font-size:${size}%}`)
    .join('') +
  'html[data-contrast="more"] body,html[data-contrast="more"] body *{color:#000;border-color:#000}' +
  'html[data-contrast="more"] a{color:#1e3a8a}' +
  'html[data-font="readable"] body{letter-spacing:.03em;word-spacing:.12em;line-height:1.7}';
