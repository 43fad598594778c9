import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Asset,
  Collection,
  ContentElement,
  formatIssues,
  formatPath,
  ImportFile,
  Material,
  PageData,
  RichTextDocument,
  Settings,
} from '../../model';
import { DEMO_FILES, readContent } from './demoFiles';

type Json = Record<string, unknown>;

/** A small valid material the broken samples are derived from. */
function baseMaterial(): Json {
  return {
    modelName: 'Material',
    id: 'm1',
    publicId: 'probe',
    title: 'Probe',
    content: [
      { modelName: 'Heading', id: 'h1', level: 2, content: { html: 'Titel' } },
      { modelName: 'Text', id: 't1', content: { html: '<p>Text</p>' } },
      { modelName: 'Separator', id: 's1' },
      {
        modelName: 'ChoiceQuestion',
        id: 'q1',
        type: 'sc',
        question: '<p>Frage?</p>',
        choices: [
          { id: 'q1-a', text: 'Ja', correct: true },
          { id: 'q1-b', text: 'Nein', correct: false },
        ],
      },
    ],
  };
}

function choiceQuestion(content: unknown): Json {
  return (content as Json[])[3];
}

function issuesOf<S extends z.core.$ZodType>(schema: S, value: unknown): string[] {
  const result = z.safeParse(schema, value);
  expect(result.success, 'the sample must be rejected').toBe(false);
  return result.success ? [] : formatIssues(result.error);
}

function pageData(): Json {
  return {
    entryPoint: 'material',
    baseUrl: '/s/abc',
    lang: 'de',
    share: { publicId: 'abc', rootModelName: 'Material', rootId: 'm1', rootPublicId: 'probe' },
    shareSettings: { private: false, saveGuestSessions: true, scorm: false },
    preview: false,
    user: null,
    guestSession: null,
    settings: {},
    featureFlags: { FULLTEXT_SEARCH: true, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false },
    api: { base: '/api', assets: '/api/assets' },
    userdata: { metadata: { shareId: 'abc' } }, learnerState: null,
  };
}

describe('demo files parse with their schemas', () => {
  it.each([
    ['German demo material', DEMO_FILES.materialDe, Material],
    ['English demo material', DEMO_FILES.materialEn, Material],
    ['demo collection', DEMO_FILES.collection, Collection],
    ['settings', DEMO_FILES.settings, Settings],
  ] as const)('%s (%s)', (_label, file, schema) => {
    const result = schema.safeParse(readContent(file));
    expect(result.success ? [] : formatIssues(result.error)).toEqual([]);
  });

  it('the import schema accepts both the material and the collection and tells them apart', () => {
    expect(ImportFile.parse(readContent(DEMO_FILES.materialDe)).modelName).toBe('Material');
    expect(ImportFile.parse(readContent(DEMO_FILES.collection)).modelName).toBe('Collection');
  });

  it('the base sample used below is valid, so each broken sample fails only for its own change', () => {
    expect(Material.safeParse(baseMaterial()).success).toBe(true);
    expect(PageData.safeParse(pageData()).success).toBe(true);
  });
});

describe('formatIssues', () => {
  it('prints `path: message` with array indices in brackets', () => {
    const material = baseMaterial();
    choiceQuestion(material.content).choices = [
      { id: 'q1-a', text: 'Ja', correct: true },
      { id: 'q1-b', text: 'Nein', correct: 'yes' },
    ];
    expect(issuesOf(Material, material)).toEqual([
      'content[3].choices[1].correct: Invalid input: expected boolean, received string',
    ]);
  });

  it('names the root when the whole value is wrong', () => {
    expect(issuesOf(Material, 'not a material')).toEqual([expect.stringMatching(/^\(root\): /)]);
  });

  it('formatPath writes keys with dots and indices in brackets', () => {
    expect(formatPath(['items', 0, 'material', 'content', 12, 'left', 1, 'id'])).toBe('items[0].material.content[12].left[1].id');
  });
});

