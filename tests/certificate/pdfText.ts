import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFObject } from 'pdf-lib';

/** WinAnsiEncoding where it differs from Latin-1 (PDF 32000-1, Annex D). */
const WIN_ANSI_HIGH: Record<number, number> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02c6,
  0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c,
  0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a,
  0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};

function decodeWinAnsiHex(hex: string): string {
  let text = '';
  for (let i = 0; i < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    text += String.fromCodePoint(WIN_ANSI_HIGH[code] ?? code);
  }
  return text;
}

function contentStreams(doc: PDFDocument, contents: PDFObject | undefined): PDFRawStream[] {
  if (contents instanceof PDFRawStream) return [contents];
  if (contents instanceof PDFArray) return contents.asArray().flatMap((item) => contentStreams(doc, doc.context.lookup(item)));
  return [];
}

/**
 * The text each page of a PDF draws with a simple font: one string per `<hex> Tj`, in drawing
 * order. Enough for PDFs made with pdf-lib's standard fonts (WinAnsi), which is all this reads.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) =>
    contentStreams(doc, page.node.Contents()).flatMap((stream) => {
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      return [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) => decodeWinAnsiHex(match[1]));
    }),
  );
}
