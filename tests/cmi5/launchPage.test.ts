import { beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../server/store/import';
import { useTestApp } from '../server/app';
import { useTestDatabase } from '../server/databases';
import { smallMaterial } from '../server/fixtures';
import { coveredPart } from '../../src/viewer/LmsBridge';

const chaptered = smallMaterial('cmi5-page-k', {
  content: [1, 2].map((n) => ({
    modelName: 'Chapter' as const,
    id: `k${n}`,
    publicId: `kapitel-${n}`,
    title: `Kapitel ${n}`,
    content: [{ modelName: 'Text' as const, id: `k${n}-t`, content: { html: `<p>${n}</p>` } }],
  })),
});

/*
 * The AU launch page as the server serves it (GET /cmi5/SHARE/): its Content-Security-Policy lets the
 * page reach the launch's LMS (the origins of endpoint and fetch) and nothing else beyond this server,
 * for that launch only; shares SCORM would refuse have no launch page; the script is built and served.
 */

describe('the cmi5 AU launch page (PGlite)', () => {
  const t = useTestDatabase('pglite');
  const served = useTestApp(() => t.db, { frameAncestors: ['https://lms.school.example'] });
  const shares: Record<string, string> = {};
  beforeAll(async () => {
    for (const share of ['scorm', 'preview'] as const) shares[share] = (await importFile(t.db, smallMaterial('cmi5-page', { title: 'Zellen <i>&</i>' }), { share })).share.publicId;
    shares.chaptered = (await importFile(t.db, chaptered, { share: 'scorm' })).share.publicId;
  }, 60_000);

  it('allows this launch\'s LMS origins in connect-src, no other; the page carries its config and is never cached', async () => {
    const query = new URLSearchParams({ endpoint: 'https://lrs.lms.example:8443/xapi/', fetch: 'https://lms.example/token?k=1', actor: '{}', registration: 'x', activityId: 'y' });
    const res = await served.app.inject({ url: `/cmi5/${shares.scorm}/?${query}`, headers: { host: 'lernwerk.test' } });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://lrs.lms.example:8443 https://lms.example;");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toContain("frame-ancestors 'self' https://lms.school.example");
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`"courseUrl":"http://lernwerk.test/s/${shares.scorm}/"`);
    expect(res.body).toContain('<title>Zellen &lt;i&gt;&amp;&lt;/i&gt;</title>');

    const other = await served.app.inject({ url: `/cmi5/${shares.scorm}/?endpoint=javascript:alert(1)&fetch=data:x` });
    expect(String(other.headers['content-security-policy'])).toContain("connect-src 'self';");
  });

  it('the AU of a chapter frames that chapter and names it to the viewer; an unknown chapter has no launch page', async () => {
    const res = await served.app.inject({ url: `/cmi5/${shares.chaptered}/?chapter=kapitel-2&endpoint=https://lms.example/xapi/`, headers: { host: 'lernwerk.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`"courseUrl":"http://lernwerk.test/s/${shares.chaptered}/kapitel-2/"`);
    expect(res.body).toContain('"chapterPublicId":"kapitel-2"');
    expect(res.body).toContain('<title>Kapitel 2</title>');
    expect((await served.app.inject({ url: `/cmi5/${shares.chaptered}/?chapter=kapitel-9` })).statusCode).toBe(404);
    // The viewer's side: the chapter's progress and questions, else the material's.
    const material = chaptered;
    expect(coveredPart(material, 'kapitel-2').element).toBe(material.content[1]);
    expect(coveredPart(material, 'kapitel-2').scored.content).toBe((material.content[1] as { content: unknown }).content);
    expect(coveredPart(material, null).element).toBe(material);
    expect(coveredPart(material, 'kapitel-9').element).toBe(material);
  });

  it('no launch page for a share SCORM refuses (preview) or an unknown one; the script is served', async () => {
    expect((await served.app.inject({ url: `/cmi5/${shares.preview}/` })).statusCode).toBe(404);
    expect((await served.app.inject({ url: '/cmi5/AAAAAAAAAAAAAAAAAAAAAAAA/' })).statusCode).toBe(404);
    expect((await served.app.inject({ url: '/cmi5/not-a-share/' })).statusCode).toBe(404);
    const script = await served.app.inject({ url: '/cmi5/launch.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('cmi5Launcher');
    expect((await served.app.inject({ url: '/cmi5/launch.css' })).headers['content-type']).toContain('text/css');
  }, 30_000);
});
