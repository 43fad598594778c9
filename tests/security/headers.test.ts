import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { parseFrameAncestors } from '../../server/http/contentSecurityPolicy';
import { importFile } from '../../server/store/import';
import { useTestApp } from '../server/app';
import { useTestDatabase } from '../server/databases';
import { smallMaterial } from '../server/fixtures';

/*
 * Issue 14, point 5: the page carries a strict Content-Security-Policy (no inline script, no eval; the
 * page data a JSON script element that never runs) and every answer the usual protective headers,
 * without keeping the viewer out of the sites and LMSs that frame it.
 */
describe('security headers', () => {
  const t = useTestDatabase('pglite');
  const a = useTestApp(() => t.db);
  const framed = useTestApp(() => t.db, { frameAncestors: parseFrameAncestors('https://lms.school.example https://*.school.example') });

  const directives = (csp: string) => new Map(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

  it('a share page: a strict CSP that lets any page frame it, the page data never executed, and the usual headers', async () => {
    const { share } = await importFile(t.db, smallMaterial('headers'), { share: 'public' });
    const res = await a.app.inject({ url: `/s/${share.publicId}/` });
    expect(res.statusCode).toBe(200);
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('frame-ancestors'), 'any page may frame a share, a local file too').toBe(false);
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-eval');
    expect(res.headers['x-frame-options'], 'embedding is governed by frame-ancestors').toBeUndefined();
    expect(res.headers['cross-origin-opener-policy'], 'an LMS window keeps its opener').toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Every script element is either an external module of this origin or the JSON page data.
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/type="application\/json"|type="module"[^>]*src="\/app\//);
  });

  it('an installation that names the sites which may frame it gets that frame-ancestors rule; a bad FRAME_ANCESTORS stops the start', async () => {
    const { share } = await importFile(t.db, smallMaterial('framed'), { share: 'public' });
    const res = await framed.app.inject({ url: `/s/${share.publicId}/` });
    expect(directives(String(res.headers['content-security-policy'])).get('frame-ancestors')).toEqual(["'self'", 'https://lms.school.example', 'https://*.school.example']);
    expect(directives(String((await framed.app.inject({ url: '/' })).headers['content-security-policy'])).get('frame-ancestors')).toHaveLength(3);
    expect(parseFrameAncestors(undefined)).toBeNull();
    expect(parseFrameAncestors('  ')).toBeNull();
    expect(() => parseFrameAncestors("https://lms.example 'unsafe-inline'")).toThrow(`FRAME_ANCESTORS: "'unsafe-inline'" is not an origin`);
    expect(() => parseFrameAncestors('javascript:alert(1)')).toThrow('is not an origin');
    expect(() => readConfig({ FRAME_ANCESTORS: 'https://ok.example; script-src *' })).toThrow('FRAME_ANCESTORS');
  });

  it("the guest cookie and the login cookie: HttpOnly, SameSite=Lax, Secure behind https, the guest's only on its share's pages", async () => {
    const { share } = await importFile(t.db, smallMaterial('cookies'), { share: 'guest' });
    const guest = await a.app.inject({ method: 'POST', url: '/api/guest', payload: { name: 'Grace Hopper', publicId: share.publicId } });
    expect(guest.statusCode).toBe(200);
    const cookie = String(guest.headers['set-cookie']);
    expect(cookie).toMatch(/^lernwerk_guest=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain(`Path=/s/${share.publicId}`);
    expect(cookie, 'not Secure over plain http (it would never come back)').not.toContain('Secure');
  });

  it('API answers, the landing page and static files carry the usual headers too', async () => {
    for (const url of ['/api/health', '/', '/app/favicon.svg']) {
      const res = await a.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });
});