describe('Material rejects broken content at the right place', () => {
  it('a choice with correct: "yes" → content[i].choices[1].correct', () => {
    const material = baseMaterial();
    choiceQuestion(material.content).choices = [
      { id: 'q1-a', text: 'Ja', correct: true },
      { id: 'q1-b', text: 'Nein', correct: 'yes' },
    ];
    const [issue] = issuesOf(Material, material);
    expect(issue.startsWith('content[3].choices[1].correct: ')).toBe(true);
    expect(issue).toMatch(/expected boolean/);
  });

  it('a missing title → title', () => {
    const material = baseMaterial();
    delete material.title;
    expect(issuesOf(Material, material)).toEqual([expect.stringMatching(/^title: .*expected string/)]);
  });

  it('an empty title → title with the schema message', () => {
    expect(issuesOf(Material, { ...baseMaterial(), title: '' })).toEqual(['title: a material needs a title']);
  });

  it('an unknown modelName → content[i].modelName listing the known ones', () => {
    const material = baseMaterial();
    (material.content as Json[])[1].modelName = 'Paragraph';
    const [issue] = issuesOf(Material, material);
    expect(issue.startsWith('content[1].modelName: ')).toBe(true);
    expect(issue).toContain("'Text'");
    expect(issue).toContain("'PolygonTargetExercise'");
  });

  it('an unknown key (a typo) → the element, naming the key', () => {
    const material = baseMaterial();
    const text = (material.content as Json[])[1];
    delete text.size;
    text.sise = 'p-big';
    expect(issuesOf(Material, material)).toEqual(['content[1]: Unrecognized key: "sise"']);
  });

  it('an unknown key on the material itself → (root)', () => {
    expect(issuesOf(Material, { ...baseMaterial(), titel: 'Probe' })).toEqual(['(root): Unrecognized key: "titel"']);
  });

  it('a duplicate id → the second place, naming the first', () => {
    const material = baseMaterial();
    (material.content as Json[]).push({ modelName: 'Separator', id: 't1' });
    expect(issuesOf(Material, material)).toEqual(['content[4].id: duplicate id "t1" (first used at content[1])']);
  });

  it('a duplicate id deep inside columns and a choice reusing an element id are both found', () => {
    const material = baseMaterial();
    (material.content as Json[]).push({
      modelName: 'Columns',
      id: 'col',
      left: [{ modelName: 'Text', id: 'h1', content: { html: '' } }],
      right: [],
    });
    choiceQuestion(material.content).choices = [
      { id: 'q1-a', text: 'Ja', correct: true },
      { id: 's1', text: 'Nein', correct: false },
    ];
    expect(issuesOf(Material, material)).toEqual([
      'content[3].choices[1].id: duplicate id "s1" (first used at content[2])',
      'content[4].left[0].id: duplicate id "h1" (first used at content[0])',
    ]);
  });

  it('a bad publicId → publicId with the rule', () => {
    expect(issuesOf(Material, { ...baseMaterial(), publicId: 'Wasser im Alltag' })).toEqual([
      'publicId: publicIds use lowercase letters, digits and "-" (1–80 characters)',
    ]);
  });

  it('a bad element id → content[i].id with the rule', () => {
    const material = baseMaterial();
    (material.content as Json[])[2].id = 'mit leerzeichen';
    expect(issuesOf(Material, material)).toEqual(['content[2].id: ids use letters, digits, "-" and "_" (1–80 characters)']);
  });

  it('an unknown evaluationType → evaluationType', () => {
    expect(issuesOf(Material, { ...baseMaterial(), evaluationType: 'graded' })).toEqual([expect.stringMatching(/^evaluationType: .*"scrolling"\|"composite"/)]);
  });

  it('an error three chapters deep → the full path through every chapter', () => {
    const material = baseMaterial();
    const level3 = { modelName: 'Chapter', id: 'c3', publicId: 'c3', title: 'Drei', content: [
      { modelName: 'Text', id: 'c3-t', content: { html: '' } },
      { modelName: 'Heading', id: 'c3-h', level: 9, content: { html: 'Zu tief' } },
    ] };
    const level2 = { modelName: 'Chapter', id: 'c2', publicId: 'c2', title: 'Zwei', content: [{ modelName: 'Separator', id: 'c2-s' }, level3] };
    const level1 = { modelName: 'Chapter', id: 'c1', publicId: 'c1', title: 'Eins', content: [level2] };
    (material.content as Json[]).push(level1);
    expect(issuesOf(Material, material)).toEqual([expect.stringMatching(/^content\[4\]\.content\[0\]\.content\[1\]\.content\[1\]\.level: .*<=6/)]);
  });

  it('an error in the real demo material three chapters deep keeps its path', () => {
    const material = readContent(DEMO_FILES.materialDe) as { content: Json[] };
    const i1 = material.content.findIndex((e) => e.id === 'kap1');
    const kap1 = material.content[i1] as { content: Json[] };
    const i2 = kap1.content.findIndex((e) => e.id === 'kap1-1');
    const kap11 = kap1.content[i2] as { content: Json[] };
    const i3 = kap11.content.findIndex((e) => e.id === 'kap1-1-1');
    const kap111 = kap11.content[i3] as { content: Json[] };
    const i4 = kap111.content.findIndex((e) => e.modelName === 'Code');
    kap111.content[i4].mode = 'rust';
    const [issue] = issuesOf(Material, material);
    expect(issue.startsWith(`content[${i1}].content[${i2}].content[${i3}].content[${i4}].mode: `)).toBe(true);
    expect(issue).toContain('"python"');
  });

  it('an asset file with ".." → the file field', () => {
    expect(issuesOf(Material, { ...baseMaterial(), cover: { file: 'wasser/../../geheim.png' } })).toEqual([
      'cover.file: asset file names may not contain ".."',
    ]);
  });

  it('an asset file with characters outside the allowed set → the file field', () => {
    expect(issuesOf(Material, { ...baseMaterial(), cover: { file: 'bild mit leerzeichen.png' } })).toEqual([
      'cover.file: asset file names use letters, digits, ".", "/", "-" and "_"',
    ]);
  });
});

