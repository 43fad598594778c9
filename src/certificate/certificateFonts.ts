import unicodeRanges from '@fontsource/noto-sans/unicode.json';
import cyrillicExtBold from '@fontsource/noto-sans/files/noto-sans-cyrillic-ext-700-normal.woff?url';
import cyrillicExtRegular from '@fontsource/noto-sans/files/noto-sans-cyrillic-ext-400-normal.woff?url';
import cyrillicBold from '@fontsource/noto-sans/files/noto-sans-cyrillic-700-normal.woff?url';
import cyrillicRegular from '@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff?url';
import greekExtBold from '@fontsource/noto-sans/files/noto-sans-greek-ext-700-normal.woff?url';
import greekExtRegular from '@fontsource/noto-sans/files/noto-sans-greek-ext-400-normal.woff?url';
import greekBold from '@fontsource/noto-sans/files/noto-sans-greek-700-normal.woff?url';
import greekRegular from '@fontsource/noto-sans/files/noto-sans-greek-400-normal.woff?url';
import latinExtBold from '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff?url';
import latinExtRegular from '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff?url';
import latinBold from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff?url';
import latinRegular from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?url';
import vietnameseBold from '@fontsource/noto-sans/files/noto-sans-vietnamese-700-normal.woff?url';
import vietnameseRegular from '@fontsource/noto-sans/files/noto-sans-vietnamese-400-normal.woff?url';
import type { CertificateDocument, CertificateFonts } from './buildCertificatePdf';

type SubsetName = keyof typeof unicodeRanges;

/** One of the files Noto Sans comes in (fontsource cuts it by script): the characters it is made for. */
type FontSubset = { name: SubsetName; ranges: [number, number][]; regular: string; bold: string };

/** `U+0000-00FF,U+0131` as inclusive code point ranges. */
function parseRanges(unicodeRange: string): [number, number][] {
  return unicodeRange.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to, 16)];
  });
}

const subset = (name: SubsetName, regular: string, bold: string): FontSubset => ({ name, ranges: parseRanges(unicodeRanges[name]), regular, bold });

/**
 * Noto Sans (SIL Open Font License 1.1, from @fontsource/noto-sans) in the order characters are
 * looked up; latin first, it has the spaces and punctuation every text needs. Devanagari is left
 * out: @pdf-lib/fontkit 1.1's Indic shaper throws (`regeneratorRuntime is not defined`).
 */
export const CERTIFICATE_FONT_SUBSETS: readonly FontSubset[] = [
  subset('latin', latinRegular, latinBold),
  subset('latin-ext', latinExtRegular, latinExtBold),
  subset('vietnamese', vietnameseRegular, vietnameseBold),
  subset('greek', greekRegular, greekBold),
  subset('greek-ext', greekExtRegular, greekExtBold),
  subset('cyrillic', cyrillicRegular, cyrillicBold),
  subset('cyrillic-ext', cyrillicExtRegular, cyrillicExtBold),
];

const covers = (font: FontSubset, code: number) => font.ranges.some(([from, to]) => code >= from && code <= to);

/** The subsets `texts` need, in lookup order: latin always, another one when it is the first to cover a character. */
export function fontSubsetsFor(texts: Iterable<string>): FontSubset[] {
  const needed = new Set<FontSubset>([CERTIFICATE_FONT_SUBSETS[0]]);
  for (const text of texts) {
    for (const char of text.normalize('NFC')) {
      const code = char.codePointAt(0)!;
      const font = CERTIFICATE_FONT_SUBSETS.find((candidate) => covers(candidate, code));
      if (font) needed.add(font);
    }
  }
  return CERTIFICATE_FONT_SUBSETS.filter((font) => needed.has(font));
}

/**
 * Every text the certificate prints, by the weight buildCertificatePdf prints it in (names and
 * headings bold), so that each weight loads only the subsets its texts need.
 */
export function certificateTexts(certificate: Omit<CertificateDocument, 'logo'>): Record<keyof CertificateFonts, string[]> {
  const answered = certificate.answers.length > 0;
  return {
    bold: [certificate.title, certificate.issuedFor, certificate.materialName, ...(answered ? [certificate.answersHeading] : []), ...certificate.answers.map((a) => a.question)],
    regular: [
      certificate.issuedForLabel,
      certificate.materialLabel,
      ...certificate.paragraphs,
      ...certificate.answers.map((a) => a.answer),
      certificate.issueDateLine,
      certificate.validityLine,
    ],
  };
}

async function fetchFontFile(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The font files the certificate's texts need, by weight, fetched when a PDF is made (never with
 * the page). A subset that cannot be fetched is left out (its characters get stand-ins); without
 * latin there are no fonts at all and the PDF falls back to Helvetica.
 */
export async function loadCertificateFonts(
  certificate: Omit<CertificateDocument, 'logo'>,
  fetchBytes: (url: string) => Promise<Uint8Array> = fetchFontFile,
): Promise<CertificateFonts | undefined> {
  const texts = certificateTexts(certificate);
  const load = (weight: keyof CertificateFonts) =>
    Promise.all(fontSubsetsFor(texts[weight]).map((font) => fetchBytes(font[weight]).catch(() => undefined)));
  const [regular, bold] = await Promise.all([load('regular'), load('bold')]);
  if (!regular[0] || !bold[0]) return undefined;
  const loaded = (files: (Uint8Array | undefined)[]) => files.filter((file): file is Uint8Array => file !== undefined);
  return { regular: loaded(regular), bold: loaded(bold) };
}
