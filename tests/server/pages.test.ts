import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ShareKind } from '../../src/model/pageData';
import { importFile } from '../../server/store/import';
import { setMeta } from '../../server/store/meta';
import { putSettings } from '../../server/store/settings';
import { embeddedPageData, useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterial, smallCollection, smallMaterial } from './fixtures';

describe.each(testDatabaseKinds)('share pages on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);

  // A private share without a login answers the login page (tests/server/learnerPages.test.ts).
  it.each(ShareKind.options.filter((k) => k !== 'private'))('embeds valid page data for a %s share', async (shareKind) => {
    const { share } = await importFile(t.db, richMaterial, { share: shareKind });
    const res = await a.app.inject({ url: `/s/${share.publicId}/chapter-one` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Defence in depth behind the html sanitised at import: no inline script, no plugins, no base rewriting.
    expect(res.headers['content-security-policy']).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("base-uri 'none'");
    const data = embeddedPageData(res.body);
    expect(data).toMatchObject({
      entryPoint: 'material',
      baseUrl: `/s/${share.publicId}`,
      lang: 'de',
      share: { publicId: share.publicId, rootModelName: 'Material', rootId: 'm-rich', rootPublicId: 'rich-material' },
      shareSettings: {
        private: false,
        saveGuestSessions: shareKind === 'guest',
        scorm: shareKind === 'scorm',
      },
      preview: shareKind === 'preview',
      user: null,
      guestSession: null,
      featureFlags: { FULLTEXT_SEARCH: true, ANNOTATION_COMMENTS: false },
      api: { base: '/api', assets: '/api/assets' },
      userdata: { metadata: { shareId: share.publicId } }, learnerState: null,
    });
    expect(data.error).toBeUndefined();
  });

  it('sets lang from ?lang=en, the title from the root (escaped), and keeps < out of the script', async () => {
    const { share } = await importFile(t.db, richMaterial, { share: 'public' });
    const res = await a.app.inject({ url: `/s/${share.publicId}/?lang=en` });
    expect(res.body).toMatch(/<html lang="en"/);
    expect(res.body).toContain('<title>Rich &lt;material&gt; &amp; &quot;friends&quot;</title>');
    const script = /id="page-data">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(script).not.toContain('<');
    expect(embeddedPageData(res.body).lang).toBe('en');
    expect(embeddedPageData((await a.app.inject({ url: `/s/${share.publicId}?lang=fr` })).body).lang).toBe('de');
  });

  it('serves a collection share with entry point collection and the stored settings', async () => {
    await putSettings(t.db, { logoLink: 'https://example.org/</script>', themeColorOverrides: { primary: '#123456' } });
    const { share } = await importFile(t.db, smallCollection('pages', [smallMaterial('pages-a')]), { share: 'public' });
    const res = await a.app.inject({ url: `/s/${share.publicId}/material-pages-a` });
    const data = embeddedPageData(res.body);
    expect(data.entryPoint).toBe('collection');
    expect(data.share).toMatchObject({ rootModelName: 'Collection', rootId: 'c-pages', rootPublicId: 'collection-pages' });
    expect(data.settings).toMatchObject({ logoLink: 'https://example.org/</script>', themeColorOverrides: { primary: '#123456' } });
    expect(res.body).toContain('<title>Collection pages</title>');
  });

  it('answers 404 with the error page data for an unknown share', async () => {
    const res = await a.app.inject({ url: '/s/AAAAAAAAAAAAAAAAAAAAAAAA/some/chapter' });
    expect(res.statusCode).toBe(404);
    const data = embeddedPageData(res.body);
    expect(data).toMatchObject({ entryPoint: 'error', error: { status: 404 }, share: null, baseUrl: '/s/AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect((await a.app.inject({ url: '/s/short' })).statusCode).toBe(404);
  });

  it('uses the built index.html when there is one', async () => {
    fs.writeFileSync(
      path.join(a.clientDir, 'index.html'),
      '<!doctype html><html lang="de" class="x"><head><title>Lernwerk</title><!--page-data--><script type="module" src="/app/assets/main.js"></script></head><body></body></html>',
    );
    fs.mkdirSync(path.join(a.clientDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(a.clientDir, 'assets', 'main.js'), 'console.log(1)');
    try {
      const { share } = await importFile(t.db, smallMaterial('built'), { share: 'public' });
      const res = await a.app.inject({ url: `/s/${share.publicId}/?lang=en` });
      expect(res.body).toMatch(/^<!doctype html><html lang="en" class="x"><head><title>Material built<\/title><script type="application\/json" id="page-data">/);
      expect(res.body).toContain('<script type="module" src="/app/assets/main.js">');
      const js = await a.app.inject({ url: '/app/assets/main.js' });
      expect(js.statusCode).toBe(200);
      expect(js.body).toBe('console.log(1)');
      expect(js.headers['cache-control']).toContain('immutable');
    } finally {
      fs.rmSync(path.join(a.clientDir, 'index.html'));
    }
  });

  it('redirects / to the demo material share when there is one', async () => {
    const { share } = await importFile(t.db, smallMaterial('demo'), { share: 'public' });
    await setMeta(t.db, 'demo_shares', {});
    const list = await a.app.inject({ url: '/' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`<a href="/s/${share.publicId}/">Material demo</a>`);
    await setMeta(t.db, 'demo_shares', { material: share.publicId });
    const res = await a.app.inject({ url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/s/${share.publicId}/`);
  });
});
