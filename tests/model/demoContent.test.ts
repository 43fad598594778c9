import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Collection, MODEL_NAMES, Material, Settings, gapsOf, type ContentElement } from '../../model';
import { CYCLE_FEATURES, CYCLE_SIZE, MAP_DECOYS, MAP_SIZE, MAP_WELLS } from '../../scripts/make-demo-images';
import { allAssets, allElements, allIds, ASSET_DIR, CONTENT_DIR, DEMO_FILES, duplicates, ofType, readContent } from './demoFiles';

const de = Material.parse(readContent(DEMO_FILES.materialDe));
const en = Material.parse(readContent(DEMO_FILES.materialEn));
const collection = Collection.parse(readContent(DEMO_FILES.collection));
const settings = Settings.parse(readContent(DEMO_FILES.settings));
const elements = allElements(de.content);

type Pt = { x: number; y: number };
function inside(p: Pt, polygon: readonly Pt[]): boolean {
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) hit = !hit;
  }
  return hit;
}

/** The list an element sits in, so "content after it" can be checked. */
function listContaining(content: readonly ContentElement[], id: string): readonly ContentElement[] | undefined {
  if (content.some((e) => e.id === id)) return content;
  for (const el of content) {
    const lists = el.modelName === 'Columns' ? [el.left, el.right] : 'content' in el && Array.isArray(el.content) ? [el.content as ContentElement[]] : [];
    for (const list of lists) {
      const found = listContaining(list, id);
      if (found) return found;
    }
  }
  return undefined;
}

