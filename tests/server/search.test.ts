import { beforeAll, describe, expect, it } from 'vitest';
import { Collection, Material, type MaterialInput } from '../../model/material';
import { CollectionSearchAnswer, FulltextAnswer, MaterialSearchAnswer } from '../../model/search';
import { ApiErrorBody } from '../../server/http/errors';
import { importFile } from '../../server/store/import';
import { RANKED_HITS_MAX, searchFulltext, snippetHtml, type Strategy } from '../../server/store/search';
import { ensureSearchIndex, searchEntriesOf } from '../../server/store/searchIndex';
import { htmlToPlainText, richTextToPlainText, searchConfigOf, titleSortKey, tsQueryText } from '../../server/store/searchText';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { addUser, login } from './learners';

/** A German course: stemming, anchors, breadcrumbs, a barrier, markup in content. */
const germanInput: MaterialInput = {
  modelName: 'Material',
  id: 's-de',
  publicId: 'wasser',
  title: 'Wasser im Alltag',
  metadata: { sprache: 'Deutsch' },
  content: [
    { modelName: 'Text', id: 's-de-haus', content: { html: '<p>Das Haus steht am Fluss.</p>' } },
    { modelName: 'Text', id: 's-de-markup', content: { html: '<p>Code: &lt;script&gt;alert(1)&lt;/script&gt; und <b>Pumpen</b>werk &amp; "Kanal"<script>alert(2)</script></p>' } },
    {
      modelName: 'Chapter',
      id: 's-de-ch',
      publicId: 'kreislauf',
      title: 'Der Kreislauf',
      content: [
        {
          modelName: 'Foldable',
          id: 's-de-fold',
          title: 'Mehr dazu',
          content: [{ modelName: 'Columns', id: 's-de-cols', left: [{ modelName: 'Text', id: 's-de-deep', content: { html: '<p>Verdunstung über dem Meer</p>' } }], right: [] }],
        },
        { modelName: 'ImageGallery', id: 's-de-gallery', content: [{ modelName: 'Image', id: 's-de-img', asset: { file: 'a.png' }, caption: '<p>Ein Wasserfall</p>' }] },
        { modelName: 'Path', id: 's-de-path', content: [{ modelName: 'Chapter', id: 's-de-step', publicId: 'schritt', title: 'Schritt Grundwasser', content: [] }] },
        {
          modelName: 'ClozeQuestion',
          id: 's-de-cloze',
          question: '<p>Lückentext</p>',
          content: [{ type: 'p', children: [{ text: 'Regen fällt als ' }, { type: 'gap', id: 's-de-gap', mode: 'textinput', solutions: [{ text: 'Niederschlagslösung', correct: true }], children: [{ text: '' }] }] }],
          feedbackPositive: '<p>Rückmeldungsgeheimnis</p>',
        },
      ],
    },
    { modelName: 'Text', id: 's-de-before', content: { html: '<p>Vor der Schranke</p>' } },
    { modelName: 'Barrier', id: 's-de-barrier', content: '<p>Erst weiterlesen</p>' },
    { modelName: 'Text', id: 's-de-after', content: { html: '<p>Hinter der Schranke liegt das Geheimwort Trinkwasser.</p>' } },
    { modelName: 'Barrier', id: 's-de-barrier2', content: '' },
    { modelName: 'Foldable', id: 's-de-fold2', title: 'Nach zwei Schranken', content: [{ modelName: 'Text', id: 's-de-after2', content: { html: '<p>Trinkwasser nochmals</p>' } }] },
  ],
};

const englishInput: MaterialInput = {
  modelName: 'Material',
  id: 's-en',
  publicId: 'water',
  title: 'Water in everyday life',
  metadata: { language: 'en' },
  content: [{ modelName: 'Text', id: 's-en-run', content: { html: '<p>Rivers are running past the houses.</p>' } }],
};

/** Many hits of one word, for the paging rule. */
const pagingInput: MaterialInput = {
  modelName: 'Material',
  id: 's-page',
  publicId: 'seiten',
  title: 'Blättern',
  metadata: { sprache: 'de' },
  content: Array.from({ length: 45 }, (_, i) => ({ modelName: 'Text', id: `s-page-${i}`, content: { html: `<p>Eintrag ${i}: Seite ${'Seite '.repeat(i % 3)}</p>` } })),
};

/** The material of another share, with a word of its own. */
const otherInput: MaterialInput = {
  modelName: 'Material',
  id: 's-other',
  publicId: 'anderes',
  title: 'Zebrafisch',
  metadata: { sprache: 'Deutsch' },
  content: [{ modelName: 'Text', id: 's-other-t', content: { html: '<p>Zebrafische und Häuser</p>' } }],
};

