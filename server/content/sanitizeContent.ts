import { JSDOM } from 'jsdom';
import type { z } from 'zod';
import { mapContentHtml } from '../../src/model/contentHtml';
import { sanitizeHtml, useSanitizerWindow } from '../../src/model/sanitize';

let ready = false;

/**
 * Content as the server stores and serves it: every html field (by the schemas of src/model)
 * sanitised with the rules of src/model/sanitize.ts. Done once, at import, so browsers render html
 * without sanitising it again (src/ui/SafeHtml); the same fragment is sanitised once per call.
 */
export function sanitizeContent<T>(schema: z.ZodType, content: T): T {
  if (!ready) {
    useSanitizerWindow(new JSDOM('').window);
    ready = true;
  }
  const done = new Map<string, string>();
  return mapContentHtml(schema, content, (html) => {
    let clean = done.get(html);
    if (clean === undefined) {
      clean = sanitizeHtml(html);
      done.set(html, clean);
    }
    return clean;
  });
}
