import { describe, expect, it } from 'vitest';
import { errorPageData } from '../../server/pages/pageData';
import { renderPage } from '../../server/pages/render';

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

const ctx = { sharePublicId: 's', lang: 'de', settings: { themeColorOverrides: {} }, featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false } } as unknown as Parameters<typeof errorPageData>[1];

describe('the page html', () => {
  it('names its preloads after the entry script and the stylesheet, which the first paint waits for', () => {
    const preloads = '<link rel="preload" as="fetch" crossorigin href="/api/material/s/m">\n    <link rel="modulepreload" crossorigin href="/app/assets/chunk-3.js">';
    const html = renderPage(BUILT, errorPageData(404, ctx), 'Kurs', '', preloads);
    const at = (needle: string) => html.indexOf(needle);
    expect(at('id="page-data"')).toBeGreaterThan(0);
    expect(at('index-1.js')).toBeGreaterThan(at('id="page-data"'));
    expect(at('index-2.css')).toBeGreaterThan(at('index-1.js'));
    expect(at('rel="preload" as="fetch"')).toBeGreaterThan(at('index-2.css'));
    expect(at('chunk-3.js')).toBeGreaterThan(at('rel="preload" as="fetch"'));
    expect(at('chunk-3.js')).toBeLessThan(at('</head>'));
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});