describe('element schemas reject broken samples at the right place', () => {
  const cases: [string, Json, string, RegExp][] = [
    [
      'a gap without solutions',
      { modelName: 'ClozeQuestion', id: 'c', content: [{ type: 'p', children: [{ text: 'A ' }, { type: 'gap', id: 'g', mode: 'textinput', solutions: [], children: [{ text: '' }] }] }] },
      'content[0].children[1].solutions',
      /a gap needs at least one solution/,
    ],
    [
      'a gap with an unknown mode',
      { modelName: 'ClozeQuestion', id: 'c', content: [{ type: 'p', children: [{ type: 'gap', id: 'g', mode: 'select', solutions: [{ text: 'x', correct: true }], children: [{ text: '' }] }] }] },
      'content[0]',
      /./,
    ],
    [
      'a polygon with 2 points',
      { modelName: 'PolygonTargetExercise', id: 'p', asset: { file: 'karte.png' }, question: { html: '' }, polygons: [{ points: [{ x: 0.1, y: 0.1 }, { x: 0.2, y: 0.2 }] }] },
      'polygons[0].points',
      /a polygon needs at least three points/,
    ],
    [
      'a polygon point outside the image',
      { modelName: 'PolygonTargetExercise', id: 'p', asset: { file: 'karte.png' }, question: { html: '' }, polygons: [{ points: [{ x: 0.1, y: 0.1 }, { x: 1.2, y: 0.2 }, { x: 0.3, y: 0.5 }] }] },
      'polygons[0].points[1].x',
      /<=1/,
    ],
    [
      'a choice question with one choice',
      { modelName: 'ChoiceQuestion', id: 'q', type: 'sc', question: '', choices: [{ id: 'a', text: 'A', correct: true }] },
      'choices',
      /at least two choices/,
    ],
    [
      'a choice question of an unknown type',
      { modelName: 'ChoiceQuestion', id: 'q', type: 'single', question: '', choices: [{ id: 'a', text: 'A', correct: true }, { id: 'b', text: 'B', correct: false }] },
      'type',
      /"sc"\|"mc"/,
    ],
    ['a text of an unknown size', { modelName: 'Text', id: 't', size: 'p-huge', content: { html: '' } }, 'size', /"p-ultra-small"/],
    ['a text whose content is a bare string', { modelName: 'Text', id: 't', content: '<p>x</p>' }, 'content', /expected object/],
    ['a heading of level 7', { modelName: 'Heading', id: 'h', level: 7, content: { html: 'x' } }, 'level', /<=6/],
    ['an image with an unknown ratio', { modelName: 'Image', id: 'i', asset: { file: 'a.png' }, ratio: '21-9' }, 'ratio', /"16-9"/],
    ['an image with an unknown crop mode', { modelName: 'Image', id: 'i', asset: { file: 'a.png' }, cropMode: 'cover' }, 'cropMode', /"crop"/],
    ['an image focus outside 0..1', { modelName: 'Image', id: 'i', asset: { file: 'a.png', focus: { x: 1.5, y: 0.5 } } }, 'asset.focus.x', /<=1/],
    ['an empty gallery', { modelName: 'ImageGallery', id: 'g', content: [] }, 'content', /at least one image/],
    ['a link with an unknown mode', { modelName: 'Link', id: 'l', url: 'https://example.org', mode: 'iframe' }, 'mode', /"embed"\|"card"\|"url"/],
    ['code in an unknown language', { modelName: 'Code', id: 'c', content: 'fn main() {}', mode: 'rust' }, 'mode', /"python"/],
    ['a hotspot spot outside the image', { modelName: 'Hotspot', id: 'h', asset: { file: 'a.png' }, elements: [{ id: 's', x: 0.5, y: -0.1, title: 'S' }] }, 'elements[0].y', />=0/],
    ['a hotspot without spots', { modelName: 'Hotspot', id: 'h', asset: { file: 'a.png' }, elements: [] }, 'elements', /at least one spot/],
    ['columns of an unknown style', { modelName: 'Columns', id: 'c', style: 'grid', left: [], right: [] }, 'style', /"flow-outline"/],
    ['columns with a ratio above 1', { modelName: 'Columns', id: 'c', ratio: 1.5, left: [], right: [] }, 'ratio', /<=1/],
    ['a broken element inside the right column', { modelName: 'Columns', id: 'c', left: [], right: [{ modelName: 'Separator' }] }, 'right[0].id', /expected string/],
    ['a zone without items', { modelName: 'AssignmentQuestion', id: 'a', zones: [{ id: 'z', title: 'Z', items: [] }] }, 'zones[0].items', /at least one correct item/],
    ['an assignment item of an unknown type', { modelName: 'AssignmentQuestion', id: 'a', zones: [{ id: 'z', title: 'Z', items: [{ id: 'i', type: 'video' }] }] }, 'zones[0].items[0].type', /"text"\|"image"/],
    ['a barrier of an unknown mode', { modelName: 'Barrier', id: 'b', mode: 'first' }, 'mode', /"all"\|"last"\|"unlocked"/],
    ['a certificate without title', { modelName: 'Certificate', id: 'c' }, 'title', /expected string/],
    ['a chapter without publicId', { modelName: 'Chapter', id: 'c', title: 'C', content: [] }, 'publicId', /expected string/],
    ['a chapter with an unknown evaluationType', { modelName: 'Chapter', id: 'c', publicId: 'c', title: 'C', evaluationType: 'graded', content: [] }, 'evaluationType', /"selfCompletion"/],
    ['an empty path', { modelName: 'Path', id: 'p', content: [] }, 'content', /at least one step/],
    ['a path step that is neither chapter nor external resource', { modelName: 'Path', id: 'p', content: [{ modelName: 'Text', id: 't', content: { html: '' } }] }, 'content[0].modelName', /'Chapter' \| 'IFrame'/],
    ['a path step with an unknown pathEvaluationType', { modelName: 'Path', id: 'p', content: [{ modelName: 'IFrame', id: 'f', title: 'F', url: 'https://example.org', pathEvaluationType: 'always' }] }, 'content[0].pathEvaluationType', /"openedCompletion"/],
    ['an external resource without url', { modelName: 'IFrame', id: 'f', title: 'F' }, 'url', /expected string/],
    ['a free text without instructions', { modelName: 'FreeTextInput', id: 'f' }, 'instructions', /expected object/],
    ['a foldable without title', { modelName: 'Foldable', id: 'f', content: [] }, 'title', /expected string/],
  ];

  const table = cases.map(([label, sample, expectedPath, message]) => ({ label, sample, expectedPath, message }));
  it.each(table)('$label → $expectedPath', ({ sample, expectedPath, message }) => {
    const issues = issuesOf(ContentElement, sample);
    const first = issues[0];
    expect(first.startsWith(`${expectedPath}: `), `got ${JSON.stringify(issues)}`).toBe(true);
    expect(first.slice(expectedPath.length + 2)).toMatch(message);
  });

  it('applies the documented defaults', () => {
    const text = ContentElement.parse({ modelName: 'Text', id: 't', content: { html: '' } });
    expect(text).toMatchObject({ size: 'p-regular' });
    const image = ContentElement.parse({ modelName: 'Image', id: 'i', asset: { file: 'a.png' } });
    expect(image).toMatchObject({ ratio: 'default', cropMode: 'default' });
    const link = ContentElement.parse({ modelName: 'Link', id: 'l', url: 'https://example.org' });
    expect(link).toMatchObject({ mode: 'card', openInCurrentTab: false });
    const barrier = ContentElement.parse({ modelName: 'Barrier', id: 'b' });
    expect(barrier).toMatchObject({ mode: 'all', content: '', unlockedContent: '' });
    const material = Material.parse(baseMaterial());
    expect(material).toMatchObject({ evaluationType: 'composite', metadata: {}, description: '' });
  });
});

