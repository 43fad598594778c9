import { describe, expect, it } from 'vitest';
import { A11yReportAnswer, reportAnswer } from '../../model/accessibility/answer';
import { contrastRatio } from '../../model/accessibility/contrast';
import { A11Y_PROBLEMS } from '../../model/accessibility/findings';
import { languageTagOf } from '../../model/accessibility/language';
import { accessibilityReport, materialFindings } from '../../model/accessibility/report';
import { reportLines } from '../../model/accessibility/texts';
import { colourOnlyReference, isPlaceholderAlt, vagueLinkName } from '../../model/accessibility/wording';
import { ImportFile, Material, type MaterialInput } from '../../model/material';
import { Settings } from '../../model/settings';
import { a11yCleanInput, a11yProblemsInput, DARK_THEME, PALE_THEME } from './accessibilityFixtures';
import { DEMO_FILES, readContent } from './demoFiles';

const problems = Material.parse(a11yProblemsInput);
const clean = Material.parse(a11yCleanInput);
const report = (material: Material, theme = {}) => accessibilityReport({ modelName: 'Material', id: material.id, title: material.title }, [material], theme);
const where = (m: Material) => (f: { problem: string; elementId: string; field: string; chapters: string[] }) => [f.problem, f.elementId.replace(`${m.id}-`, ''), f.field, f.chapters.join(' › ')];

describe('the accessibility report of a material', () => {
  it('finds each problem of the fixture once, at its element, field and chapter path', () => {
    const found = report(problems, PALE_THEME).findings;
    expect(found.map(where(problems))).toEqual([
      ['themeContrast', 'settings', 'themeColorOverrides.primary', ''],
      ['languageInvalid', 'a11y-probleme', 'metadata.sprache', ''],
      ['imageAltMissing', 'bild-regen', 'alt', 'Kapitel A'],
      ['imageAltPlaceholder', 'bild-brunnen', 'alt', 'Kapitel A'],
      ['headingSkipsLevel', 'text-werte', 'content.html', 'Kapitel A'],
      ['linkNameVague', 'text-link', 'content.html', 'Kapitel A'],
      ['linkNameUrl', 'link-regeln', 'text', 'Kapitel A'],
      ['linkNameEmpty', 'text-karte', 'content.html', 'Kapitel A'],
      ['videoWithoutCaptions', 'text-film', 'content.html', 'Kapitel A › Abschnitt A.1'],
      ['embedWithoutTitle', 'rechner', 'content.html', 'Kapitel A › Abschnitt A.1'],
      ['colourOnly', 'frage', 'question', 'Kapitel A › Abschnitt A.1'],
    ]);
    // Every problem the report knows is in the fixture, but a missing language (the fixture's is invalid; below).
    expect(new Set(found.map((f) => f.problem))).toEqual(new Set(A11Y_PROBLEMS.filter((p) => p !== 'languageMissing')));
    expect(found.find((f) => f.problem === 'headingSkipsLevel')?.values).toEqual({ from: 'h2', to: 'h4', text: 'Messwerte' });
    expect(found.find((f) => f.problem === 'themeContrast')?.values).toMatchObject({ colour: '#7f8fff', ratio: '2.88' });
    expect(found.find((f) => f.problem === 'colourOnly')?.values).toEqual({ words: 'die rote' });
  });

  it('finds nothing in the fixed material with a dark theme, and a missing language once it is taken out', () => {
    expect(report(clean, DARK_THEME).findings).toEqual([]);
    const withoutLanguage = Material.parse({ ...a11yCleanInput, metadata: { fach: 'Chemie' } });
    expect(materialFindings(withoutLanguage).map((f) => [f.problem, f.elementId])).toEqual([['languageMissing', 'a11y-sauber']]);
  });

  it('prints each finding with its element, place, problem and fix in German and English, and the verdict', () => {
    const de = reportLines(report(problems, PALE_THEME), 'de').join('\n');
    expect(de).toContain('Barrierefreiheitsbericht: Material „Wasser“ (a11y-probleme)');
    expect(de).toContain('3. Element a11y-probleme-bild-regen (Image), Feld alt\n   Ort: Wasser › Kapitel A\n   Problem: Das Bild a11y/regen.jpg hat keinen Alternativtext.\n   Behebung: ');
    expect(de).toContain('Problem: Der Linktext „hier“ sagt nicht, wohin der Link führt (https://example.org/verordnung.pdf).');
    expect(de).toContain('Ort: Einstellungen der Installation');
    expect(de.endsWith('Ergebnis: 11 Probleme gefunden.')).toBe(true);
    const en = reportLines(report(problems), 'en').join('\n');
    expect(en).toContain('   Where: Wasser › Kapitel A › Abschnitt A.1\n   Problem: The exercise points at something by its colour alone ("die rote")');
    expect(en.endsWith('Verdict: 10 problems found.')).toBe(true);
    expect(reportLines(report(clean), 'en').at(-1)).toBe('Verdict: passes – no problems found.');
    const answer = A11yReportAnswer.parse(reportAnswer(report(problems), 'en'));
    expect(answer.passes).toBe(false);
    expect(answer.findings.every((f) => f.text.problem.length > 10 && f.text.fix.length > 10)).toBe(true);
  });

  it('follows headings through the page in reading order: a Heading of level 1 is an h2, columns left then right, each chapter a page of its own', () => {
    const input: MaterialInput = {
      modelName: 'Material', id: 'h', publicId: 'h', title: 'H', metadata: { language: 'en-GB' },
      content: [
        { modelName: 'Heading', id: 'h-1', content: { html: 'One' }, level: 1 },
        { modelName: 'Columns', id: 'cols', left: [{ modelName: 'Text', id: 'left', content: { html: '<h3>Left</h3>' } }], right: [{ modelName: 'Text', id: 'right', content: { html: '<h5>Right</h5>' } }] },
        { modelName: 'Chapter', id: 'c', publicId: 'c', title: 'C', content: [{ modelName: 'Heading', id: 'c-h', content: { html: 'Deep' }, level: 3 }] },
        { modelName: 'Foldable', id: 'f', title: 'F', content: [{ modelName: 'Heading', id: 'f-h', content: { html: 'Back up' }, level: 2 }] },
      ],
    };
    expect(materialFindings(Material.parse(input)).map((f) => [f.elementId, f.values.from, f.values.to, f.chapters.join('/')])).toEqual([
      ['right', 'h3', 'h5', ''],
      ['c-h', 'h1', 'h3', 'C'],
    ]);
  });
  it('reads images as the viewer names them: alt, else the license title; hotspot and polygon images by their license title', () => {
    const input: MaterialInput = {
      modelName: 'Material', id: 'i', publicId: 'i', title: 'I', metadata: { sprache: 'Deutsch' },
      content: [
        { modelName: 'Image', id: 'licensed', asset: { file: 'a/see.jpg', licenseTitle: 'Bergsee im Abendlicht (CC BY 4.0)' } },
        { modelName: 'Image', id: 'alt-over-license', asset: { file: 'a/see.jpg', licenseTitle: 'see.jpg' }, alt: 'Ein Bergsee' },
        { modelName: 'Hotspot', id: 'spots', asset: { file: 'a/kreislauf.png' }, elements: [{ id: 'spot', x: 0.5, y: 0.5, title: 'Verdunstung' }] },
        { modelName: 'PolygonTargetExercise', id: 'poly', asset: { file: 'a/karte.png', licenseTitle: 'karte' }, question: { html: '<p>Wo liegt der See?</p>' }, polygons: [{ points: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }] }] },
      ],
    };
    expect(materialFindings(Material.parse(input)).map((f) => [f.problem, f.elementId, f.field])).toEqual([
      ['imageAltMissing', 'spots', 'asset.licenseTitle'],
      ['imageAltPlaceholder', 'poly', 'asset.licenseTitle'],
    ]);
  });
});

