// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { searchLoadedItems } from '../../src/collection/localCollectionSearch';
import type { FulltextHit } from '../../model/search';
import { facetButtonText, facetLabel, facetName } from '../../src/search/FacetFilters';
import type { Settings } from '../../model/settings';
import { crumbPath, hitTarget } from '../../src/search/fulltextTarget';
import { iconKindOf } from '../../src/search/ResultTypeIcon';
import { revealMarks, highlightMatches } from '../../src/viewer/scrollToTarget';

const material = { title: 'Wasser im Alltag', publicId: 'wasser', modelName: 'Material' as const };
const chapter = { title: 'Grundwasser', publicId: 'grund wasser', modelName: 'Chapter' as const };
const hit = (over: Partial<FulltextHit>): FulltextHit => ({
  id: 'h',
  modelName: 'Text',
  anchorId: 'h',
  path: [material, chapter],
  barrierId: null,
  _formatted: { plainText: 'ein <mark>Treffer</mark>' },
  matchedWords: [],
  ...over,
});

describe('where a full-text hit opens', () => {
  it('addresses the page by the publicIds of its chapters; in a collection the material comes first', () => {
    expect(crumbPath([material, chapter], false)).toBe('/grund%20wasser/');
    expect(crumbPath([material, chapter], true)).toBe('/wasser/grund%20wasser/');
    expect(crumbPath([material], false)).toBe('/');
    expect(crumbPath([material], true)).toBe('/wasser/');
  });

  it('scrolls to the anchor and highlights the query; a hit behind a barrier opens at the barrier', () => {
    expect(hitTarget(hit({ anchorId: 'falte' }), ' Kies ', false)).toEqual({ to: '/grund%20wasser/', search: { scrollTo: 'falte', highlight: 'Kies' } });
    expect(hitTarget(hit({ barrierId: 'sperre' }), 'Kies', true)).toEqual({ to: '/wasser/grund%20wasser/', search: { scrollTo: 'sperre' } });
    expect(hitTarget(hit({ anchorId: 'x' }), '  ', false).search).toEqual({ scrollTo: 'x', highlight: undefined });
  });

  it('highlights the words the search matched (found by their stems), not the query, when the hit names them', () => {
    const found = hit({ anchorId: 'werk', matchedWords: ['wasserwerk', 'wasserwerken'] });
    expect(hitTarget(found, 'Wasserwerke', false)).toEqual({ to: '/grund%20wasser/', search: { scrollTo: 'werk', highlight: ['wasserwerk', 'wasserwerken'] } });
    expect(hitTarget({ ...found, barrierId: 'sperre' }, 'Wasserwerke', false).search).toEqual({ scrollTo: 'sperre' });
  });

  it('opens a material found by its title at its start', () => {
    expect(hitTarget(hit({ modelName: 'Material', id: 'm1', path: [material] }), 'Wasser', true)).toEqual({ to: '/wasser/', search: {} });
    expect(hitTarget(hit({ modelName: 'Material', id: 'm1', path: [material] }), 'Wasser', false)).toEqual({ to: '/', search: {} });
  });

  it('gives each kind of hit its icon', () => {
    expect(['Material', 'Chapter', 'Path', 'ChoiceQuestion', 'FreeTextInput', 'ImageGallery', 'Text', 'Foldable'].map(iconKindOf)).toEqual([
      'material', 'chapter', 'chapter', 'question', 'question', 'media', 'text', 'text',
    ]);
  });
});

