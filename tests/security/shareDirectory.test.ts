import { describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../server/http/errors';
import { landingLanguage } from '../../server/pages/landing';
import { setMeta } from '../../server/store/meta';
import { findShare, listedShares } from '../../server/store/shares';
import { ImportConflictError, importFile } from '../../server/store/import';
import { DEMO_SHARES_KEY } from '../../server/routes/pages';
import { useTestApp } from '../server/app';
import { testDatabaseKinds, useTestDatabase } from '../server/databases';
import { smallMaterial } from '../server/fixtures';
import { addUser } from '../server/learners';

/*
 * Issue 14, point 4: whoever finds the server finds no course links. `GET /` names no share unless an
 * importer marked it for listing (public and guest shares only); no endpoint enumerates shares, guest
 * sessions or users; the demo's shares are for the admin routes alone.
 */

const ADMIN_TOKEN = 'a-test-token-of-this-server-start';
const shareLinks = (html: string) => [...html.matchAll(/href="\/s\/([^/"]+)\//g)].map((m) => m[1]);

describe.each(testDatabaseKinds)('no share directory on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, { adminToken: ADMIN_TOKEN });
  const landing = (headers: Record<string, string> = {}) => a.app.inject({ url: '/', headers });

  it('answers `/` without a demo and without listed shares with a page that links no share', async () => {
    const unlisted = await Promise.all((['public', 'guest', 'private', 'preview', 'scorm'] as const).map((k) => importFile(t.db, smallMaterial(`dir-${k}`), { share: k })));
    for (const headers of [{}, { 'accept-language': 'en-GB,en;q=0.9' }] as Record<string, string>[]) {
      const res = await landing(headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(shareLinks(res.body)).toEqual([]);
      for (const imported of unlisted) expect(res.body).not.toContain(imported.share.publicId);
    }
    expect((await landing()).body).toContain('Öffne den Link zu einem Kurs');
    expect((await landing({ 'accept-language': 'en-GB,en;q=0.9' })).body).toContain('Open the link of a course');
  });

  it('lists exactly the shares marked for listing, by title, and redirects to the demo only when none is', async () => {
    const demo = await importFile(t.db, smallMaterial('dir-demo'), { share: 'public' });
    await setMeta(t.db, DEMO_SHARES_KEY, { material: demo.share.publicId });
    expect((await landing()).statusCode).toBe(302);
    expect((await landing()).headers.location).toBe(`/s/${demo.share.publicId}/`);

    const zebra = await importFile(t.db, smallMaterial('dir-zebra', { title: 'Zebras <zählen>' }), { share: 'public', listed: true });
    const apple = await importFile(t.db, smallMaterial('dir-apple', { title: 'Äpfel & Birnen' }), { share: 'guest', listed: true });
    const quiet = await importFile(t.db, smallMaterial('dir-apple', { title: 'Äpfel & Birnen' }), { share: 'public' });
    const res = await landing();
    expect(res.statusCode).toBe(200);
    expect(shareLinks(res.body)).toEqual([apple.share.publicId, zebra.share.publicId]);
    expect(res.body).toContain('Zebras &lt;zählen&gt;');
    expect(res.body).toContain('Du kannst deinen Lernstand speichern.');
    expect(res.body).not.toContain(quiet.share.publicId);
    expect(res.body).not.toContain(demo.share.publicId);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toContain('<script');

    // A re-import keeps the listing unless it says otherwise.
    await importFile(t.db, smallMaterial('dir-zebra', { title: 'Zebras <zählen>' }), { share: 'public' });
    expect(shareLinks((await landing()).body)).toEqual([apple.share.publicId, zebra.share.publicId]);
    await importFile(t.db, smallMaterial('dir-zebra', { title: 'Zebras <zählen>' }), { share: 'public', listed: false });
    expect(shareLinks((await landing()).body)).toEqual([apple.share.publicId]);
    await importFile(t.db, smallMaterial('dir-apple', { title: 'Äpfel & Birnen' }), { share: 'guest', listed: false });
    expect((await landing()).statusCode).toBe(302);
  });

  it('refuses to list a private, preview or scorm share, in the store, the admin route and the database itself', async () => {
    for (const k of ['private', 'preview', 'scorm'] as const) {
      await expect(importFile(t.db, smallMaterial(`dir-never-${k}`), { share: k, listed: true })).rejects.toThrow(ImportConflictError);
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/admin/import',
        payload: { share: k, listed: true, file: smallMaterial(`dir-never-${k}`) },
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(res.statusCode).toBe(400);
      expect(ApiErrorBody.parse(res.json()).errors).toEqual([{ path: 'listed', message: `A ${k} share cannot be listed on the landing page; only public and guest shares can` }]);
      expect(await t.db.query('SELECT id FROM models WHERE id = $1', [`m-dir-never-${k}`])).toEqual([]);
    }
    const secret = await importFile(t.db, smallMaterial('dir-secret'), { share: 'private' });
    await expect(t.db.query('UPDATE shares SET listed = true WHERE public_id = $1', [secret.share.publicId])).rejects.toThrow(/shares_listed_kind/);
  });

  it('has no endpoint that enumerates shares, guest sessions or users', async () => {
    const material = await importFile(t.db, smallMaterial('dir-enum'), { share: 'guest' });
    const guest = await a.app.inject({ method: 'POST', url: '/api/guest', payload: { name: 'Grace Hopper', publicId: material.share.publicId } });
    const guestId = guest.json().data.publicId as string;
    await addUser(t.db, 'enumerated@example.org');
    await setMeta(t.db, DEMO_SHARES_KEY, { material: material.share.publicId });
    const secrets = [material.share.publicId, guestId, 'enumerated@example.org', 'Grace Hopper'];
    const probes = [
      ...['/api/shares', '/api/share', '/api/guest', '/api/guests', '/api/guest-sessions', '/api/share/guest-session', '/api/users', '/api/user'],
      ...['/api/demo-shares', '/api/admin/users', '/api/admin/demo-shares', '/api/userdata', '/api/userdata/list', '/s/', '/s', '/api/material', '/api/assets/'],
    ];
    for (const url of probes) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await a.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        for (const secret of secrets) expect(res.body, `${method} ${url}`).not.toContain(secret);
      }
    }
  });

  it('shows a title exactly as imported, a leading U+FEFF too (PGlite drops it from text columns)', async () => {
    const title = '\uFEFFZero width no-break space first';
    const { share } = await importFile(t.db, smallMaterial('dir-bom', { title }), { share: 'public', listed: true });
    expect((await findShare(t.db, share.publicId))?.rootTitle).toBe(title);
    expect((await listedShares(t.db)).find((s) => s.publicId === share.publicId)?.title).toBe(title);
    await importFile(t.db, smallMaterial('dir-bom', { title }), { share: 'public', listed: false });
  });

  it('picks the landing language from Accept-Language, German unless English is preferred', () => {
    expect(landingLanguage(undefined)).toBe('de');
    expect(landingLanguage('')).toBe('de');
    expect(landingLanguage('fr-FR,fr;q=0.9')).toBe('de');
    expect(landingLanguage('en-US,en;q=0.9,de;q=0.8')).toBe('en');
    expect(landingLanguage('de-CH,en;q=0.9')).toBe('de');
    expect(landingLanguage('fr,en;q=0.5,de;q=0.4')).toBe('en');
    expect(landingLanguage('en;q=0,de')).toBe('de');
  });
});
