import fs from 'node:fs/promises';
import path from 'node:path';
import { jsonInScript } from '../../model/jsonInScript';
import type { PageData } from '../../model/pageData';

export const PAGE_DATA_MARKER = '<!--page-data-->';

/** Used when the client is not built (tests before `vite build`). */
export const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Lernwerk</title>
    ${PAGE_DATA_MARKER}
  </head>
  <body>
    <div id="root"></div>
    <div id="live-polite" class="sr-only" aria-live="polite" data-live-announcer="polite"></div>
    <div id="live-assertive" class="sr-only" aria-live="assertive" data-live-announcer="assertive"></div>
  </body>
</html>
`;

let cachedTemplate: { file: string; mtimeMs: number; html: string } | null = null;

/**
 * The built client's index.html with its stylesheets inlined (`inlineStylesheets`), read again when the
 * file changed, so a new build is picked up; the fallback when there is none.
 */
export async function readIndexTemplate(clientDir: string): Promise<string> {
  const file = path.join(clientDir, 'index.html');
  try {
    const { mtimeMs } = await fs.stat(file);
    if (cachedTemplate?.file !== file || cachedTemplate.mtimeMs !== mtimeMs) {
      cachedTemplate = { file, mtimeMs, html: await inlineStylesheets(await fs.readFile(file, 'utf8'), clientDir) };
    }
    return cachedTemplate.html;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return FALLBACK_TEMPLATE;
    throw error;
  }
}

const STYLESHEET_LINK = /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="\/app\/(assets\/[\w.-]+\.css)"[^>]*>/gi;

/**
 * The build's stylesheet links (`/app/assets/NAME.css`) replaced by `<style>` with the file's text: the
 * first paint (the shell, server/pages/shell.ts) then waits for no request; as a link it queued behind
 * the entry's chunks and the material (docs/decisions.md). The policy allows inline styles (./../http/
 * contentSecurityPolicy.ts). A file that cannot be read, or whose text could end the element, stays a link.
 */
export async function inlineStylesheets(html: string, clientDir: string): Promise<string> {
  const styles = new Map<string, string | null>();
  for (const [, file] of html.matchAll(STYLESHEET_LINK)) {
    const text = await fs.readFile(path.join(clientDir, file), 'utf8').catch(() => null);
    styles.set(file, text !== null && !/<\/style/i.test(text) ? text : null);
  }
  return html.replace(STYLESHEET_LINK, (link, file: string) => {
    const text = styles.get(file);
    return text ? `<style>${text}</style>` : link;
  });
}

/** The page data as JSON that is safe inside a script element (model/jsonInScript.ts). */
export function serializePageData(data: PageData): string {
  return jsonInScript(data);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** What a page carries besides its data (all html, inserted as given). */
export interface PageParts {
  /** Drawn before the app's code runs (server/pages/shell.ts): before the app's root. */
  shell?: string;
  /** Preload links: at the end of the head. */
  head?: string;
  /** Right after the page data, before the entry script (which may run as soon as it has loaded). */
  beforeEntry?: string;
  /** Attributes added to `<html>` (names as given, values escaped): the learner's display preferences, `dir`. */
  htmlAttributes?: Record<string, string>;
}

/**
 * index.html with the page data in place of the marker, `<html lang>` (and `htmlAttributes`) and `<title>` set, and the parts:
 * `beforeEntry` after the page data, `shell` before the app's root, and `head` at the end of the head:
 * after the entry script and the stylesheet, which the first paint waits for and which the browser
 * would otherwise request behind every preload (six connections per host on HTTP/1.1).
 */
export function renderPage(template: string, data: PageData, title: string, parts: PageParts = {}): string {
  const { shell = '', head = '', beforeEntry = '', htmlAttributes = {} } = parts;
  const script = `<script type="application/json" id="page-data">${serializePageData(data)}</script>${beforeEntry ? `\n    ${beforeEntry}` : ''}`;
  let html = template.includes(PAGE_DATA_MARKER)
    ? template.replace(PAGE_DATA_MARKER, () => script)
    : template.replace(/<\/head>/i, () => `${script}\n</head>`);
  if (head) html = html.replace(/\n?(\s*)<\/head>/i, (_end, indent: string) => `\n    ${head}\n${indent}</head>`);
  html = /<html\b[^>]*\blang=/i.test(html)
    ? html.replace(/(<html\b[^>]*\blang=)("[^"]*"|'[^']*'|[^\s>]+)/i, (_m, start: string) => `${start}"${data.lang}"`)
    : html.replace(/<html\b/i, () => `<html lang="${data.lang}"`);
  const attributes = Object.entries(htmlAttributes).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
  if (attributes) html = html.replace(/<html\b/i, (start) => `${start}${attributes}`);
  if (shell) html = html.replace(/<div id="root">/i, (root) => `${shell}\n    ${root}`);
  const safeTitle = escapeHtml(title);
  html = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${safeTitle}</title>`)
    : html.replace(/<\/head>/i, () => `<title>${safeTitle}</title>\n</head>`);
  return html;
}
