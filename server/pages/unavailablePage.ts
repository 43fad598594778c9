import type { Lang } from '../../model/pageData';
import { GENERIC_ERROR_DE, GENERIC_ERROR_EN, type GenericErrorTexts } from '../../model/errorTexts';
import { DISPLAY_FORM_CSS, DISPLAY_PAGE_CSS, type PageDisplay } from './displayOnPage';
import { escapeHtml } from './render';

const TEXTS: Record<Lang, GenericErrorTexts> = { de: GENERIC_ERROR_DE, en: GENERIC_ERROR_EN };

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;color:#111827;background:#f9fafb}' +
  'main{max-width:42rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.5rem;margin:0 0 .75rem}p{margin:0 0 .5rem;color:#374151}' +
  'a{color:#1d4ed8}a:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}.reload{display:inline-flex;align-items:center;min-height:2.75rem;font-weight:600}' +
  DISPLAY_FORM_CSS +
  DISPLAY_PAGE_CSS;

/**
 * A page asked for while the database cannot serve (503): the spec's generic error texts (section 8) in the
 * page's language, a link to load the page asked for (`url`) again, and the display options. Plain html, no
 * script, and no reload by itself: a page that reloads on a timer is a WCAG 2.2.1 failure (F41), and the
 * Retry-After header tells clients that retry by themselves when to.
 */
export function unavailablePageHtml(lang: Lang, url: string, display: PageDisplay): string {
  const t = TEXTS[lang];
  const status = t.status.replace('{{status}}', '503');
  return (
    `<!doctype html>\n<html lang="${lang}"${display.attributes}><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />` +
    `<title>${escapeHtml(status)}</title><style>${STYLE}</style></head>` +
    `<body>${display.header}<main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.message)}</p>` +
    `<p>${escapeHtml(status)}</p><p><a class="reload" href="${escapeHtml(url)}">${escapeHtml(t.reload)}</a></p></main></body></html>\n`
  );
}
