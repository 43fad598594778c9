import * as z from 'zod/mini';

/** `text` at most `max` UTF-16 units long, an ellipsis ending what was cut, never split between the halves of a surrogate pair. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : text;
}

/** Longest parts of a browser's error report; the browser cuts to these before sending (src/errorReporting/reportErrors.ts). */
export const CLIENT_ERROR_LIMITS = { type: 200, message: 2000, stack: 16_000, page: 2000 } as const;

/**
 * An error in a learner's browser, sent to `POST /api/client-errors` when the error-reporting service is
 * configured (spec section 7); the server passes it on to the service. `page` is the page's path only:
 * the query (a guest session's id) never leaves the browser.
 */
export const ClientErrorReport = z.strictObject({
  /** An uncaught error, an unhandled rejection, or an error the app logged (console.error). */
  kind: z.enum(['error', 'rejection', 'console']),
  type: z.string().check(z.maxLength(CLIENT_ERROR_LIMITS.type)),
  message: z.string().check(z.maxLength(CLIENT_ERROR_LIMITS.message)),
  stack: z.optional(z.string().check(z.maxLength(CLIENT_ERROR_LIMITS.stack))),
  page: z.string().check(z.maxLength(CLIENT_ERROR_LIMITS.page), z.startsWith('/')),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;