const privateInput: MaterialInput = {
  modelName: 'Material',
  id: 's-private',
  publicId: 'privat',
  title: 'Privat',
  content: [{ modelName: 'Text', id: 's-private-t', content: { html: '<p>Vertrauliche Häuser</p>' } }],
};

function cardMaterial(id: string, title: string, createdAt: string, metadata: Record<string, string | string[]>, description = ''): MaterialInput {
  return { modelName: 'Material', id, publicId: id, title, created_at: createdAt, metadata, description, content: [{ modelName: 'Text', id: `${id}-t`, content: { html: `<p>${title}</p>` } }] };
}

const collectionInput = {
  modelName: 'Collection',
  id: 's-coll',
  publicId: 'sammlung',
  title: 'Sammlung',
  items: [
    { id: 's-coll-1', material: cardMaterial('c-bruch', 'Bruchrechnen', '2025-01-03T10:00:00Z', { fach: 'Mathematik', stufe: 'I', sprache: 'Deutsch', tags: ['Brüche', 'Rezepte'] }) },
    { id: 's-coll-2', material: cardMaterial('c-aepfel', 'Äpfel zählen', '2025-01-01T10:00:00Z', { fach: 'Mathematik', stufe: 'II', sprache: 'Deutsch', tags: ['Zählen'] }) },
    { id: 's-coll-3', material: cardMaterial('c-komma', 'Kommasetzung', '2025-01-04T10:00:00Z', { fach: 'Deutsch', stufe: 'I', sprache: 'Deutsch', tags: ['Rezepte'] }, '<p>Regeln für Nebensätze</p>') },
    { id: 's-coll-4', material: cardMaterial('c-climate', 'Climate basics', '2025-01-02T10:00:00Z', { fach: 'Geografie', stufe: 'II', sprache: 'Englisch' }) },
  ],
};

describe('search text and index (pure)', () => {
  it('reads html as text: tags dropped, blocks separated, entities decoded', () => {
    expect(htmlToPlainText('<p>Ha<b>us</b> &amp; Hof</p><p>&lt;b&gt; &auml;&#252;&#x00DF;&nbsp;x</p><!-- c --><br>y')).toBe('Haus & Hof <b> äüß x y');
    expect(htmlToPlainText('<a title="a>b" href="x">Link</a><script>alert(1)</script>')).toBe('Link');
  });

  it('reads rich text without the gaps', () => {
    expect(richTextToPlainText([{ type: 'p', children: [{ text: 'Vor ' }, { type: 'gap', id: 'g', mode: 'textinput', solutions: [{ text: 'geheim', correct: true }], children: [] }, { text: ' nach' }] }])).toBe('Vor nach');
  });

  it('picks the configuration by the language metadata, simple otherwise', () => {
    expect(searchConfigOf({ sprache: 'Deutsch' })).toBe('german');
    expect(searchConfigOf({ Language: ['de-CH'] })).toBe('german');
    expect(searchConfigOf({ lang: 'English' })).toBe('english');
    expect(searchConfigOf({ sprache: 'Englisch' })).toBe('english');
    expect(searchConfigOf({ sprache: 'Français' })).toBe('simple');
    expect(searchConfigOf({})).toBe('simple');
    expect(searchConfigOf({ denglisch: 'de' })).toBe('simple');
  });

  it('turns a query into words that must all occur, the last one as a prefix; none: null', () => {
    expect(tsQueryText("  Häuser' & | !am (Fluss)")).toBe("'häuser' & 'am' & 'fluss':*");
    expect(tsQueryText(' ;-) ')).toBeNull();
    expect(titleSortKey('Äpfel Straße')).toBe('apfel strasse');
  });

  it('escapes the snippet and marks only the matches', () => {
    expect(snippetHtml('\uE000Haus\uE001 \uE002script\uE003 "x" <b>')).toBe('<mark>Haus</mark> &lt;script&gt; &quot;x&quot; &lt;b&gt;');
  });

  it('indexes each element with its anchor, breadcrumbs and barrier, without answers', () => {
    const entries = new Map(searchEntriesOf(Material.parse(germanInput)).map((e) => [e.id, e]));
    const material = { title: 'Wasser im Alltag', publicId: 'wasser', modelName: 'Material' };
    expect(entries.get('s-de')).toMatchObject({ modelName: 'Material', anchorId: 's-de', ancestors: [material], ord: 0 });
    const chapter = { title: 'Der Kreislauf', publicId: 'kreislauf', modelName: 'Chapter' };
    expect(entries.get('s-de-ch')).toMatchObject({ anchorId: 's-de-ch', ancestors: [material] });
    expect(entries.get('s-de-deep')).toMatchObject({ anchorId: 's-de-fold', ancestors: [material, chapter], barrierId: null });
    expect(entries.get('s-de-img')).toMatchObject({ anchorId: 's-de-gallery', secondary: 'Ein Wasserfall' });
    expect(entries.get('s-de-step')).toMatchObject({ anchorId: 's-de-path', ancestors: [material, chapter] });
    expect(entries.has('s-de-cols')).toBe(false);
    expect(entries.get('s-de-cloze')?.plainText).toBe('Lückentext Regen fällt als');
    expect(entries.get('s-de-barrier')).toMatchObject({ barrierId: null });
    expect(entries.get('s-de-after')).toMatchObject({ barrierId: 's-de-barrier' });
    expect(entries.get('s-de-after2')).toMatchObject({ barrierId: 's-de-barrier', anchorId: 's-de-fold2' });
    expect(entries.get('s-de-markup')?.plainText).toBe('Code: <script>alert(1)</script> und Pumpenwerk & "Kanal"');
  });
});

