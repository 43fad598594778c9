import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorPageData } from '../../server/pages/pageData';
import { inlineStylesheets, readIndexTemplate, renderPage } from '../../server/pages/render';

/** The head of a built index.html: the entry script and the stylesheet follow the page-data marker. */
const BUILT = `<!doctype html>
<html lang="de">
  <head>
    <title>Lernwerk</title>
    <!--page-data-->
    <script type="module" crossorigin src="/app/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/app/assets/index-2.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

const ctx = { sharePublicId: 's', lang: 'de', settings: { themeColorOverrides: {} }, featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false } } as unknown as Parameters<typeof errorPageData>[1];

describe('the page html', () => {
  it('names its preloads after the entry script and the stylesheet, which the first paint waits for', () => {
    const preloads = '<link rel="preload" as="fetch" crossorigin href="/api/material/s/m">\n    <link rel="modulepreload" crossorigin href="/app/assets/chunk-3.js">';
    const html = renderPage(BUILT, errorPageData(404, ctx), 'Kurs', { head: preloads });
    const at = (needle: string) => html.indexOf(needle);
    expect(at('id="page-data"')).toBeGreaterThan(0);
    expect(at('index-1.js')).toBeGreaterThan(at('id="page-data"'));
    expect(at('index-2.css')).toBeGreaterThan(at('index-1.js'));
    expect(at('rel="preload" as="fetch"')).toBeGreaterThan(at('index-2.css'));
    expect(at('chunk-3.js')).toBeGreaterThan(at('rel="preload" as="fetch"'));
    expect(at('chunk-3.js')).toBeLessThan(at('</head>'));
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('puts what must precede the entry script right after the page data (the entry may run as soon as it has loaded)', () => {
    const html = renderPage(BUILT, errorPageData(404, ctx), 'Kurs', { beforeEntry: '<template id="app-preloads"></template>', head: '<link rel="preload" as="fetch" href="/x">' });
    const at = (needle: string) => html.indexOf(needle);
    expect(at('id="app-preloads"')).toBeGreaterThan(at('id="page-data"'));
    expect(at('id="app-preloads"')).toBeLessThan(at('index-1.js'));
    expect(at('rel="preload" as="fetch"')).toBeGreaterThan(at('index-2.css'));
  });

  describe('stylesheets inlined', () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-css-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

    it('puts the build’s stylesheet into the page, so the first paint waits for no request', async () => {
      fs.writeFileSync(path.join(clientDir, 'assets', 'index-2.css'), '.shell{color:red}');
      const html = await inlineStylesheets(BUILT, clientDir);
      expect(html).toContain('<style>.shell{color:red}</style>');
      expect(html).not.toContain('index-2.css');
      expect(html).toContain('<script type="module" crossorigin src="/app/assets/index-1.js"></script>');
    });

    it('keeps the link when the file is missing or its text could end the style element', async () => {
      const missing = BUILT.replace('index-2.css', 'gone-9.css');
      expect(await inlineStylesheets(missing, clientDir)).toBe(missing);
      fs.writeFileSync(path.join(clientDir, 'assets', 'index-2.css'), 'a{content:"</style><script>x()</script>"}');
      expect(await inlineStylesheets(BUILT, clientDir)).toBe(BUILT);
      const foreign = '<link rel="stylesheet" href="https://elsewhere.example/x.css">';
      expect(await inlineStylesheets(foreign, clientDir)).toBe(foreign);
    });

    it('reads the template again when the build changed', async () => {
      fs.writeFileSync(path.join(clientDir, 'assets', 'index-2.css'), '.v1{}');
      fs.writeFileSync(path.join(clientDir, 'index.html'), BUILT);
      expect(await readIndexTemplate(clientDir)).toContain('<style>.v1{}</style>');
      fs.writeFileSync(path.join(clientDir, 'assets', 'index-3.css'), '.v2{}');
      fs.writeFileSync(path.join(clientDir, 'index.html'), BUILT.replace('index-2.css', 'index-3.css'));
      const later = new Date(Date.now() + 5_000);
      fs.utimesSync(path.join(clientDir, 'index.html'), later, later);
      expect(await readIndexTemplate(clientDir)).toContain('<style>.v2{}</style>');
    });
  });
});
