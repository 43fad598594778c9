import { DISPLAY_COOKIE, displayAttributes, parseDisplayValue, TEXT_SIZES, type DisplayPreferences } from '../../model/displayPreferences';
import { display } from '../../model/displayTexts';
import type { Lang } from '../../model/pageData';
import { escapeHtml } from './render';

/*
 * The learner's display preferences (model/displayPreferences.ts) on the pages this server draws without the
 * app and its stylesheet: the landing page, the certificate check and the page of a moment's unavailability.
 * The browser sends the cookie the viewer keeps them in (on this site's own pages: pages embedded in an LMS
 * get no cookie of ours), the page carries them on `<html>` as the viewer's pages do, and DISPLAY_PAGE_CSS,
 * part of each page's own style, does what those pages need: larger text, high contrast, the readable
 * font's wider spacing (its font files belong to the app's build). They move nothing, so motion needs no rule.
 * Each has the options in its header as a form without script (`displayFormHtml`), which POST /display keeps
 * in that cookie (server/routes/displayForm.ts).
 */

type Cookies = Readonly<Record<string, string | undefined>> | undefined;

/** The `<html>` attributes of the preferences in the request's cookie, as html (` data-text-size="150"`…). */
function displayAttributesHtml(cookies: Cookies): string {
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

/** What a page drawn without the app carries of the display preferences: its `<html>` attributes and its header. */
export interface PageDisplay {
  attributes: string;
  header: string;
}

/** The display preferences of the request's cookie on the page it asked for (`url`: the path the form comes back to). */
export function pageDisplay(request: { cookies?: Cookies; url: string }, lang: Lang): PageDisplay {
  return { attributes: displayAttributesHtml(request.cookies), header: displayFormHtml(lang, request.cookies, request.url) };
}

/** Where POST /display sends the browser back to: a path of this site (never `//host` or `/\\host`), else `/`. */
export function returnPath(value: string | undefined): string {
  return value && /^\/(?![/\\])[^\s\u0000-\u001f]*$/.test(value) && value.length <= 2000 ? value : '/';
}

/**
 * The header of a page drawn without the app: the display options as a disclosure holding a form, which
 * posts them to /display and comes back to `returnTo` (this page's own path and query). It shows the
 * preferences the cookie holds now; the submit buttons are Apply and Reset.
 */
export function displayFormHtml(lang: Lang, cookies: Cookies, returnTo: string): string {
  const t = display[lang];
  const kept = parseDisplayValue(cookies?.[DISPLAY_COOKIE]);
  const checked = (on: boolean) => (on ? ' checked' : '');
  const sizes = TEXT_SIZES.map(
    (size) => `<label class="size"><input type="radio" name="textSize" value="${size}"${checked(kept.textSize === size)}> ${size} %</label>`,
  ).join('');
  const toggle = <K extends 'contrast' | 'motion' | 'font'>(key: K, on: DisplayPreferences[K], label: string, hint: string) =>
    `<div class="toggle"><label><input type="checkbox" name="${key}" value="${on}" aria-describedby="display-${key}-hint"${checked(kept[key] === on)}> ${escapeHtml(label)}</label>` +
    `<p id="display-${key}-hint">${escapeHtml(hint)}</p></div>`;
  return (
    `<header class="display-bar"><details><summary>${escapeHtml(t.title)}</summary>` +
    `<form method="post" action="/display"><input type="hidden" name="return" value="${escapeHtml(returnPath(returnTo))}">` +
    `<p>${escapeHtml(t.intro)}</p><fieldset><legend>${escapeHtml(t.textSize)}</legend><div class="sizes">${sizes}</div></fieldset>` +
    toggle('contrast', 'more', t.contrast, t.contrastHint) +
    toggle('motion', 'reduce', t.motion, t.motionHint) +
    toggle('font', 'readable', t.font, t.fontHint) +
    `<div class="actions"><button type="submit">${escapeHtml(t.apply)}</button><button type="submit" name="reset" value="1" class="secondary">${escapeHtml(t.reset)}</button></div>` +
    `</form></details></header>`
  );
}

/** The form's rules (`displayFormHtml`): targets of 44 px, a visible focus, in the flow of the page at any text size. */
export const DISPLAY_FORM_CSS =
  '.display-bar{max-width:42rem;margin:0 auto;padding:.75rem 1.25rem 0;display:flex;justify-content:flex-end}' +
  '.display-bar details{display:flex;flex-direction:column;align-items:flex-end;max-width:100%}' +
  '.display-bar summary{cursor:pointer;display:inline-flex;align-items:center;min-height:2.75rem;padding:0 1rem;border:1px solid #4b5563;border-radius:.5rem;background:#fff;color:#111827;font-weight:500}' +
  '.display-bar form{margin-top:.5rem;padding:1rem;border:1px solid #d1d5db;border-radius:.5rem;background:#fff;max-width:22rem;text-align:start}' +
  '.display-bar p{margin:0 0 .75rem;font-size:.875rem;color:#4b5563}.display-bar fieldset{border:0;padding:0;margin:0 0 .75rem}' +
  '.display-bar legend{font-weight:500;margin-bottom:.25rem}.display-bar .sizes{display:flex;flex-wrap:wrap;gap:.25rem}' +
  '.display-bar label{display:inline-flex;align-items:center;gap:.5rem;min-height:2.75rem;min-width:2.75rem}' +
  '.display-bar .size{padding:0 .5rem;border:1px solid #9ca3af;border-radius:.4rem}.display-bar .toggle p{margin:0 0 .5rem}' +
  '.display-bar input{width:1.25rem;height:1.25rem;margin:0}.display-bar .actions{display:flex;flex-wrap:wrap;gap:.5rem}' +
  '.display-bar button{min-height:2.75rem;padding:0 1rem;border:1px solid #1d4ed8;border-radius:.5rem;background:#1d4ed8;color:#fff;font:inherit}' +
  '.display-bar button.secondary{background:#fff;color:#111827;border-color:#4b5563}' +
  // High contrast turns every text black (DISPLAY_PAGE_CSS): the buttons go black on white with it.
  'html[data-contrast="more"] .display-bar button{background:#fff;color:#000;border:2px solid #000}' +
  '.display-bar summary:focus-visible,.display-bar input:focus-visible,.display-bar button:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}';