describe.each(testDatabaseKinds)('search on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => a.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const shares = { de: '', en: '', paging: '', other: '', private: '', collection: '' };
  let cookie = '';

  const fulltext = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await post('/api/searchFulltext', { limit: 100, ...body }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return FulltextAnswer.parse(res.json().data);
  };
  const ids = (answer: FulltextAnswer) => answer.results.map((r) => r.id);

  beforeAll(async () => {
    shares.de = (await importFile(t.db, Material.parse(germanInput), { share: 'public' })).share.publicId;
    shares.en = (await importFile(t.db, Material.parse(englishInput), { share: 'public' })).share.publicId;
    shares.paging = (await importFile(t.db, Material.parse(pagingInput), { share: 'public' })).share.publicId;
    shares.other = (await importFile(t.db, Material.parse(otherInput), { share: 'public' })).share.publicId;
    shares.private = (await importFile(t.db, Material.parse(privateInput), { share: 'private' })).share.publicId;
    shares.collection = (await importFile(t.db, Collection.parse(collectionInput), { share: 'public' })).share.publicId;
    await addUser(t.db, 'searcher@example.org');
    cookie = await login(a.app, 'searcher@example.org');
  });

  describe('searchFulltext', () => {
    it('finds "Haus" when searching "Häuser" in a German course, and English stems in an English one', async () => {
      expect(ids(await fulltext({ share: shares.de, query: 'Häuser' }))).toEqual(['s-de-haus']);
      expect(ids(await fulltext({ share: shares.de, query: 'Flüsse Haus' }))).toEqual(['s-de-haus']);
      expect(ids(await fulltext({ share: shares.en, query: 'house run' }))).toEqual(['s-en-run']);
      // The last word matches as the start of a word (search as you type).
      expect(ids(await fulltext({ share: shares.de, query: 'Verdun' }))).toEqual(['s-de-deep']);
    });

    it('answers each hit with its model, anchor, breadcrumbs and a marked snippet', async () => {
      const answer = await fulltext({ share: shares.de, query: 'Verdunstung' });
      expect(answer).toEqual({
        results: [
          {
            id: 's-de-deep',
            modelName: 'Text',
            anchorId: 's-de-fold',
            barrierId: null,
            path: [
              { title: 'Wasser im Alltag', publicId: 'wasser', modelName: 'Material' },
              { title: 'Der Kreislauf', publicId: 'kreislauf', modelName: 'Chapter' },
            ],
            _formatted: { plainText: '<mark>Verdunstung</mark> über dem Meer' },
            matchedWords: ['verdunstung'],
          },
        ],
        total: 1,
        totalIsLowerBound: false,
        hasMore: false,
      });
    });

    it('names the words of each hit the query matched, as its snippet marks them: the forms its text holds, not the query', async () => {
      // "Pumpenwerke" finds "Pumpenwerk" by its stem; the page it opens marks what was found.
      const [werk] = (await fulltext({ share: shares.de, query: 'Pumpenwerke' })).results;
      expect(werk._formatted.plainText).toContain('<mark>Pumpenwerk</mark>');
      expect(werk.matchedWords).toEqual(['pumpenwerk']);
      // Every word of the query, each form once, in reading order; the last word also as the start of one.
      expect((await fulltext({ share: shares.de, query: 'Flüsse Häuser' })).results.map((r) => r.matchedWords)).toEqual([['haus', 'fluss']]);
      expect((await fulltext({ share: shares.en, query: 'house run' })).results.map((r) => r.matchedWords)).toEqual([['running', 'houses']]);
      expect((await fulltext({ share: shares.de, query: 'Verdun' })).results.map((r) => r.matchedWords)).toEqual([['verdunstung']]);
      // Behind a barrier the hit opens at the barrier, and names nothing of what it hides.
      expect((await fulltext({ share: shares.de, query: 'Trinkwasser' })).results.map((r) => r.matchedWords)).toEqual([[], []]);
    });

    it('ranks titles and headings above body text', async () => {
      const answer = await fulltext({ share: shares.de, query: 'Wasser' });
      expect(ids(answer)[0]).toBe('s-de');
    });

    it('keeps the markup of the content out of the snippet: a <script> in the text comes back as text', async () => {
      const [hit] = (await fulltext({ share: shares.de, query: 'Pumpenwerk' })).results;
      expect(hit._formatted.plainText).toBe('Code: &lt;script&gt;alert(1)&lt;/script&gt; und <mark>Pumpenwerk</mark> &amp; &quot;Kanal');
      const [script] = (await fulltext({ share: shares.de, query: 'script' })).results;
      expect(script.id).toBe('s-de-markup');
      expect(script._formatted.plainText.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
      // The script element itself was removed at import; nothing of it is indexed.
      expect((await fulltext({ share: shares.de, query: 'alert 2' })).total).toBe(0);
    });

    it('answers hits behind a barrier with the barrier and without their snippet', async () => {
      const answer = await fulltext({ share: shares.de, query: 'Trinkwasser' });
      expect(answer.results.map((r) => [r.id, r.barrierId, r._formatted.plainText])).toEqual([
        ['s-de-after', 's-de-barrier', ''],
        ['s-de-after2', 's-de-barrier', ''],
      ]);
      const before = await fulltext({ share: shares.de, query: 'Schranke' });
      expect(before.results.find((r) => r.id === 's-de-before')?._formatted.plainText).toBe('Vor der <mark>Schranke</mark>');
    });

    it('does not index gap solutions or feedback', async () => {
      expect((await fulltext({ share: shares.de, query: 'Niederschlagslösung' })).total).toBe(0);
      expect((await fulltext({ share: shares.de, query: 'Rückmeldungsgeheimnis' })).total).toBe(0);
    });

    it('pages by the full-text rule without losing or repeating a hit', async () => {
      const all = await fulltext({ share: shares.paging, query: 'Seite' });
      expect(all.total).toBe(45);
      const pageSize = 20;
      const seen: string[] = [];
      const hasMore: boolean[] = [];
      for (let page = 1; page <= 3; page++) {
        const limit = page === 1 ? pageSize - 1 : pageSize;
        const offset = page === 1 ? 0 : (page - 1) * limit - 1;
        const answer = await fulltext({ share: shares.paging, query: 'Seite', limit, offset });
        expect(answer.total).toBe(45);
        seen.push(...ids(answer));
        hasMore.push(answer.hasMore);
      }
      expect(hasMore).toEqual([true, true, false]);
      expect(seen).toEqual(ids(all));
      expect(new Set(seen).size).toBe(45);
      // Beyond the end: nothing, with the total.
      expect(await fulltext({ share: shares.paging, query: 'Seite', offset: 45 })).toEqual({ results: [], total: 45, totalIsLowerBound: false, hasMore: false });
    });

    it('orders more than RANKED_HITS_MAX hits by the order of the materials, then reading order, paging the same way', async () => {
      const direct = (query: string, limit: number, offset: number, rankedMax: number, strategy?: Strategy) =>
        searchFulltext(t.db, { query, materialIds: ['s-page'], filters: {}, limit, offset, rankedMax, strategy });
      const readingOrder = Array.from({ length: 45 }, (_, i) => `s-page-${i}`);
      // 45 hits: ranked up to 45 (the entries with "Seite" three times first), in reading order from 44 down.
      const ranked = await direct('Seite', 100, 0, 45);
      expect(ranked.total).toBe(45);
      expect(ids(ranked).slice(0, 3)).toEqual(['s-page-2', 's-page-5', 's-page-8']);
      expect(ids(ranked)).toEqual(ids(await fulltext({ share: shares.paging, query: 'Seite' })));
      expect(ids(await direct('Seite', 100, 0, 44))).toEqual(readingOrder);
      for (const strategy of ['scope', 'index'] as const) {
        const seen: string[] = [];
        const hasMore: boolean[] = [];
        for (const [limit, offset] of [[19, 0], [20, 19], [20, 39], [20, 59]]) {
          const answer = await direct('Seite', limit, offset, 10, strategy);
          expect(answer.total).toBe(45);
          seen.push(...ids(answer));
          hasMore.push(answer.hasMore);
        }
        expect(seen).toEqual(readingOrder);
        expect(hasMore).toEqual([true, true, false, false]);
      }
      expect(RANKED_HITS_MAX).toBeGreaterThanOrEqual(1000);
    });

    it('counts up to the count cap, says when there are more, and pages on past the cap', async () => {
      const direct = (query: string, materialIds: string[], limit: number, offset: number, countCap: number, rankedMax?: number, strategy?: Strategy) =>
        searchFulltext(t.db, { query, materialIds, filters: {}, limit, offset, countCap, rankedMax, strategy });
      const readingOrder = Array.from({ length: 45 }, (_, i) => `s-page-${i}`);
      // Under the cap, and at it: the exact count.
      expect(await direct('Trinkwasser', ['s-de'], 19, 0, 10)).toMatchObject({ total: 2, totalIsLowerBound: false, hasMore: false });
      expect(await direct('Seite', ['s-page'], 19, 0, 45)).toMatchObject({ total: 45, totalIsLowerBound: false, hasMore: true });
      expect(await direct('Seite', ['s-page'], 19, 0, 44)).toMatchObject({ total: 44, totalIsLowerBound: true, hasMore: true });
      expect((await fulltext({ share: shares.paging, query: 'Seite' })).totalIsLowerBound).toBe(false);
      for (const strategy of [undefined, 'scope', 'index'] as const) {
        // 45 hits, cap 10: ranked (45 ≤ RANKED_HITS_MAX) and in reading order (rankedMax 5: decided by the capped count).
        for (const rankedMax of [undefined, 5]) {
          const expected = rankedMax ? readingOrder : ids(await direct('Seite', ['s-page'], 100, 0, 1000, rankedMax, strategy));
          const seen: string[] = [];
          const hasMore: boolean[] = [];
          for (const offset of [0, 5, 10, 15, 20, 25, 30, 35, 40, 45]) {
            const answer = await direct('Seite', ['s-page'], 5, offset, 10, rankedMax, strategy);
            expect([answer.total, answer.totalIsLowerBound], `${strategy} ${rankedMax} ${offset}`).toEqual([10, true]);
            seen.push(...ids(answer));
            hasMore.push(answer.hasMore);
          }
          expect(seen).toEqual(expected);
          expect(hasMore).toEqual([true, true, true, true, true, true, true, true, false, false]);
          expect((await direct('Seite', ['s-page'], 7, 3, 10, rankedMax, strategy)).results.map((r) => r.id)).toEqual(expected.slice(3, 10));
        }
      }
    });

    it('pages past the count cap across materials exactly like under it', async () => {
      const everything = ['s-de', 's-en', 's-page', 's-other', 's-private', 'c-bruch', 'c-aepfel', 'c-komma', 'c-climate', 'no-such-material'];
      for (const [query, materialIds] of [
        ['s', everything],
        ['s', ['s-page', 's-de', 's-other']],
        ['Häuser', everything],
        ['Seite Eintrag', ['s-de', 's-page']],
        ['nichtsdergleichen', everything],
      ] as const) {
        for (const [limit, offset] of [[19, 0], [20, 19], [5, 40], [3, 44], [20, 45], [100, 0], [2, 60]]) {
          for (const strategy of ['scope', 'index'] as const) {
            const search = { query, materialIds, filters: {}, limit, offset, rankedMax: 2, strategy };
            const exact = await searchFulltext(t.db, { ...search, countCap: 1000 });
            const capped = await searchFulltext(t.db, { ...search, countCap: 3 });
            const label = `${query} ${materialIds.length} ${limit} ${offset} ${strategy}`;
            expect({ ...capped, total: exact.total, totalIsLowerBound: false }, label).toEqual(exact);
            expect([capped.total, capped.totalIsLowerBound], label).toEqual(exact.total > 3 ? [3, true] : [exact.total, false]);
            expect(exact.hasMore, label).toBe(offset + limit < exact.total);
            // By the GIN indexes, a sparse query's page comes from sorting all its hits; with fewer allowed than it
            // has (0, 3), from the walk: the same page either way.
            if (strategy === 'index') {
              for (const sortedMax of [0, 3]) expect(await searchFulltext(t.db, { ...search, countCap: 1000, sortedMax }), `${label} sorted ≤ ${sortedMax}`).toEqual(exact);
            }
          }
        }
      }
    });

    it('answers the same whether it finds the hits by the GIN indexes or by the searched materials', async () => {
      const everything = ['s-de', 's-en', 's-page', 's-other', 's-private', 'c-bruch', 'c-aepfel', 'c-komma', 'c-climate', 'no-such-material'];
      const cases: [string, string[]][] = [
        ['Häuser', everything],
        ['Häuser', ['s-other', 's-de']],
        ['Seite', everything],
        ['Wasser', ['s-de']],
        ['Schranke Trinkw', everything],
        ['ru', ['s-en', 's-de']],
        ['nichtsdergleichen', everything],
      ];
      for (const [query, materialIds] of cases) {
        for (const [limit, offset] of [[19, 0], [20, 3], [5, 40]]) {
          for (const rankedMax of [RANKED_HITS_MAX, 2]) {
            const search = { query, materialIds, filters: {}, limit, offset, rankedMax };
            const byIndex = await searchFulltext(t.db, { ...search, strategy: 'index' });
            expect(await searchFulltext(t.db, { ...search, strategy: 'scope' }), `${query} ${limit} ${offset} ${rankedMax}`).toEqual(byIndex);
            expect(await searchFulltext(t.db, search)).toEqual(byIndex);
          }
        }
      }
      const filtered = { query: 'Bruchrechnen', materialIds: everything, filters: { 'metadata.fach': ['Deutsch'] }, limit: 19, offset: 0 };
      expect(await searchFulltext(t.db, { ...filtered, strategy: 'index' })).toEqual({ results: [], total: 0, totalIsLowerBound: false, hasMore: false });
      expect(await searchFulltext(t.db, { ...filtered, strategy: 'scope' })).toEqual({ results: [], total: 0, totalIsLowerBound: false, hasMore: false });
    });

    it('never answers a hit of another share', async () => {
      expect((await fulltext({ share: shares.de, query: 'Zebrafisch' })).total).toBe(0);
      expect(ids(await fulltext({ share: shares.other, query: 'Häuser' }))).toEqual(['s-other-t']);
      expect(ids(await fulltext({ share: shares.de, query: 'Häuser' }))).not.toContain('s-other-t');
    });

    it('answers a material or collection outside the share exactly like an unknown one', async () => {
      const unknown = await post('/api/searchFulltext', { share: shares.de, query: 'Haus', materialId: 'no-such-material' });
      expect(unknown.statusCode).toBe(404);
      for (const body of [
        { share: shares.de, query: 'Haus', materialId: 's-other' },
        { share: shares.de, query: 'Haus', materialId: 's-other-t' },
        { share: shares.collection, query: 'Haus', materialId: 's-coll' },
        { share: shares.de, query: 'Haus', collectionId: 's-coll' },
        { share: shares.collection, query: 'Haus', collectionId: 'no-such-collection' },
      ]) {
        const res = await post('/api/searchFulltext', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(404);
        expect(res.body).toBe(unknown.body);
      }
      expect((await post('/api/searchFulltext', { share: 'Z'.repeat(24), query: 'Haus' })).statusCode).toBe(404);
    });

    it('narrows to a material or the collection of the share, and by metadata filters', async () => {
      expect(ids(await fulltext({ share: shares.collection, query: 'Rechnen' }))).toEqual([]);
      expect(ids(await fulltext({ share: shares.collection, query: 'Bruchrechnen', collectionId: 's-coll' }))).toEqual(['c-bruch', 'c-bruch-t']);
      expect(ids(await fulltext({ share: shares.collection, query: 'Bruchrechnen', materialId: 'c-bruch' }))).toEqual(['c-bruch', 'c-bruch-t']);
      expect(ids(await fulltext({ share: shares.collection, query: 'Bruchrechnen', materialId: 'c-komma' }))).toEqual([]);
      expect((await fulltext({ share: shares.collection, query: 'Bruchrechnen', filters: { 'metadata.fach': ['Deutsch'] } })).total).toBe(0);
      expect((await fulltext({ share: shares.collection, query: 'Bruchrechnen', filters: { 'metadata.tags': ['Rezepte'], 'metadata.fach': [] } })).total).toBe(2);
    });

    it('answers an empty query with an empty result, before looking at the share', async () => {
      for (const query of ['', '   ', ' ?! ']) {
        expect(await fulltext({ share: shares.de, query })).toEqual({ results: [], total: 0, totalIsLowerBound: false, hasMore: false });
      }
      expect(await fulltext({ share: 'Y'.repeat(24), query: '' })).toEqual({ results: [], total: 0, totalIsLowerBound: false, hasMore: false });
    });

    it('answers a private share only to a logged-in user', async () => {
      const res = await post('/api/searchFulltext', { share: shares.private, query: 'Häuser' });
      expect(res.statusCode).toBe(403);
      expect(ids(await fulltext({ share: shares.private, query: 'Häuser' }, { cookie }))).toEqual(['s-private-t']);
    });

    it('answers 400 with the path of each bad field', async () => {
      const res = await post('/api/searchFulltext', { share: shares.de, query: 'x', limit: 101, offset: -1, filters: { fach: ['x'] }, sort: 'title:asc' });
      expect(res.statusCode).toBe(400);
      expect(ApiErrorBody.parse(res.json()).errors.map((e) => e.path).sort()).toEqual(['filters.fach', 'limit', 'offset', 'sort']);
      const missing = await post('/api/searchFulltext', { query: 5, limit: 0 });
      expect(ApiErrorBody.parse(missing.json()).errors.map((e) => e.path).sort()).toEqual(['limit', 'query', 'share']);
    });
  });

  describe('with FULLTEXT_SEARCH off', () => {
    const off = useTestApp(() => t.db, { featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false } });

    it('answers searchFulltext 404 as if it did not exist (spec section 6: the flag gates search), while the material search answers', async () => {
      for (const payload of [{ share: shares.de, query: 'Häuser', limit: 10 }, { share: shares.de, query: '', limit: 10 }, {}]) {
        const res = await off.app.inject({ method: 'POST', url: '/api/searchFulltext', payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(404);
        expect(ApiErrorBody.parse(res.json()).errors).toHaveLength(1);
      }
      const materials = await off.app.inject({ method: 'POST', url: '/api/search/materials', payload: { share: shares.de, query: '' } });
      expect(materials.statusCode, materials.body).toBe(200);
    });
  });

  describe('re-import and start-up indexing', () => {
    it('replaces the rows of a material on re-import', async () => {
      const changed = { ...englishInput, content: [{ modelName: 'Text', id: 's-en-run', content: { html: '<p>Lakes are swimming.</p>' } }] } as MaterialInput;
      await importFile(t.db, Material.parse(changed), { share: 'public' });
      expect((await fulltext({ share: shares.en, query: 'river' })).total).toBe(0);
      expect(ids(await fulltext({ share: shares.en, query: 'lake swim' }))).toEqual(['s-en-run']);
      await importFile(t.db, Material.parse(englishInput), { share: 'public' });
      expect(ids(await fulltext({ share: shares.en, query: 'rivers' }))).toEqual(['s-en-run']);
    });

    it('indexes at start what was stored without an index, and then nothing more', async () => {
      await ensureSearchIndex(t.db);
      await t.db.query(`DELETE FROM search_materials WHERE material_id = 's-other'`);
      await t.db.query(`UPDATE search_materials SET index_version = 'old' WHERE material_id = 's-en'`);
      expect((await fulltext({ share: shares.other, query: 'Zebrafisch' })).total).toBe(0);
      expect(await ensureSearchIndex(t.db)).toBe(2);
      expect(ids(await fulltext({ share: shares.other, query: 'Zebrafisch' }))).toEqual(['s-other', 's-other-t']);
      expect(await ensureSearchIndex(t.db)).toBe(0);
    });
  });

  describe('search/collection/{id}/materials', () => {
    const search = async (body: Record<string, unknown>, share = shares.collection) => {
      const res = await post(`/api/search/collection/${share}/materials`, body);
      expect(res.statusCode, res.body).toBe(200);
      return CollectionSearchAnswer.parse(res.json().data);
    };
    const materialIds = (answer: CollectionSearchAnswer) => answer.items.map((i) => i.material_snapshot.id);

    it('answers items with id and material_snapshot in each of the five sorts', async () => {
      const byOrder = await search({});
      expect(byOrder.items[0]).toEqual({
        id: 's-coll-1',
        material_snapshot: {
          id: 'c-bruch',
          publicId: 'c-bruch',
          title: 'Bruchrechnen',
          metadata: { fach: 'Mathematik', stufe: 'I', sprache: 'Deutsch', tags: ['Brüche', 'Rezepte'] },
          created_at: '2025-01-03T10:00:00Z',
          description: '',
        },
      });
      expect(materialIds(byOrder)).toEqual(['c-bruch', 'c-aepfel', 'c-komma', 'c-climate']);
      expect(materialIds(await search({ sort: 'created_at:desc' }))).toEqual(['c-komma', 'c-bruch', 'c-climate', 'c-aepfel']);
      expect(materialIds(await search({ sort: 'created_at:asc' }))).toEqual(['c-aepfel', 'c-climate', 'c-bruch', 'c-komma']);
      expect(materialIds(await search({ sort: 'material.title:asc' }))).toEqual(['c-aepfel', 'c-bruch', 'c-climate', 'c-komma']);
      expect(materialIds(await search({ sort: 'material.title:desc' }))).toEqual(['c-komma', 'c-climate', 'c-bruch', 'c-aepfel']);
    });

    it('pages by offset = (page − 1) × pageSize', async () => {
      const first = await search({ limit: 3, offset: 0 });
      const second = await search({ limit: 3, offset: 3 });
      expect([first.hasMore, second.hasMore, first.total]).toEqual([true, false, 4]);
      expect([...materialIds(first), ...materialIds(second)]).toEqual(['c-bruch', 'c-aepfel', 'c-komma', 'c-climate']);
    });

    it('matches the query against titles, descriptions and metadata values, filters by metadata, and counts facets under both', async () => {
      expect(materialIds(await search({ query: 'nebensatz' }))).toEqual(['c-komma']);
      // A tag on the card finds its materials.
      expect(materialIds(await search({ query: 'Geografie' }))).toEqual(['c-climate']);
      expect(materialIds(await search({ query: 'Rezept' }))).toEqual(['c-bruch', 'c-komma']);
      const filtered = await search({ filters: { 'metadata.tags': ['Rezepte'] } });
      expect(materialIds(filtered)).toEqual(['c-bruch', 'c-komma']);
      expect(filtered.facetDistribution).toEqual({
        'metadata.fach': { Mathematik: 1, Deutsch: 1 },
        'metadata.stufe': { I: 2 },
        'metadata.sprache': { Deutsch: 2 },
        'metadata.tags': { Brüche: 1, Rezepte: 2 },
      });
      const two = await search({ filters: { 'metadata.fach': ['Mathematik', 'Geografie'], 'metadata.stufe': ['II'] } });
      expect(materialIds(two)).toEqual(['c-aepfel', 'c-climate']);
      expect(two.facetDistribution['metadata.fach']).toEqual({ Mathematik: 1, Geografie: 1 });
      const queried = await search({ query: 'Äpfel', filters: { 'metadata.fach': ['Mathematik'] } });
      expect(queried.total).toBe(1);
      expect(queried.facetDistribution['metadata.tags']).toEqual({ Zählen: 1 });
      expect(await search({ query: 'Zebrafisch' })).toEqual({ items: [], total: 0, hasMore: false, facetDistribution: {} });
    });

    it('answers 404 for a material share and an unknown share, 403 for a private share without login', async () => {
      for (const share of [shares.de, 'X'.repeat(24)]) expect((await post(`/api/search/collection/${share}/materials`, {})).statusCode).toBe(404);
      const privateCollection = await importFile(t.db, Collection.parse(collectionInput), { share: 'private' });
      expect((await post(`/api/search/collection/${privateCollection.share.publicId}/materials`, {})).statusCode).toBe(403);
      const res = await post(`/api/search/collection/${privateCollection.share.publicId}/materials`, {}, { cookie });
      expect(res.statusCode).toBe(200);
    });

    it('answers 400 with paths for a bad sort, a negative offset and a limit over 100', async () => {
      const res = await post(`/api/search/collection/${shares.collection}/materials`, { sort: 'title:asc', offset: -1, limit: 101, filters: { 'metadata.fach': 'x' } });
      expect(res.statusCode).toBe(400);
      expect(ApiErrorBody.parse(res.json()).errors.map((e) => e.path).sort()).toEqual(['filters.metadata.fach', 'limit', 'offset', 'sort']);
    });
  });

  describe('search/materials', () => {
    const search = async (body: Record<string, unknown>) => {
      const res = await post('/api/search/materials', { share: shares.collection, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return MaterialSearchAnswer.parse(res.json().data);
    };
    const materialIds = (answer: MaterialSearchAnswer) => answer.results.map((r) => r.id);

    it('lists the materials of the share, newest first by default, in each of the four sorts', async () => {
      expect(materialIds(await search({}))).toEqual(['c-komma', 'c-bruch', 'c-climate', 'c-aepfel']);
      expect(materialIds(await search({ sort: 'created_at:asc' }))).toEqual(['c-aepfel', 'c-climate', 'c-bruch', 'c-komma']);
      expect(materialIds(await search({ sort: 'title:asc' }))).toEqual(['c-aepfel', 'c-bruch', 'c-climate', 'c-komma']);
      expect(materialIds(await search({ sort: 'title:desc' }))).toEqual(['c-komma', 'c-climate', 'c-bruch', 'c-aepfel']);
      const single = await search({ share: shares.de });
      expect(materialIds(single)).toEqual(['s-de']);
      expect(single.facetDistribution).toEqual({ 'metadata.sprache': { Deutsch: 1 } });
    });

    it('counts facets under the query and the filters', async () => {
      const answer = await search({ query: 'rechnen zählen', filters: {} });
      expect(answer.total).toBe(0);
      const maths = await search({ filters: { 'metadata.fach': ['Mathematik'] }, limit: 1 });
      expect([maths.total, maths.hasMore, maths.results.length]).toEqual([2, true, 1]);
      expect(maths.facetDistribution).toEqual({
        'metadata.fach': { Mathematik: 2 },
        'metadata.stufe': { I: 1, II: 1 },
        'metadata.sprache': { Deutsch: 2 },
        'metadata.tags': { Brüche: 1, Rezepte: 1, Zählen: 1 },
      });
    });

    it('answers 403 on a private share without login and 400 with paths for bad params', async () => {
      expect((await post('/api/search/materials', { share: shares.private })).statusCode).toBe(403);
      const res = await post('/api/search/materials', { share: shares.de, sort: 'order:asc', offset: -5, limit: 1000 });
      expect(res.statusCode).toBe(400);
      expect(ApiErrorBody.parse(res.json()).errors.map((e) => e.path).sort()).toEqual(['limit', 'offset', 'sort']);
    });
  });
});
