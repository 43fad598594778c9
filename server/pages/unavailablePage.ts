import type { Lang } from '../../model/pageData';
import { GENERIC_ERROR_DE, GENERIC_ERROR_EN, type GenericErrorTexts } from '../../model/errorTexts';
import { DISPLAY_PAGE_CSS } from './displayOnPage';
import { escapeHtml } from './render';

const TEXTS: Record<Lang, GenericErrorTexts> = { de: GENERIC_ERROR_DE, en: GENERIC_ERROR_EN };

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;color:#111827;background:#f9fafb}' +
  'main{max-width:42rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.5rem;margin:0 0 .75rem}p{margin:0 0 .5rem;color:#374151}' +
  DISPLAY_PAGE_CSS;

/**
 * A page asked for while the database cannot serve (503): the spec's generic error texts (section 8)
 * in the page's language, and a reload once `retryAfterSeconds` have passed. Plain html, no script. It carries
 * the learner's display preferences but not the form to change them: it reloads itself within seconds.
 */
export function unavailablePageHtml(lang: Lang, retryAfterSeconds: number, displayAttributes = ''): string {
  const t = TEXTS[lang];
  return (
    `<!doctype html>\n<html lang="${lang}"${displayAttributes}><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />` +
    `<meta http-equiv="refresh" content="${retryAfterSeconds}" /><title>${escapeHtml(t.status.replace('{{status}}', '503'))}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.message)}</p>` +
    `<p>${escapeHtml(t.status.replace('{{status}}', '503'))}</p></main></body></html>\n`
  );
}
