import type { z } from 'zod';
import { mapContentHtml } from '../../model/contentHtml';
import { sanitizeEmbed, sanitizeHtml, useSanitizerWindow } from '../../model/sanitize';

let loading: Promise<void> | null = null;
let ready = false;

/**
 * Loads the DOM the sanitiser works in (jsdom). jsdom is the heaviest module of the server
 * (docs/decisions.md), and only an import needs it: so it is loaded the first time
 * content is imported (or re-sanitised), never at start. `importFile` calls this itself; call it
 * before `sanitizeContent`. A failed load is tried again by the next call.
 */
export function loadSanitizer(): Promise<void> {
  loading ??= import('jsdom').then(
    ({ JSDOM }) => {
      useSanitizerWindow(new JSDOM('').window);
      ready = true;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Content as the server stores and serves it: every html field (by the schemas of model)
 * sanitised with the rules of model/sanitize.ts, every embed code reduced to its one safe iframe
 * (browsers never parse an author's raw embed code). Done once, at import, so browsers render html
 * without sanitising it again (paint/SafeHtml); the same fragment is sanitised once per call.
 * Needs `loadSanitizer()` first.
 */
export function sanitizeContent<T>(schema: z.ZodType, content: T): T {
  if (!ready) throw new Error('sanitizeContent before loadSanitizer(): the sanitiser has no DOM yet');
  const once = (sanitize: (html: string) => string) => {
    const done = new Map<string, string>();
    return (html: string) => {
      let clean = done.get(html);
      if (clean === undefined) {
        clean = sanitize(html);
        done.set(html, clean);
      }
      return clean;
    };
  };
  return mapContentHtml(schema, content, once(sanitizeHtml), once(sanitizeEmbed));
}
