import { describe, expect, it } from 'vitest';
import type { CertificateDocument } from '../../src/certificate/buildCertificatePdf';
import { CERTIFICATE_FONT_SUBSETS, fontSubsetsFor, loadCertificateFonts } from '../../src/certificate/certificateFonts';
import { fontFileName, readFontFile } from './fontFiles';

const certificate: Omit<CertificateDocument, 'logo'> = {
  lang: 'de',
  title: 'Teilnahmebestätigung',
  issuedForLabel: 'ausgestellt für',
  issuedFor: 'Jürgen Weiß-Öztürk',
  materialLabel: 'für das Lernmaterial',
  materialName: 'Wasser im Alltag',
  paragraphs: ['hat den Kurs „Wasser im Alltag“ erfolgreich bearbeitet – 10 € für 2 × 3 Kapitel.'],
  answersHeading: 'Ihre Antworten',
  answers: [],
  issueDateLine: 'Ausgestellt am 04. März 2025',
  validityLine: '',
  issueDate: '2025-03-04T10:00:00.000Z',
};

const names = (texts: string[]) => fontSubsetsFor(texts).map((font) => font.name);

/** Loads the fonts with a fetch that records what it was asked for and can fail for some files. */
async function load(doc: Omit<CertificateDocument, 'logo'>, missing: RegExp | null = null) {
  const fetched: string[] = [];
  const fonts = await loadCertificateFonts(doc, async (url) => {
    fetched.push(fontFileName(url));
    if (missing?.test(url)) throw new Error('404');
    return readFontFile(url);
  });
  return { fonts, fetched: fetched.sort() };
}

describe('the fonts of the certificate', () => {
  it('knows Noto Sans in its subsets, each with the characters it is made for', () => {
    expect(CERTIFICATE_FONT_SUBSETS.map((font) => font.name)).toEqual(['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext']);
    expect(CERTIFICATE_FONT_SUBSETS.map((font) => fontFileName(font.bold))).toContain('noto-sans-greek-700-normal.woff');
  });

  it('picks latin always and each further subset only for a character that needs it, in lookup order', () => {
    expect(names(['Jürgen Weiß „Öl“ – 10 €'])).toEqual(['latin']);
    expect(names([])).toEqual(['latin']);
    expect(names(['Zofia Łukasiewicz-Dvořák'])).toEqual(['latin', 'latin-ext']);
    expect(names(['Ἀθῆναι', 'Nguyễn'])).toEqual(['latin', 'vietnamese', 'greek', 'greek-ext']);
    expect(names(['Ґанна', 'Ѣ'])).toEqual(['latin', 'cyrillic', 'cyrillic-ext']);
    // Decomposed input counts as its composed letters: e + combining acute is latin's é.
    expect(names(['Rene\u0301'])).toEqual(['latin']);
    // Letters no subset has are not fetched for: they print as stand-ins.
    expect(names(['李 🙂 नमस्ते'])).toEqual(['latin']);
  });

  it('fetches per weight what that weight prints: the name is bold, so its letters load in bold only', async () => {
    expect((await load(certificate)).fetched).toEqual(['noto-sans-latin-400-normal.woff', 'noto-sans-latin-700-normal.woff']);
    const { fonts, fetched } = await load({ ...certificate, issuedFor: 'Zofia Łukasiewicz-Dvořák', paragraphs: ['Вода'] });
    expect(fetched).toEqual([
      'noto-sans-cyrillic-400-normal.woff',
      'noto-sans-latin-400-normal.woff',
      'noto-sans-latin-700-normal.woff',
      'noto-sans-latin-ext-700-normal.woff',
    ]);
    expect(fonts?.regular).toHaveLength(2);
    expect(fonts?.bold).toHaveLength(2);
    // WOFF files, read in lookup order: latin first.
    const latin = await readFontFile(CERTIFICATE_FONT_SUBSETS[0].regular);
    expect(fonts?.regular[0]).toEqual(latin);
    expect(new TextDecoder().decode(fonts!.bold[1].slice(0, 4))).toBe('wOFF');
  });

  it('leaves out a subset it cannot fetch, and gives up on fonts without latin', async () => {
    const greek = { ...certificate, issuedFor: 'Ψυχή' };
    const withoutGreek = await load(greek, /greek/);
    expect(withoutGreek.fetched).toContain('noto-sans-greek-700-normal.woff');
    expect(withoutGreek.fonts?.bold).toHaveLength(1);
    expect((await load(greek, /latin-700/)).fonts).toBeUndefined();
    expect((await load(greek, /latin-400/)).fonts).toBeUndefined();
  });
});
