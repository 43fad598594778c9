import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, type PDFObject, type PDFPage } from 'pdf-lib';

/** WinAnsiEncoding where it differs from Latin-1 (PDF 32000-1, Annex D). */
const WIN_ANSI_HIGH: Record<number, number> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02c6,
  0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c,
  0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a,
  0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};

type Decode = (hex: string) => string;

function decodeWinAnsiHex(hex: string): string {
  let text = '';
  for (let i = 0; i < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    text += String.fromCodePoint(WIN_ANSI_HIGH[code] ?? code);
  }
  return text;
}

const utf16Hex = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));

/** A ToUnicode CMap (its bfchar and bfrange entries) as a decoder of 2-byte codes, as Identity-H fonts use. */
function toUnicodeDecoder(cmap: string): Decode {
  const map = new Map<number, string>();
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of body.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g)) map.set(parseInt(code, 16), utf16Hex(unicode));
  }
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, unicode] of body.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const first = parseInt(unicode, 16);
      for (let code = parseInt(from, 16); code <= parseInt(to, 16); code++) map.set(code, String.fromCodePoint(first + code - parseInt(from, 16)));
    }
  }
  return (hex) => (hex.match(/.{4}/g) ?? []).map((code) => map.get(parseInt(code, 16)) ?? '\ufffd').join('');
}

/** How to read the strings a font of the page shows: by its ToUnicode map, else as WinAnsi. */
function fontDecoder(doc: PDFDocument, page: PDFPage, name: string): Decode {
  const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
  const font = fonts?.lookupMaybe(PDFName.of(name), PDFDict);
  const toUnicode = font?.get(PDFName.of('ToUnicode'));
  const stream = toUnicode ? doc.context.lookup(toUnicode) : undefined;
  if (stream instanceof PDFRawStream) return toUnicodeDecoder(Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'));
  return decodeWinAnsiHex;
}

function contentStreams(doc: PDFDocument, contents: PDFObject | undefined): PDFRawStream[] {
  if (contents instanceof PDFRawStream) return [contents];
  if (contents instanceof PDFArray) return contents.asArray().flatMap((item) => contentStreams(doc, doc.context.lookup(item)));
  return [];
}

const OPERATION = /\/([^\s/<>[\]()]+)\s+[-\d.]+\s+Tf|(?:[-\d.]+\s+){5}([-\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj/g;

/**
 * The text lines of each page of a PDF made by pdf-lib, in drawing order: the strings shown one
 * after the other on the same baseline (a line drawn in several fonts) joined into one. Reads
 * standard fonts (WinAnsi) and embedded ones (Identity-H with a ToUnicode map).
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const lines: { y: string; text: string }[] = [];
    const decoders = new Map<string, Decode>();
    let decode: Decode = decodeWinAnsiHex;
    let y = '';
    for (const stream of contentStreams(doc, page.node.Contents())) {
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const [, font, baseline, shown] of operators.matchAll(OPERATION)) {
        if (font !== undefined) {
          if (!decoders.has(font)) decoders.set(font, fontDecoder(doc, page, font));
          decode = decoders.get(font)!;
        }
        else if (baseline !== undefined) y = baseline;
        else {
          const last = lines.at(-1);
          if (last?.y === y) last.text += decode(shown);
          else lines.push({ y, text: decode(shown) });
        }
      }
    }
    return lines.map((line) => line.text);
  });
}