describe('the German demo material uses every element type and variant', () => {
  it('contains every modelName of MODEL_NAMES', () => {
    const used = new Set(elements.map((e) => e.modelName));
    expect(MODEL_NAMES.filter((name) => !used.has(name))).toEqual([]);
  });

  it('has publicId, composite evaluation and the facet metadata', () => {
    expect(de.publicId).toBe('wasser-im-alltag');
    expect(de.evaluationType).toBe('composite');
    expect(Object.keys(de.metadata).sort()).toEqual(['dauer', 'fach', 'schlagworte', 'sprache', 'stufe']);
    expect(de.cover).toBeDefined();
  });

  it('has Text in all four sizes and headings of levels 1 to 4', () => {
    expect(new Set(ofType(elements, 'Text').map((t) => t.size))).toEqual(new Set(['p-ultra-small', 'p-small', 'p-regular', 'p-big']));
    const levels = new Set(ofType(elements, 'Heading').map((h) => h.level));
    for (const level of [1, 2, 3, 4]) expect(levels.has(level), `heading level ${level}`).toBe(true);
  });

  it('has one LaTeX formula at least and one empty formula', () => {
    const formulas = ofType(elements, 'MathFormula');
    expect(formulas.some((f) => f.content === '')).toBe(true);
    expect(formulas.some((f) => /\\(frac|cdot)/.test(f.content))).toBe(true);
  });

  it('has images in every ratio and both crop modes, with focus points on cropped ones', () => {
    const images = ofType(elements, 'Image');
    expect(new Set(images.map((i) => i.ratio))).toEqual(new Set(['default', '16-9', '4-3', '3-2', 'square']));
    expect(new Set(images.map((i) => i.cropMode))).toEqual(new Set(['default', 'crop']));
    const cropped = images.filter((i) => i.cropMode === 'crop' && i.asset.focus);
    expect(cropped.some((i) => i.asset.focus && (i.asset.focus.x !== 0.5 || i.asset.focus.y !== 0.5))).toBe(true);
  });

  it('has a gallery of 3+ images, a hotspot of 3+ ordered spots and an external resource', () => {
    expect(ofType(elements, 'ImageGallery').some((g) => g.content.length >= 3)).toBe(true);
    expect(ofType(elements, 'Hotspot').some((h) => h.order && h.elements.length >= 3)).toBe(true);
    expect(ofType(elements, 'IFrame').some((f) => f.url === 'https://de.wikipedia.org/wiki/Wasserkreislauf')).toBe(true);
  });

  it('has links in every mode, an https embed and a URL that cannot be displayed', () => {
    const links = ofType(elements, 'Link');
    expect(new Set(links.map((l) => l.mode))).toEqual(new Set(['embed', 'card', 'url']));
    expect(links.some((l) => l.mode === 'embed' && l.url.startsWith('https://'))).toBe(true);
    expect(links.some((l) => l.mode === 'embed' && !/^(https?:)?\/\//.test(l.url))).toBe(true);
  });

  it('has columns in every style with different ratios and every vertical alignment', () => {
    const columns = ofType(elements, 'Columns');
    expect(new Set(columns.map((c) => c.style))).toEqual(new Set(['flow', 'flow-outline', 'stretch', 'plain']));
    expect(new Set(columns.map((c) => c.ratio)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(columns.map((c) => c.verticalAlign))).toEqual(new Set(['top', 'middle', 'bottom']));
  });

  it('uses the expanded and the full width', () => {
    const widths = new Set(elements.map((e) => e.width));
    expect(widths.has('expanded')).toBe(true);
    expect(widths.has('full')).toBe(true);
  });

  it('has code in at least five languages and an iframe-only HtmlElement', () => {
    const modes = new Set(ofType(elements, 'Code').map((c) => c.mode));
    expect(modes.size).toBeGreaterThanOrEqual(5);
    for (const mode of ['python', 'javascript', 'sql', 'json', 'yaml']) expect(modes.has(mode as never), mode).toBe(true);
    for (const html of ofType(elements, 'HtmlElement')) expect(html.content.html.trim()).toMatch(/^<iframe [^]*<\/iframe>$/);
  });

  it('has single and multiple choice questions, one randomised and one with neutral feedback', () => {
    const questions = ofType(elements, 'ChoiceQuestion');
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(['sc', 'mc']));
    expect(questions.some((q) => q.randomizeOrder)).toBe(true);
    expect(questions.some((q) => q.useNeutralFeedback && q.feedbackNeutral)).toBe(true);
    for (const q of questions) expect(q.choices.some((c) => c.correct), q.id).toBe(true);
  });

  it('has a cloze question with gaps of both modes, each with a correct solution', () => {
    const gaps = ofType(elements, 'ClozeQuestion').flatMap((c) => gapsOf(c.content));
    expect(new Set(gaps.map((g) => g.mode))).toEqual(new Set(['textinput', 'dropdown']));
    for (const gap of gaps) expect(gap.solutions.some((s) => s.correct), gap.id).toBe(true);
    for (const gap of gaps.filter((g) => g.mode === 'dropdown')) expect(gap.solutions.some((s) => !s.correct), gap.id).toBe(true);
  });

  it('has free-text inputs with and without generative feedback', () => {
    const free = ofType(elements, 'FreeTextInput');
    expect(new Set(free.map((f) => f.useGenerativeFeedback))).toEqual(new Set([true, false]));
  });

  it('has an assignment with text zones, an image zone and disruptors', () => {
    const [assignment] = ofType(elements, 'AssignmentQuestion');
    expect(assignment.zones.some((z) => z.type === 'text')).toBe(true);
    expect(assignment.zones.some((z) => z.type === 'image' && z.image)).toBe(true);
    expect(assignment.disruptors.length).toBeGreaterThan(0);
  });

  it('has a barrier of mode all followed by content in the same list', () => {
    const barriers = ofType(elements, 'Barrier').filter((b) => b.mode === 'all');
    expect(barriers.length).toBeGreaterThan(0);
    for (const barrier of barriers) {
      const list = listContaining(de.content, barrier.id) ?? [];
      const at = list.findIndex((e) => e.id === barrier.id);
      expect(at, barrier.id).toBeGreaterThan(0);
      expect(list.length - at - 1, `content after ${barrier.id}`).toBeGreaterThan(0);
    }
  });

  it('has a certificate whose [questions] block names free-text elements of the material', () => {
    const [certificate] = ofType(elements, 'Certificate');
    const block = /\[questions\]((?:\s*\[[^\]]+\])+)/.exec(certificate.content);
    expect(block).not.toBeNull();
    const ids = [...(block?.[1] ?? '').matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
    const freeTextIds = new Set(ofType(elements, 'FreeTextInput').map((f) => f.id));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(freeTextIds.has(id), id).toBe(true);
    expect(certificate.validity).not.toBe('');
    expect(certificate.logo).toBeDefined();
  });

  it('has a path of 3+ steps with both completion types and an external-resource step', () => {
    const [p] = ofType(elements, 'Path');
    expect(p.content.length).toBeGreaterThanOrEqual(3);
    const chapterTypes = new Set(p.content.filter((s) => s.modelName === 'Chapter').map((s) => s.pathEvaluationType));
    expect(chapterTypes).toEqual(new Set(['selfCompletion', 'openedCompletion']));
    expect(p.content.some((s) => s.modelName === 'IFrame')).toBe(true);
  });

  it('nests chapters three levels deep, each with content of its own', () => {
    const depth = (list: readonly ContentElement[]): number =>
      Math.max(0, ...ofType(list, 'Chapter').map((c) => {
        expect(c.content.filter((e) => e.modelName !== 'Chapter').length, c.id).toBeGreaterThan(0);
        return 1 + depth(c.content);
      }));
    expect(depth(de.content)).toBeGreaterThanOrEqual(3);
  });

  it('uses unique ids everywhere (also spots, gaps, polygons, choices) and unique publicIds', () => {
    expect(duplicates(allIds(readContent(DEMO_FILES.materialDe)).map((x) => x.id))).toEqual([]);
    const publicIds = [de.publicId, ...elements.flatMap((e) => ('publicId' in e && e.publicId ? [e.publicId] : []))];
    expect(duplicates(publicIds)).toEqual([]);
  });

  it('contains real text, no placeholder', () => {
    const raw = JSON.stringify(readContent(DEMO_FILES.materialDe));
    expect(raw).not.toMatch(/lorem|ipsum|todo|xxx/i);
  });
});

describe('the English demo material mirrors the German one', () => {
  it('has the same tree of elements with ids prefixed en-', () => {
    const enElements = allElements(en.content);
    expect(enElements.map((e) => e.modelName)).toEqual(elements.map((e) => e.modelName));
    expect(enElements.map((e) => e.id)).toEqual(elements.map((e) => `en-${e.id}`));
    expect(en.publicId).toBe('water-in-everyday-life');
  });

  it('uses its own ids only and translates the texts', () => {
    const ids = allIds(readContent(DEMO_FILES.materialEn)).map((x) => x.id);
    expect(ids.filter((id) => !id.startsWith('en-'))).toEqual([]);
    expect(duplicates(ids)).toEqual([]);
    expect(en.title).not.toBe(de.title);
    const enTexts = ofType(allElements(en.content), 'Text').map((t) => t.content.html);
    const deTexts = new Set(ofType(elements, 'Text').map((t) => t.content.html));
    expect(enTexts.filter((html) => deTexts.has(html))).toEqual([]);
  });

  it('its certificate names the English free-text ids', () => {
    const [certificate] = ofType(allElements(en.content), 'Certificate');
    const freeText = ofType(allElements(en.content), 'FreeTextInput').map((f) => f.id);
    for (const id of freeText) expect(certificate.content).toContain(`[${id}]`);
  });
});

describe('exercises match the pictures they are drawn on', () => {
  it.each([
    ['de', de],
    ['en', en],
  ] as const)('hotspot spots sit on the processes of the water-cycle diagram (%s)', (_lang, material) => {
    const [hotspot] = ofType(allElements(material.content), 'Hotspot');
    const features = Object.values(CYCLE_FEATURES).map((f) => ({ x: f.x / CYCLE_SIZE.width, y: f.y / CYCLE_SIZE.height }));
    expect(hotspot.elements).toHaveLength(features.length);
    for (const spot of hotspot.elements) {
      const nearest = Math.min(...features.map((f) => Math.hypot(f.x - spot.x, f.y - spot.y)));
      expect(nearest, spot.id).toBeLessThan(0.01);
    }
  });

  it.each([
    ['de', de],
    ['en', en],
  ] as const)('each polygon encloses exactly one well of the map and no other landmark (%s)', (_lang, material) => {
    const [exercise] = ofType(allElements(material.content), 'PolygonTargetExercise');
    const wells = MAP_WELLS.map((w) => ({ x: w.x / MAP_SIZE.width, y: w.y / MAP_SIZE.height }));
    const decoys = Object.values(MAP_DECOYS).map((d) => ({ x: d.x / MAP_SIZE.width, y: d.y / MAP_SIZE.height }));
    expect(exercise.polygons).toHaveLength(wells.length);
    for (const polygon of exercise.polygons) {
      expect(wells.filter((w) => inside(w, polygon.points)), polygon.id).toHaveLength(1);
      expect(decoys.filter((d) => inside(d, polygon.points)), polygon.id).toEqual([]);
    }
    for (const well of wells) expect(exercise.polygons.filter((p) => inside(well, p.points))).toHaveLength(1);
  });
});

describe('the demo collection', () => {
  const materials = collection.items.map((item) => item.material);

  it('holds at least 12 short materials with covers, each 3 to 8 elements long', () => {
    expect(materials.length).toBeGreaterThanOrEqual(12);
    for (const m of materials) {
      expect(m.content.length, m.id).toBeGreaterThanOrEqual(3);
      expect(m.content.length, m.id).toBeLessThanOrEqual(8);
      expect(m.cover, m.id).toBeDefined();
    }
  });

  it('spreads creation dates over 2025 and 2026', () => {
    const years = new Set(materials.map((m) => m.created_at?.slice(0, 4)));
    expect(years).toEqual(new Set(['2025', '2026']));
    expect(new Set(materials.map((m) => m.created_at)).size).toBe(materials.length);
  });

  it('has metadata usable as facets', () => {
    const values = (key: string) => new Set(materials.flatMap((m) => m.metadata[key] ?? []));
    expect(values('fach').size).toBeGreaterThanOrEqual(5);
    expect(values('stufe')).toEqual(new Set(['Sekundarstufe I', 'Sekundarstufe II', 'Erwachsenenbildung']));
    expect(values('sprache').size).toBeGreaterThanOrEqual(2);
    for (const m of materials) expect(Array.isArray(m.metadata.schlagworte), m.id).toBe(true);
  });

  it('uses ids unique across all its materials and distinct from the demo material', () => {
    const ids = allIds(readContent(DEMO_FILES.collection)).map((x) => x.id);
    expect(duplicates(ids)).toEqual([]);
    const demoIds = new Set(allIds(readContent(DEMO_FILES.materialDe)).map((x) => x.id));
    expect(ids.filter((id) => demoIds.has(id))).toEqual([]);
    expect(duplicates(materials.map((m) => m.publicId))).toEqual([]);
  });
});

describe('settings', () => {
  it('label every metadata key the demo files use, in German and English', () => {
    const keys = new Set([de, en, ...collection.items.map((i) => i.material)].flatMap((m) => Object.keys(m.metadata)));
    const labelled = new Map(settings.metadata.map((m) => [m.key, m.label]));
    for (const key of keys) {
      expect(labelled.get(key), key).toMatchObject({ de: expect.any(String), en: expect.any(String) });
    }
    expect(settings.metadata.some((m) => m.displayOnMaterial)).toBe(true);
  });

  it('leave the primary colour unset and name a logo and link', () => {
    expect(settings.themeColorOverrides.primary).toBeUndefined();
    expect(settings.logo?.file).toBe('logo.png');
    expect(settings.logoLink).toMatch(/^https:\/\//);
  });
});

describe('assets', () => {
  const referenced = Object.values(DEMO_FILES).flatMap((file) => allAssets(readContent(file)));
  const unique = [...new Map(referenced.map((a) => [a.file, a])).values()];

  it('every referenced file exists with the declared size and aspect ratio', async () => {
    expect(unique.length).toBeGreaterThan(20);
    for (const asset of unique) {
      const file = path.join(ASSET_DIR, asset.file);
      expect(existsSync(file), asset.file).toBe(true);
      const meta = await sharp(file).metadata();
      if (asset.width !== undefined) expect(meta.width, asset.file).toBe(asset.width);
      if (asset.height !== undefined) expect(meta.height, asset.file).toBe(asset.height);
      if (asset.aspectRatio !== undefined) expect(asset.aspectRatio, asset.file).toBeCloseTo((meta.width ?? 0) / (meta.height ?? 1), 3);
    }
  });

  it('declared assets of the same file agree with each other', () => {
    for (const asset of referenced) {
      const first = unique.find((u) => u.file === asset.file);
      expect([asset.width, asset.height], asset.file).toEqual([first?.width, first?.height]);
    }
  });

  it('content/assets holds only jpg, png and webp files, under 3 MB in total', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else files.push(p);
      }
    };
    walk(ASSET_DIR);
    expect(files.filter((f) => !/\.(jpg|png|webp)$/.test(f)).map((f) => path.relative(CONTENT_DIR, f))).toEqual([]);
    const total = files.reduce((sum, f) => sum + statSync(f).size, 0);
    expect(total).toBeLessThan(3 * 1024 * 1024);
  });
});