describe('facet buttons', () => {
  const more = (n: number) => `+${n}`;
  it('name the first two values picked, then +N', () => {
    expect(facetName('metadata.fach')).toBe('fach');
    expect(facetButtonText('fach', [], more)).toBe('fach');
    expect(facetButtonText('fach', ['Bio'], more)).toBe('fach: Bio');
    expect(facetButtonText('fach', ['Bio', 'Chemie'], more)).toBe('fach: Bio, Chemie');
    expect(facetButtonText('fach', ['Bio', 'Chemie', 'Physik', 'Mathe'], more)).toBe('fach: Bio, Chemie +2');
  });

  it("are called by the settings' label of their metadata key, in the page's language, else the other, else the key", () => {
    const metadata: Settings['metadata'] = [
      { key: 'fach', label: { de: 'Fach', en: 'Subject' }, displayOnMaterial: true },
      { key: 'stufe', label: { de: 'Stufe' }, displayOnMaterial: true },
      { key: 'dauer', displayOnMaterial: false },
    ];
    expect(facetLabel('metadata.fach', metadata, 'en')).toBe('Subject');
    expect(facetLabel('metadata.fach', metadata, 'de')).toBe('Fach');
    expect(facetLabel('metadata.stufe', metadata, 'en')).toBe('Stufe');
    expect(facetLabel('metadata.dauer', metadata, 'en')).toBe('dauer');
    expect(facetLabel('metadata.sprache', metadata, 'de')).toBe('sprache');
  });
});

describe('the collection grid without a server', () => {
  const snapshot = (id: string, title: string, created_at: string, metadata: Record<string, string | string[]>) => ({
    id,
    material_snapshot: { id, publicId: id, title, created_at, metadata, description: '' },
  });
  const items = [
    snapshot('a', 'Brüche verstehen', '2025-03-01T00:00:00Z', { fach: 'Mathematik' }),
    snapshot('b', 'Aufsatz schreiben', '2026-01-10T00:00:00Z', { fach: 'Deutsch', schlagworte: ['Text', 'Stil'] }),
    snapshot('c', 'Zellen und Gewebe', '2025-09-15T00:00:00Z', { fach: 'Biologie' }),
  ];
  const search = (over: Partial<Parameters<typeof searchLoadedItems>[1]>) =>
    searchLoadedItems(items, { query: '', sort: 'order:asc', filters: {}, lang: null, pageSize: 20, page: 1, limit: 20, offset: 0, ...over });
  const ids = (over: Partial<Parameters<typeof searchLoadedItems>[1]>) => search(over).results.map((m) => (m as { id: string }).id);

  it('keeps the collection order by default and sorts like the server', () => {
    expect(ids({})).toEqual(['a', 'b', 'c']);
    expect(ids({ sort: 'created_at:desc' })).toEqual(['b', 'c', 'a']);
    expect(ids({ sort: 'material.title:asc' })).toEqual(['b', 'a', 'c']);
    expect(ids({ sort: 'material.title:desc' })).toEqual(['c', 'a', 'b']);
  });

  it('matches every word, filters by facet values, counts facets and pages', () => {
    expect(ids({ query: 'ZELLEN gewebe' })).toEqual(['c']);
    expect(ids({ query: 'zellen aufsatz' })).toEqual([]);
    // The metadata's values too, as the server's index holds them.
    expect(ids({ query: 'biologie' })).toEqual(['c']);
    expect(ids({ query: 'stil' })).toEqual(['b']);
    expect(ids({ filters: { 'metadata.schlagworte': ['Stil'] } })).toEqual(['b']);
    expect(ids({ filters: { 'metadata.fach': ['Deutsch', 'Biologie'] } })).toEqual(['b', 'c']);
    expect(search({}).facetDistribution?.['metadata.fach']).toEqual({ Mathematik: 1, Deutsch: 1, Biologie: 1 });
    expect(search({ limit: 2, offset: 2 })).toMatchObject({ total: 3 });
    expect(ids({ limit: 2, offset: 2 })).toEqual(['c']);
  });
});

describe('a match in a folded foldable', () => {
  it('opens the folded panels around the marks, outermost first, by the event find-in-page sends', () => {
    document.body.innerHTML =
      '<div id="t"><div hidden="until-found" id="outer"><p>x</p><div hidden="until-found" id="inner"><p>Kiesbett</p></div></div><div hidden="until-found" id="other"><p>nichts</p></div></div>';
    const target = document.getElementById('t')!;
    const opened: string[] = [];
    for (const panel of target.querySelectorAll('[hidden]')) panel.addEventListener('beforematch', () => opened.push(panel.id));
    expect(highlightMatches(target, 'kiesbett')).toBe(1);
    expect(revealMarks(target)).toBe(2);
    expect(opened).toEqual(['outer', 'inner']);
  });
});