describe('rich text, asset, collection, settings and page data schemas', () => {
  it('a rich-text document needs at least one block', () => {
    expect(issuesOf(RichTextDocument, [])).toEqual(['(root): a rich-text document has at least one block']);
  });

  it('a rich-text document allows only p, ul and ol at the top', () => {
    const [issue] = issuesOf(RichTextDocument, [{ type: 'li', children: [{ text: 'x' }] }]);
    expect(issue.startsWith('[0]')).toBe(true);
  });

  it('an asset focus outside 0..1 → focus.y', () => {
    expect(issuesOf(Asset, { file: 'a.png', focus: { x: 0.5, y: 2 } })).toEqual([expect.stringMatching(/^focus\.y: .*<=1/)]);
  });

  it('an asset with a negative width → width', () => {
    expect(issuesOf(Asset, { file: 'a.png', width: -10 })).toEqual([expect.stringMatching(/^width: .*>0/)]);
  });

  it('a collection reports errors inside an item material with the item path', () => {
    const material = baseMaterial();
    (material.content as Json[]).push({ modelName: 'Separator', id: 'h1' });
    const other = JSON.parse(JSON.stringify(baseMaterial()).replace(/"id":"([^"]+)"/g, '"id":"x-$1"').replace('"publicId":"probe"', '"publicId":"probe-2"'));
    const collection = { modelName: 'Collection', id: 'c', publicId: 'sammlung', title: 'S', items: [{ id: 'i1', material: other }, { id: 'i2', material }] };
    expect(issuesOf(Collection, collection)).toEqual(['items[1].material.content[4].id: duplicate id "h1" (first used at content[0])']);
  });

  it('a collection refuses an id or a publicId used by two of its materials', () => {
    const collection = { modelName: 'Collection', id: 'c', publicId: 'sammlung', title: 'S', items: [{ id: 'i1', material: baseMaterial() }, { id: 'i2', material: baseMaterial() }] };
    const issues = issuesOf(Collection, collection);
    expect(issues).toContain('items[1].material.id: duplicate id "m1" (also used in items[0].material)');
    expect(issues).toContain('items[1].material.publicId: duplicate publicId "probe" (first used at items[0])');
  });

  it('a collection without title and with a bad publicId reports both', () => {
    const issues = issuesOf(Collection, { modelName: 'Collection', id: 'c', publicId: '-x', items: [] });
    expect(issues).toEqual(expect.arrayContaining([expect.stringMatching(/^publicId: publicIds use/), expect.stringMatching(/^title: /)]));
    expect(issues).toHaveLength(2);
  });

  it('an import file with an unknown modelName → modelName', () => {
    expect(issuesOf(ImportFile, { ...baseMaterial(), modelName: 'Course' })).toEqual([expect.stringMatching(/^modelName: .*'Material' \| 'Collection'/)]);
  });

  it('settings reject a theme colour that is not #rrggbb', () => {
    expect(issuesOf(Settings, { themeColorOverrides: { primary: 'blue' } })).toEqual(['themeColorOverrides.primary: a colour is written #rrggbb']);
  });

  it('settings reject a metadata entry without key and an unknown setting', () => {
    expect(issuesOf(Settings, { metadata: [{ label: { de: 'Fach' } }] })).toEqual([expect.stringMatching(/^metadata\[0\]\.key: .*expected string/)]);
    expect(issuesOf(Settings, { logolink: '/' })).toEqual(['(root): Unrecognized key: "logolink"']);
  });

  it('settings default displayOnMaterial to false and themeColorOverrides to {}', () => {
    expect(Settings.parse({ metadata: [{ key: 'fach' }] })).toMatchObject({ themeColorOverrides: {}, metadata: [{ key: 'fach', displayOnMaterial: false }] });
  });

  it('page data rejects an unknown entry point and a language other than de/en', () => {
    expect(issuesOf(PageData, { ...pageData(), entryPoint: 'editor' })).toEqual([expect.stringMatching(/^entryPoint: .*"material"/)]);
    expect(issuesOf(PageData, { ...pageData(), lang: 'fr' })).toEqual([expect.stringMatching(/^lang: .*"de"\|"en"/)]);
  });

  it('page data reports bad nested settings with their path', () => {
    expect(issuesOf(PageData, { ...pageData(), settings: { themeColorOverrides: { primary: '#12345' } } })).toEqual([
      'settings.themeColorOverrides.primary: a colour is written #rrggbb',
    ]);
  });
});
