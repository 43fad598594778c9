import { describe, expect, it } from 'vitest';
import { DISPLAY_COOKIE, DISPLAY_COOKIE_MAX_AGE_S } from '../../model/displayPreferences';
import { useTestApp } from './app';
import { useTestDatabase } from './databases';

/*
 * The display options on the pages the server draws without the app (the landing page, the certificate
 * check): a form in their header (server/pages/displayOnPage.ts) that POST /display keeps in the cookie the
 * viewer keeps them in (server/routes/displayForm.ts). No database work: PGlite alone.
 */

const htmlTag = (body: string) => /<html\b[^>]*>/i.exec(body)?.[0] ?? '';
const form = (body: string) => /<form method="post" action="\/display">.*?<\/form>/s.exec(body)?.[0] ?? '';
const checkedValues = (html: string) => [...html.matchAll(/<input type="(?:radio|checkbox)" name="(\w+)" value="(\w+)"[^>]* checked>/g)].map((m) => `${m[1]}=${m[2]}`);

describe('the display options of the pages drawn without the app', () => {
  const t = useTestDatabase('pglite');
  const a = useTestApp(() => t.db);
  const post = (body: string, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }) =>
    a.app.inject({ method: 'POST', url: '/display', payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

  it('the landing page and the certificate check carry them as a form in their header that shows the kept ones and comes back to the page', async () => {
    const landing = await a.app.inject({ url: '/' });
    expect(landing.body).toContain('<body><header class="display-bar"><details><summary>Darstellung</summary>');
    expect(form(landing.body)).toContain('<input type="hidden" name="return" value="/">');
    expect(checkedValues(form(landing.body))).toEqual(['textSize=100']);
    expect(form(landing.body)).toContain('<button type="submit">Übernehmen</button>');

    const verify = await a.app.inject({ url: '/verify/ABCD-EFGH?lang=en', cookies: { [DISPLAY_COOKIE]: '150.more.system.readable' } });
    expect(htmlTag(verify.body)).toBe('<html lang="en" data-text-size="150" data-contrast="more" data-font="readable">');
    expect(verify.body).toContain('<summary>Display</summary>');
    expect(form(verify.body)).toContain('<input type="hidden" name="return" value="/verify/ABCD-EFGH?lang=en">');
    expect(checkedValues(form(verify.body))).toEqual(['textSize=150', 'contrast=more', 'font=readable']);
    expect(verify.headers['content-security-policy']).toContain("form-action 'self'");
    // Each option is named by its label and described by its hint.
    expect(form(verify.body)).toContain('<label><input type="checkbox" name="motion" value="reduce" aria-describedby="display-motion-hint"> Reduce motion</label>');
    expect(form(verify.body)).toContain('<p id="display-motion-hint">');
  });

  it('POST /display keeps the options in the cookie and sends the browser back, to a page drawn with them; Reset writes the defaults', async () => {
    const chosen = await post('return=%2Fverify%2FABCD-EFGH%3Flang%3Den&textSize=175&contrast=more&font=readable');
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe('/verify/ABCD-EFGH?lang=en');
    expect(chosen.headers['cache-control']).toBe('no-store');
    expect(chosen.headers['set-cookie']).toBe(`${DISPLAY_COOKIE}=175.more.system.readable; Max-Age=${DISPLAY_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`);
    const page = await a.app.inject({ url: chosen.headers.location as string, cookies: { [DISPLAY_COOKIE]: '175.more.system.readable' } });
    expect(htmlTag(page.body)).toBe('<html lang="en" data-text-size="175" data-contrast="more" data-font="readable">');

    const reset = await post('return=%2F&textSize=175&motion=reduce&reset=1');
    expect([reset.statusCode, reset.headers.location]).toEqual([303, '/']);
    expect(reset.headers['set-cookie']).toBe(`${DISPLAY_COOKIE}=100.system.system.default; Max-Age=${DISPLAY_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`);
    // The certificate check sends no referrer, so the browser's Origin is "null": its fetch metadata says same-origin.
    const noReferrer = await post('textSize=150', { 'sec-fetch-site': 'same-origin', origin: 'null' });
    expect([noReferrer.statusCode, noReferrer.headers['set-cookie']]).toEqual([303, `${DISPLAY_COOKIE}=150.system.system.default; Max-Age=${DISPLAY_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`]);
    // Every box left off is the default; a browser that sends no fetch metadata (older ones) is let through.
    const plain = await post('textSize=125', {});
    expect([plain.statusCode, plain.headers.location, plain.headers['set-cookie']]).toEqual([303, '/', `${DISPLAY_COOKIE}=125.system.system.default; Max-Age=${DISPLAY_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`]);
  });

  it('goes back only to a path of this site', async () => {
    for (const target of ['//evil.example/', '/\\evil.example/', 'https://evil.example/', 'verify', '/a b', '/x\u0007']) {
      const res = await post(`return=${encodeURIComponent(target)}&textSize=100`);
      expect([res.statusCode, res.headers.location], target).toEqual([303, '/']);
    }
  });

  it('refuses a form from another site (403) and a malformed one (400, naming the field), and sets nothing', async () => {
    const refusals = [
      [await post('textSize=200', { 'sec-fetch-site': 'cross-site' }), 403, ''],
      [await post('textSize=200', { 'sec-fetch-site': 'same-site' }), 403, ''],
      [await post('textSize=200', { origin: 'https://evil.example' }), 403, ''],
      [await post('textSize=200', { 'sec-fetch-site': 'cross-site', origin: 'null' }), 403, ''],
      [await post('textSize=300'), 400, 'textSize'],
      [await post('contrast=less'), 400, 'contrast'],
      [await post('textSize=100&colour=red'), 400, 'colour'],
    ] as const;
    for (const [res, status, field] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['set-cookie'], res.body).toBeUndefined();
      expect(res.body).toContain(field);
    }
  });
});
