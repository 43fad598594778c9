import { createContext, createElement, use, useContext, type HTMLAttributes } from 'react';

type SafeHtmlProps = {
  /** Untrusted html from content. */
  html: string;
  as?: 'div' | 'span' | 'p' | 'figcaption' | 'blockquote' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'label' | 'legend';
} & Omit<HTMLAttributes<HTMLElement>, 'dangerouslySetInnerHTML' | 'children'>;

/**
 * True where the html comes from this server's content calls: the server stores content html
 * sanitised by the same rules at import (server/content/sanitizeContent.ts), so it is rendered as
 * it arrives, and the page's Content-Security-Policy (no inline script) stands behind it. Anywhere
 * else (markup made in the browser, a test) SafeHtml sanitises itself.
 */
export const ServerSanitizedHtml = createContext(false);

type Sanitize = (html: string) => string;
let sanitize: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

/** The sanitiser (DOMPurify) is a chunk of its own: pages of server content never load it. */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('../model/sanitize').then((module) => (sanitize = module.sanitizeHtml));
  return loading;
}

const CACHE_LIMIT = 2000;
const sanitized = new Map<string, string>();

/** Each distinct fragment is sanitised once (a page repeats feedback texts, labels …). */
function sanitizedOnce(run: Sanitize, html: string): string {
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = run(html);
    if (sanitized.size >= CACHE_LIMIT) sanitized.delete(sanitized.keys().next().value!);
    sanitized.set(html, clean);
  }
  return clean;
}

/** The one place where html reaches the DOM: sanitised on the server or here; marked `data-html` (the stylesheet tells authored text from the interface's by it). */
export function SafeHtml({ html, as = 'div', ...rest }: SafeHtmlProps) {
  const fromServer = useContext(ServerSanitizedHtml);
  const clean = fromServer ? html : sanitizedOnce(sanitize ?? use(loadSanitizer()), html);
  return createElement(as, { ...rest, 'data-html': '', dangerouslySetInnerHTML: { __html: clean } });
}
