import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { DEFAULT_DISPLAY, DISPLAY_COOKIE, DISPLAY_COOKIE_MAX_AGE_S, displayValue, TEXT_SIZES, type DisplayPreferences } from '../../model/displayPreferences';
import { HttpError, parseBody } from '../http/errors';
import { isOriginOf } from '../http/requestOrigin';
import { returnPath } from '../pages/displayOnPage';

/** A form of a few fields: far below this. */
const FORM_LIMIT_BYTES = 4096;

/** What the display form of a page drawn without the app sends (server/pages/displayOnPage.ts); a checkbox left off is absent. */
const DisplayForm = z.strictObject({
  return: z.optional(z.string().check(z.maxLength(2000))),
  textSize: z.optional(z.literal(TEXT_SIZES.map(String))),
  contrast: z.optional(z.literal('more')),
  motion: z.optional(z.literal('reduce')),
  font: z.optional(z.literal('readable')),
  reset: z.optional(z.literal('1')),
});

/**
 * `POST /display` (a form, `application/x-www-form-urlencoded`): keeps the display preferences chosen on a
 * page drawn without the app (the landing page, the certificate check, the page of a moment's unavailability) in
 * the cookie the viewer keeps them in,
 * and sends the browser back to that page (303), which the server then draws with them. Reset writes the defaults rather than removing the cookie: the viewer's copy in
 * localStorage would otherwise bring the old ones back. A form posted from another site is refused (403),
 * a malformed one is a 400 naming the field; neither sets anything.
 */
export async function displayFormRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(body as string)) fields[name] = value;
    done(null, fields);
  });

  app.post('/display', async (request, reply) => {
    // The browser's word (Fetch Metadata) where it gives it; else the Origin, unless a no-referrer page made it "null".
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const fromElsewhere =
      site !== undefined ? site !== 'same-origin' && site !== 'none' : origin !== undefined && origin !== 'null' && !isOriginOf(request, origin);
    if (fromElsewhere) {
      throw new HttpError(403, 'The display options are set from this site’s own pages only.');
    }
    const form = parseBody(DisplayForm, request.body ?? {});
    const preferences: DisplayPreferences = form.reset
      ? DEFAULT_DISPLAY
      : {
          textSize: Number(form.textSize ?? DEFAULT_DISPLAY.textSize) as (typeof TEXT_SIZES)[number],
          contrast: form.contrast ?? 'system',
          motion: form.motion ?? 'system',
          font: form.font ?? 'default',
        };
    return reply
      .setCookie(DISPLAY_COOKIE, displayValue(preferences), { path: '/', maxAge: DISPLAY_COOKIE_MAX_AGE_S, sameSite: 'lax', secure: request.protocol === 'https', httpOnly: false })
      .header('cache-control', 'no-store')
      .redirect(returnPath(form.return), 303);
  });
}