describe('the judgements the report makes', () => {
  it('computes contrast with the WCAG relative luminance', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#3A4195', '#ffffff')).toBeGreaterThan(8);
  });

  it('takes language tags and names of languages, and nothing else', () => {
    expect(['de', 'en-GB', 'gsw', 'Deutsch', 'English', 'englisch', 'Französisch', 'ar'].map(languageTagOf)).toEqual(['de', 'en-GB', 'gsw', 'de', 'en', 'en', 'fr', 'ar']);
    expect(['xx', 'Elbisch', 'de_CH', '', 'deutsch-x'].map(languageTagOf)).toEqual([null, null, null, null, null]);
  });

  it('tells placeholder alt texts, vague link names and colour-only references from real ones', () => {
    expect(['image', 'Bild', 'img_1234', 'DSC-0042', 'foto.JPG', 'regen'].map((alt) => isPlaceholderAlt(alt, 'wasser/regen.jpg'))).toEqual([true, true, true, true, true, true]);
    expect(['Regen über Hügeln', 'Bild eines Brunnens'].map((alt) => isPlaceholderAlt(alt, 'wasser/regen.jpg'))).toEqual([false, false]);
    expect([['Hier!', 'x'], ['click here', 'x'], ['Mehr …', 'x'], ['Link', 'x'], ['https://example.org/a', 'https://example.org/a'], ['www.example.org', 'x'], ['  ', 'x'], ['Trinkwasserverordnung', 'x']].map(([n, h]) => vagueLinkName(n, h))).toEqual([
      'vague', 'vague', 'vague', 'vague', 'url', 'url', 'empty', null,
    ]);
    expect(['Klicke die rote Fläche an.', 'Which is the red one?', 'Unterstreiche rot markierte Wörter', 'the words marked in green', 'Markiere das weiße Feld', 'im blauen Bereich'].map(colourOnlyReference)).toEqual([
      'die rote', 'the red', 'rot markiert', 'marked in green', 'das weiße', 'im blauen',
    ]);
    expect(['Rotkehlchen singen', 'Red blood cells carry oxygen.', 'Die Röte der Haut', 'Wie heißt die Hauptstadt?'].map(colourOnlyReference)).toEqual([null, null, null, null]);
  });
});

describe('the demo content', () => {
  it('passes the report: each material, in both languages, and the collection, with the demo settings\' theme', () => {
    const theme = Settings.parse(readContent(DEMO_FILES.settings)).themeColorOverrides;
    for (const file of [DEMO_FILES.materialDe, DEMO_FILES.materialEn, DEMO_FILES.collection]) {
      const root = ImportFile.parse(readContent(file));
      const materials = root.modelName === 'Material' ? [root] : root.items.map((item) => item.material);
      expect(accessibilityReport(root, materials, theme).findings, file).toEqual([]);
    }
  });
});
