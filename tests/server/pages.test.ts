import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Material } from '../../model/material';
import { ShareKind } from '../../model/pageData';
import { importFile } from '../../server/store/import';
import { setMeta } from '../../server/store/meta';
import { putSettings } from '../../server/store/settings';
import { CATALOGUE_SHELL_TEXTS, COLLECTION_SHELL_TEXTS } from '../../server/pages/collectionShell';
import { DISPLAY_PAGE_CSS } from '../../server/pages/displayOnPage';
import { DISPLAY_COOKIE } from '../../model/displayPreferences';
import { catalogue } from '../../i18n/resources/catalogue';
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

  it('answers 404 for an address below a material that names no page, with the page the app shows (its not-found view)', async () => {
    const { share } = await importFile(t.db, richMaterial, { share: 'public' });
    const status = async (below: string) => (await a.app.inject({ url: `/s/${share.publicId}/${below}` })).statusCode;
    for (const found of ['', 'chapter-one', 'chapter-one/', 'iframe/m-rich-step/', 'iframe/m-rich-q1/', 'chapter-one/?lang=en', '_results/']) expect(await status(found), found).toBe(200);
    for (const wrong of ['no-such-chapter/', 'chapter-one/no-such/', 'no-such-chapter', 'iframe/no-such-element/', 'chapter-one/iframe/m-rich-step/', 'chapter-one/extra/deep/', 'chapter-one/_results/', '_results/extra/']) {
      expect(await status(wrong), wrong).toBe(404);
    }
    const res = await a.app.inject({ url: `/s/${share.publicId}/no-such-chapter/?lang=en` });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(embeddedPageData(res.body)).toMatchObject({ entryPoint: 'material', lang: 'en', share: { publicId: share.publicId, rootId: 'm-rich' } });
    expect(embeddedPageData(res.body).error).toBeUndefined();
  });

  it('answers 404 for a collection address that names no material of it (or no page of one), with the collection page the app shows', async () => {
    const { share } = await importFile(t.db, smallCollection('gone', [smallMaterial('gone-a'), richMaterial]), { share: 'public' });
    const status = async (below: string) => (await a.app.inject({ url: `/s/${share.publicId}/${below}` })).statusCode;
    for (const found of ['', 'material-gone-a/', 'material-gone-a', 'rich-material/chapter-one/', 'materials/', 'search/', '_results/']) expect(await status(found), found).toBe(200);
    for (const wrong of ['no-such-material/', 'no-such-material/chapter-one/', 'rich-material/no-such-chapter/', 'm-gone-a/']) expect(await status(wrong), wrong).toBe(404);
    const res = await a.app.inject({ url: `/s/${share.publicId}/no-such-material/` });
    expect(embeddedPageData(res.body)).toMatchObject({ entryPoint: 'collection', share: { publicId: share.publicId, rootModelName: 'Collection' } });
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

  it('names the route tree’s chunks of the entry point, and the texts of an English page, as modulepreload links, from the build’s manifest', async () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime.js'] },
      'routes/materialRoutes.tsx': { file: 'assets/materialRoutes-2.js', isDynamicEntry: true, imports: ['_viewer.js', 'index.html'] },
      'routes/collectionRoutes.tsx': { file: 'assets/collectionRoutes-3.js', isDynamicEntry: true, imports: ['_viewer.js', 'index.html'] },
      '_viewer.js': { file: 'assets/viewer-4.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime-5.js' },
      'i18n/resources/en.ts': { file: 'assets/en-6.js', isDynamicEntry: true },
      'src/viewer/trackingLogic.ts': { file: 'assets/trackingLogic-7.js', isDynamicEntry: true, imports: ['_runtime.js'] },
      'src/tracking/durableQueue.ts': { file: 'assets/durableQueue-8.js', isDynamicEntry: true },
      'src/viewer/SaveStateIndicator.tsx': { file: 'assets/SaveStateIndicator-9.js', isDynamicEntry: true, imports: ['_runtime.js'] },
    };
    fs.mkdirSync(path.join(a.clientDir, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(a.clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    try {
      const { share } = await importFile(t.db, smallMaterial('preload'), { share: 'public' });
      const guest = (await importFile(t.db, smallMaterial('preload-guest'), { share: 'guest' })).share;
      // The durable queue every visitor's loader awaits goes along; where a visitor's work is saved on the server, the tracking code too (anonymous visitors never load it).
      expect([...(await a.app.inject({ url: `/s/${guest.publicId}/` })).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"(?: data-app)?>/g)].map((m) => m[1]))
        .toEqual(['/app/assets/materialRoutes-2.js', '/app/assets/viewer-4.js', '/app/assets/runtime-5.js', '/app/assets/durableQueue-8.js', '/app/assets/trackingLogic-7.js', '/app/assets/SaveStateIndicator-9.js']);
      const linksOf = async (query: string) =>
        [...(await a.app.inject({ url: `/s/${share.publicId}/${query}` })).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"(?: data-app)?>/g)].map((m) => m[1]);
      // The header's save state, a chunk the app loads as soon as it runs (src/viewer/Header.tsx), goes along too.
      expect(await linksOf('')).toEqual(['/app/assets/materialRoutes-2.js', '/app/assets/viewer-4.js', '/app/assets/runtime-5.js', '/app/assets/durableQueue-8.js', '/app/assets/SaveStateIndicator-9.js']);
      // English texts are a chunk of their own, which the app imports before its first render.
      expect(await linksOf('?lang=en')).toEqual(['/app/assets/en-6.js', '/app/assets/materialRoutes-2.js', '/app/assets/viewer-4.js', '/app/assets/runtime-5.js', '/app/assets/durableQueue-8.js', '/app/assets/SaveStateIndicator-9.js']);
    } finally {
      fs.rmSync(path.join(a.clientDir, '.vite'), { recursive: true, force: true });
    }
  });

  it('holds the app’s code back under a drawn first paint (in a template the page’s entry takes up after that paint), and sends it at once elsewhere', async () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/main.tsx': { file: 'assets/app-7.js', isDynamicEntry: true, imports: ['_runtime.js'] },
      'routes/materialRoutes.tsx': { file: 'assets/materialRoutes-2.js', isDynamicEntry: true, imports: ['_viewer.js', 'src/main.tsx'] },
      '_viewer.js': { file: 'assets/viewer-4.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime-5.js' },
    };
    fs.mkdirSync(path.join(a.clientDir, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(a.clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    try {
      const { share } = await importFile(t.db, richMaterial, { share: 'public' });
      const all = ['/app/assets/app-7.js', '/app/assets/runtime-5.js', '/app/assets/materialRoutes-2.js', '/app/assets/viewer-4.js'];
      const linksIn = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"(?: data-app)?>/g)].map((m) => m[1]);
      const heldBack = (html: string) => /<template id="app-preloads">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? null;

      // The root page carries the shell: every module preload is inert in the template, none goes out with the html.
      const root = (await a.app.inject({ url: `/s/${share.publicId}/` })).body;
      expect(root).toContain('id="shell"');
      expect(linksIn(heldBack(root) ?? '')).toEqual(all);
      // The app's own chunks are marked: the entry runs the app once they have arrived (src/learnerPauses.ts).
      expect([...(heldBack(root) ?? '').matchAll(/href="([^"]+)" data-app>/g)].map((m) => m[1])).toEqual(['/app/assets/app-7.js', '/app/assets/runtime-5.js']);
      expect(linksIn(root.replace(/<template id="app-preloads">[\s\S]*?<\/template>/, ''))).toEqual([]);
      expect(root.indexOf('id="app-preloads"')).toBeGreaterThan(root.indexOf('id="page-data"'));
      // The material itself is fetched at once: no code to compile.
      expect(root).toMatch(/<link rel="preload" as="fetch" crossorigin href="\/api\/material\//);

      // An address without its trailing slash gets no first paint of the server's: the code goes at once.
      const chapter = (await a.app.inject({ url: `/s/${share.publicId}/chapter-one` })).body;
      expect(chapter).not.toContain('id="shell"');
      expect(heldBack(chapter)).toBeNull();
      expect(linksIn(chapter)).toEqual(all);

      // The results screen reads the results call: no first paint, no material fetched ahead, the code at once.
      const results = (await a.app.inject({ url: `/s/${share.publicId}/_results/` })).body;
      expect(results).not.toContain('id="shell"');
      expect(results).not.toContain('as="fetch"');
      expect(linksIn(results)).toEqual(all);

      // An unknown share: the error page needs the app only.
      const missing = await a.app.inject({ url: '/s/no-such-share/' });
      expect(missing.statusCode).toBe(404);
      expect(heldBack(missing.body)).toBeNull();
      expect(linksIn(missing.body)).toEqual(['/app/assets/app-7.js', '/app/assets/runtime-5.js']);
    } finally {
      fs.rmSync(path.join(a.clientDir, '.vite'), { recursive: true, force: true });
    }
  });

  it('finds the app’s chunk where the build put src/main.tsx into a chunk another name starts (module-chunks.json), as a real build does', async () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['_app-7.js'] },
      '_app-7.js': { file: 'assets/app-7.js', name: 'app', imports: ['_runtime.js', 'index.html'] },
      '_runtime.js': { file: 'assets/runtime-5.js' },
      'routes/materialRoutes.tsx': { file: 'assets/materialRoutes-2.js', isDynamicEntry: true, imports: ['_app-7.js'] },
    };
    fs.mkdirSync(path.join(a.clientDir, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(a.clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(a.clientDir, '.vite', 'module-chunks.json'), JSON.stringify({ 'src/main.tsx': 'assets/app-7.js' }));
    try {
      const { share } = await importFile(t.db, richMaterial, { share: 'public' });
      const root = (await a.app.inject({ url: `/s/${share.publicId}/` })).body;
      expect([...root.matchAll(/href="([^"]+)" data-app>/g)].map((m) => m[1])).toEqual(['/app/assets/app-7.js', '/app/assets/runtime-5.js']);
      // A page without a first paint of the server's needs the app only, and names it at once.
      const missing = (await a.app.inject({ url: '/s/no-such-share/' })).body;
      expect([...missing.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])).toEqual(['/app/assets/app-7.js', '/app/assets/runtime-5.js']);
    } finally {
      fs.rmSync(path.join(a.clientDir, '.vite'), { recursive: true, force: true });
    }
  });

  it('names the chunks of the material’s lazy element kinds (their charts with them) as modulepreload links too', async () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime.js'] },
      'routes/materialRoutes.tsx': { file: 'assets/materialRoutes-2.js', isDynamicEntry: true, imports: ['_viewer.js', 'index.html'] },
      '_viewer.js': { file: 'assets/viewer-4.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime-5.js' },
      'src/kinds/choice/ChoiceQuestion.tsx': { file: 'assets/ChoiceQuestion-6.js', isDynamicEntry: true, imports: ['_viewer.js', '_choice.js', 'index.html'] },
      '_choice.js': { file: 'assets/choice-7.js' },
      'i18n/resources/questions.ts': { file: 'assets/questions-8.js', isDynamicEntry: true },
      'src/kinds/code/CodeElement.tsx': { file: 'assets/CodeElement-10.js', isDynamicEntry: true },
    };
    fs.mkdirSync(path.join(a.clientDir, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(a.clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    try {
      const question = {
        modelName: 'ChoiceQuestion' as const, id: 'q-preload', type: 'sc' as const, question: '<p>Which?</p>',
        choices: [{ id: 'q-preload-a', text: 'A', correct: true }, { id: 'q-preload-b', text: 'B', correct: false }],
      };
      const { share } = await importFile(t.db, smallMaterial('kinds', { content: [{ modelName: 'Text', id: 'kinds-t', content: { html: '<p>t</p>' } }, question] }), { share: 'public' });
      const links = [...(await a.app.inject({ url: `/s/${share.publicId}/` })).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"(?: data-app)?>/g)].map((m) => m[1]);
      expect(links).toEqual([
        '/app/assets/materialRoutes-2.js', '/app/assets/viewer-4.js', '/app/assets/runtime-5.js',
        '/app/assets/ChoiceQuestion-6.js', '/app/assets/choice-7.js', '/app/assets/questions-8.js',
      ]);
    } finally {
      fs.rmSync(path.join(a.clientDir, '.vite'), { recursive: true, force: true });
    }
  });

  it('finds the element modules the build grouped into a chunk another module starts, by the build’s module-chunks.json', async () => {
    // As vite.config.ts groups the kinds: no manifest key of their own, one `elements` chunk importing `elements-shared`.
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime.js'] },
      'routes/materialRoutes.tsx': { file: 'assets/materialRoutes-2.js', isDynamicEntry: true, imports: ['_viewer.js', 'index.html'] },
      '_viewer.js': { file: 'assets/viewer-4.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime-5.js' },
      '_elements-11.js': { file: 'assets/elements-11.js', imports: ['_elements-shared-12.js', '_viewer.js', 'index.html'] },
      '_elements-shared-12.js': { file: 'assets/elements-shared-12.js' },
    };
    const moduleChunks = {
      'src/kinds/choice/ChoiceQuestion.tsx': 'assets/elements-11.js',
      'i18n/resources/questions.ts': 'assets/elements-11.js',
    };
    fs.mkdirSync(path.join(a.clientDir, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(a.clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(a.clientDir, '.vite', 'module-chunks.json'), JSON.stringify(moduleChunks));
    try {
      const question = {
        modelName: 'ChoiceQuestion' as const, id: 'q-grouped', type: 'sc' as const, question: '<p>Which?</p>',
        choices: [{ id: 'q-grouped-a', text: 'A', correct: true }, { id: 'q-grouped-b', text: 'B', correct: false }],
      };
      const { share } = await importFile(t.db, smallMaterial('grouped', { content: [question] }), { share: 'public' });
      const links = [...(await a.app.inject({ url: `/s/${share.publicId}/` })).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"(?: data-app)?>/g)].map((m) => m[1]);
      expect(links).toEqual(['/app/assets/materialRoutes-2.js', '/app/assets/viewer-4.js', '/app/assets/runtime-5.js', '/app/assets/elements-11.js', '/app/assets/elements-shared-12.js']);
    } finally {
      fs.rmSync(path.join(a.clientDir, '.vite'), { recursive: true, force: true });
    }
  });

  it('redirects / to the demo material share when there is one, and links no share without it (no share directory)', async () => {
    const { share } = await importFile(t.db, smallMaterial('demo'), { share: 'public' });
    const hidden = await importFile(t.db, smallMaterial('hidden'), { share: 'private' });
    await setMeta(t.db, 'demo_shares', {});
    const list = await a.app.inject({ url: '/' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('href=');
    for (const id of [share.publicId, hidden.share.publicId]) expect(list.body).not.toContain(id);
    expect(list.body).not.toContain('Material hidden');
    await setMeta(t.db, 'demo_shares', { material: share.publicId });
    const res = await a.app.inject({ url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/s/${share.publicId}/`);
  });

  it("draws the landing page with the learner's display preferences, and says it differs by cookie", async () => {
    await setMeta(t.db, 'demo_shares', {});
    const kept = await a.app.inject({ url: '/', cookies: { [DISPLAY_COOKIE]: '200.more.system.readable' } });
    expect(kept.body).toContain('<html lang="de" data-text-size="200" data-contrast="more" data-font="readable">');
    expect(kept.body).toContain(DISPLAY_PAGE_CSS);
    expect(kept.headers.vary).toMatch(/cookie/i);
    for (const cookie of [undefined, '100.system.system.default', '300."><script>.x.y']) {
      const plain = await a.app.inject({ url: '/', cookies: cookie === undefined ? {} : { [DISPLAY_COOKIE]: cookie } });
      expect(plain.body, String(cookie)).toContain('<html lang="de">');
    }
  });
});

describe.each(testDatabaseKinds)('the first paint sent with a material page, on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const shellOf = (html: string) => /<div id="shell">[\s\S]*?<\/main><\/div>/.exec(html)?.[0] ?? null;

  it('a material root page carries the header bar, cover and title (escaped) and description before the app root', async () => {
    const material = smallMaterial('shell', { title: 'Wasser <& Leben>', description: '<p>Vom <strong>Regen</strong></p>' });
    const { share } = await importFile(t.db, material, { share: 'public' });
    const html = (await a.app.inject({ url: `/s/${share.publicId}/` })).body;
    const shell = shellOf(html);
    expect(shell).toContain('<h1 class="mb-6 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">Wasser &lt;&amp; Leben&gt;</h1>');
    expect(shell).toContain('<p>Vom <strong>Regen</strong></p>');
    expect(shell).toContain('h-14 border-b');
    expect(html.indexOf('<div id="shell">')).toBeLessThan(html.indexOf('<div id="root">'));
    // ?hideHeader: no header bar, as the app will draw none.
    expect(shellOf((await a.app.inject({ url: `/s/${share.publicId}/?hideHeader` })).body)).not.toContain('h-14 border-b');
  });

  it("the root page's leading elements come with it, as the app draws them, up to the first barrier", async () => {
    const material = Material.parse({
      modelName: 'Material', id: 'm-lead', publicId: 'material-lead', title: 'Wasser',
      content: [
        { modelName: 'Text', id: 'lead-text', content: { html: '<p>Erster <strong>Absatz</strong> &lt;script&gt;</p>' } },
        { modelName: 'Heading', id: 'lead-heading', level: 2, content: { html: 'Zweiter Abschnitt' } },
        {
          modelName: 'ChoiceQuestion', id: 'lead-question', type: 'sc', question: '<p>Welche Farbe hat Wasser?</p>',
          choices: [{ id: 'lead-blue', text: 'Blau', correct: true }, { id: 'lead-red', text: 'Rot', correct: false }],
        },
        { modelName: 'Chapter', id: 'lead-chapter', publicId: 'kapitel', title: 'Kapitel eins', content: [] },
        { modelName: 'Quote', id: 'lead-quote', text: 'Wasser ist Leben', author: 'Anonym' },
        { modelName: 'Barrier', id: 'lead-barrier', content: '<p>Erst antworten</p>' },
        { modelName: 'Text', id: 'lead-hidden', content: { html: '<p>Hinter der Schranke</p>' } },
      ],
    });
    const { share } = await importFile(t.db, material, { share: 'public' });
    const contentOf = (html: string) => /<div class="content-flow" data-shell-content="">([\s\S]*?)<\/div><\/main>/.exec(html)?.[1] ?? null;
    const content = contentOf((await a.app.inject({ url: `/s/${share.publicId}/?lang=en` })).body)!;
    const frames = [...content.matchAll(/<div id="([\w-]+)" data-model-name="(\w+)"[^>]*data-shell-element=""/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(frames).toEqual(['lead-text:Text', 'lead-heading:Heading', 'lead-question:ChoiceQuestion', 'lead-chapter:Chapter', 'lead-quote:Quote', 'lead-barrier:Barrier']);
    expect(content).toContain('<p>Erster <strong>Absatz</strong> &lt;script&gt;</p>');
    expect(content).toMatch(/<h2 class="[^"]*" data-html="">Zweiter Abschnitt<\/h2>/);
    // A choice question is its early form: native radios, and an Evaluate button offered once one is ticked
    // (src/elements/early/earlyAnswers.ts), in the page's language; nothing else has a widget before the app.
    expect(content).toContain('Welche Farbe hat Wasser?');
    expect(content).toContain('Blau');
    const question = /<div id="lead-question"[\s\S]*?<div id="lead-chapter"/.exec(content)![0];
    expect([...question.matchAll(/<input type="radio"[^>]* name="lead-question-early" value="([\w-]+)"/g)].map((m) => m[1])).toEqual(['lead-blue', 'lead-red']);
    expect(question).toMatch(/<button type="button" class="[^"]*" disabled="" data-early-button="" data-early-edit-label="Edit Answer"[^>]*>Evaluate<\/button>/);
    expect(content.replace(question, '')).not.toMatch(/<input|<button/);
    expect(content).toContain('<a href="kapitel/"');
    // The page's language: English quotation marks.
    expect(content).toContain('“</span>Wasser ist Leben');
    expect(content).toContain('<p>Erst antworten</p>');
    expect(content).not.toContain('Hinter der Schranke');
    expect(contentOf((await a.app.inject({ url: `/s/${share.publicId}/` })).body)).toContain('„</span>Wasser ist Leben');
    // Without the trailing slash the cards' relative links would miss the share: the first paint draws no elements.
    const bare = (await a.app.inject({ url: `/s/${share.publicId}?lang=en` })).body;
    expect(shellOf(bare)).not.toBeNull();
    expect(contentOf(bare)).toBeNull();
    // A preview share shows the editor's prompts in the app: its first paint has no elements.
    const preview = await importFile(t.db, smallMaterial('lead-preview'), { share: 'preview' });
    const previewHtml = (await a.app.inject({ url: `/s/${preview.share.publicId}/` })).body;
    expect(shellOf(previewHtml)).not.toBeNull();
    expect(contentOf(previewHtml)).toBeNull();
  });

  it("a chapter's page carries its title, cover bar and leading elements at the address the app links (with the trailing slash)", async () => {
    const { share } = await importFile(t.db, richMaterial, { share: 'public' });
    const shell = shellOf((await a.app.inject({ url: `/s/${share.publicId}/chapter-one/?lang=en` })).body);
    expect(shell).toContain('>Chapter one</h1>');
    // A chapter shows no description and takes no colour of the material's (src/viewer/MaterialViewer.tsx).
    expect(shell).not.toContain('<p>About</p>');
    expect(shell).toContain('<div aria-hidden="true" class="h-[140px] w-full bg-primary-600"></div>');
    expect([...(shell ?? '').matchAll(/<div id="([^"]+)" data-model-name="(\w+)"/g)].map((m) => [m[1], m[2]])).toEqual([
      ['m-rich-q1', 'ChoiceQuestion'],
      ['m-rich-fold', 'Foldable'],
    ]);
    // Not the root page's elements.
    expect(shell).not.toContain('m-rich-text');
    // Without the trailing slash, for an address that names no chapter, and on a preview share: none.
    expect(shellOf((await a.app.inject({ url: `/s/${share.publicId}/chapter-one` })).body)).toBeNull();
    expect(shellOf((await a.app.inject({ url: `/s/${share.publicId}/no-such-chapter/` })).body)).toBeNull();
    const previewed = Material.parse({
      modelName: 'Material', id: 'm-prev', publicId: 'material-prev', title: 'Vorschau',
      content: [{ modelName: 'Chapter', id: 'm-prev-ch', publicId: 'kapitel', title: 'Kapitel', content: [{ modelName: 'Text', id: 'm-prev-t', content: { html: '<p>t</p>' } }] }],
    });
    const preview = await importFile(t.db, previewed, { share: 'preview' });
    expect(shellOf((await a.app.inject({ url: `/s/${preview.share.publicId}/kapitel/` })).body)).toBeNull();
  });

  it('a chapter that hides its header image has no cover in its first paint either', async () => {
    const material = Material.parse({
      modelName: 'Material', id: 'm-hide', publicId: 'material-hide', title: 'Wasser',
      content: [{ modelName: 'Chapter', id: 'm-hide-ch', publicId: 'ohne-bild', title: 'Ohne Bild', hideHeaderImage: true, cover: { file: 'c.png' }, content: [] }],
    });
    const { share } = await importFile(t.db, material, { share: 'public' });
    const shell = shellOf((await a.app.inject({ url: `/s/${share.publicId}/ohne-bild/` })).body);
    expect(shell).toContain('<div class="pb-4"><div class="container-content pt-8"><h1');
    expect(shell).not.toContain('c.png');
  });

  it('unknown shares get none', async () => {
    expect(shellOf((await a.app.inject({ url: '/s/nothing-here/' })).body)).toBeNull();
  });
});

describe.each(testDatabaseKinds)("the first paint sent with a collection's grid, on %s", (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const shellOf = (html: string) => /<div id="shell">[\s\S]*?<\/main><\/div>/.exec(html)?.[0] ?? null;
  const collection = () => ({
    ...smallCollection('grid', [
      smallMaterial('grid-a', {
        title: 'Säuren <& Basen>',
        cover: { file: 'wasser/cover.jpg', focus: { x: 0.3, y: 0.6 } },
        metadata: { fach: 'Chemie "<1>"', schlagworte: ['pH', 'Salze', 'Lauge'] },
        created_at: '2025-01-14T09:00:00+01:00',
      }),
      smallMaterial('grid-b', { color: '#225588' }),
    ]),
    title: 'Sammlung <& "Co">',
    description: '<p>Für <strong>alle</strong></p>',
  });

  it('carries the header bar, the cover bar, the title (escaped), the description and the cards as the app draws them, before the app root', async () => {
    const { share } = await importFile(t.db, collection(), { share: 'public' });
    const html = (await a.app.inject({ url: `/s/${share.publicId}/` })).body;
    const shell = shellOf(html) ?? '';
    expect(html.indexOf('<div id="shell">')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(shell).toContain('<h1 class="mb-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">Sammlung &lt;&amp; &quot;Co&quot;&gt;</h1>');
    expect(shell).toContain('<div class="mb-6 max-w-3xl text-gray-600"><p>Für <strong>alle</strong></p></div>');
    expect(shell).toContain('<div aria-hidden="true" class="h-[140px] w-full bg-primary-600"></div>');
    const cards = [...shell.matchAll(/<article [\s\S]*?<\/article>/g)].map((m) => m[0]);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain('>Säuren &lt;&amp; Basen&gt;</h2>');
    expect(cards[0]).toContain('<img src="/api/assets/card/wasser/cover.jpg?fx=0.3&amp;fy=0.6" alt="" loading="lazy"');
    expect([...cards[0].matchAll(/<li [^>]*>([^<]*)<\/li>/g)].map((m) => m[1])).toEqual(['Chemie &quot;&lt;1&gt;&quot;', 'pH']);
    expect(cards[0]).toContain('<time datetime="2025-01-14T09:00:00+01:00" class="text-xs text-gray-500">14.01.2025</time>');
    expect(cards[0]).toContain(`<a href="/s/${share.publicId}/material-grid-a/"`);
    expect(cards[0]).toMatch(/>Öffnen<\/a>/);
    expect(cards[1]).toContain('style="background-color:#225588">M</div>');
    expect(shellOf((await a.app.inject({ url: `/s/${share.publicId}/?lang=en` })).body)).toMatch(/>Open<\/a>/);
  });

  it('gets none where the app would draw something else: a material of it, an address without the slash, a search in the address, a preview', async () => {
    const { share } = await importFile(t.db, collection(), { share: 'public' });
    for (const below of ['material-grid-a/', '?q=pH', '?sort=title%3Aasc']) {
      expect(shellOf((await a.app.inject({ url: `/s/${share.publicId}/${below}` })).body), below).toBeNull();
    }
    expect(shellOf((await a.app.inject({ url: `/s/${share.publicId}` })).body)).toBeNull();
    const preview = await importFile(t.db, collection(), { share: 'preview' });
    expect(shellOf((await a.app.inject({ url: `/s/${preview.share.publicId}/` })).body)).toBeNull();
  });

  it("says Open in the app's words", () => {
    expect(COLLECTION_SHELL_TEXTS.de.open).toBe(catalogue.de.collection.open);
    expect(COLLECTION_SHELL_TEXTS.en.open).toBe(catalogue.en.collection.open);
  });

  it('draws its material search too: the title in the app\'s words and the cards of the search call\'s own first answer, in its order', async () => {
    const { share } = await importFile(t.db, collection(), { share: 'public' });
    const answer = await a.app.inject({ method: 'POST', url: '/api/search/materials', payload: { share: share.publicId } });
    const titles = (answer.json() as { data: { results: { title: string }[] } }).data.results.map((result) => result.title);
    // Newest first, the search's default: the collection's own order is the other way round.
    expect(titles).toEqual(['Material grid-b', 'Säuren <& Basen>']);
    for (const address of [`/s/${share.publicId}/materials/`, `/s/${share.publicId}/materials`]) {
      const html = (await a.app.inject({ url: address })).body;
      const shell = shellOf(html) ?? '';
      expect(html.indexOf('<div id="shell">'), address).toBeLessThan(html.indexOf('<div id="root">'));
      expect(shell).toContain(`<h1 class="mb-6 text-3xl font-bold tracking-tight text-gray-900">${catalogue.de.search.materials.title}</h1>`);
      const cards = [...shell.matchAll(/<h2 [^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
      expect(cards).toEqual(['Material grid-b', 'Säuren &lt;&amp; Basen&gt;']);
    }
    expect(shellOf((await a.app.inject({ url: `/s/${share.publicId}/materials/?lang=en` })).body)).toContain(`>${catalogue.en.search.materials.title}</h1>`);
    for (const below of ['materials/?q=pH', 'materials/?sort=title%3Aasc', 'search/']) {
      expect(shellOf((await a.app.inject({ url: `/s/${share.publicId}/${below}` })).body), below).toBeNull();
    }
    expect(CATALOGUE_SHELL_TEXTS.de.title).toBe(catalogue.de.search.materials.title);
    expect(CATALOGUE_SHELL_TEXTS.en.title).toBe(catalogue.en.search.materials.title);
  });
});
