import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';
import { create } from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCertificatePdf, type CertificateDocument, type CertificateFonts } from '../../src/certificate/buildCertificatePdf';
import { FontStack } from '../../src/certificate/fontStack';
import { fontsFor } from './fontFiles';
import { pdfPageTexts } from './pdfText';

const logoPng = new Uint8Array(readFileSync(path.resolve(__dirname, '../../content/assets/logo.png')));

const certificate: CertificateDocument = {
  lang: 'de',
  title: 'Teilnahmebestätigung',
  issuedForLabel: 'ausgestellt für',
  issuedFor: 'Jürgen Weiß-Öztürk',
  materialLabel: 'für das Lernmaterial',
  materialName: 'Wasser im Alltag: vom Regen zum Trinkwasser',
  paragraphs: ['hat den Kurs „Wasser im Alltag“ erfolgreich bearbeitet.', 'Größe: 3 Kapitel – Maß für Maß.'],
  answersHeading: 'Ihre Antworten',
  answers: [{ question: 'Erkläre, woran das liegt.', answer: 'Wind trägt die feuchte Luft fort.\nDann verdunstet mehr.' }],
  issueDateLine: 'Ausgestellt am 04. März 2025',
  validityLine: 'Gültigkeit: ohne Unterschrift gültig.',
  issueDate: '2025-03-04T10:00:00.000Z',
};

const A4 = { width: 595.28, height: 841.89 };
const TEXT_WIDTH = 595.28 - 2 * 64;

/** The Noto Sans files the German certificate needs (latin only), as the browser loads them. */
let fonts: CertificateFonts;
beforeAll(async () => {
  fonts = await fontsFor(certificate);
});

/** The embedded fonts of a PDF: their /BaseFont names. */
const embeddedFonts = (bytes: Uint8Array) => [...Buffer.from(bytes).toString('latin1').matchAll(/\/Type \/Font\s*\/Subtype \/Type0\s*\/BaseFont \/(\S+)/g)].map((match) => match[1]);

describe('certificate PDF', () => {
  it('is one A4 portrait page with title, subject and keywords naming what it certifies', async () => {
    const bytes = await buildCertificatePdf(certificate, fonts);
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(A4.width, 2);
    expect(height).toBeCloseTo(A4.height, 2);
    expect(width / height).toBeCloseTo(0.707, 3);
    expect(doc.getTitle()).toBe('Teilnahmebestätigung');
    expect(doc.getSubject()).toBe('Wasser im Alltag: vom Regen zum Trinkwasser: ausgestellt für Jürgen Weiß-Öztürk');
    expect(doc.getKeywords()).toBe('Teilnahmebestätigung Jürgen Weiß-Öztürk Wasser im Alltag: vom Regen zum Trinkwasser Ausgestellt am 04. März 2025');
    expect(doc.getCreationDate()?.toISOString()).toBe('2025-03-04T10:00:00.000Z');
  });

  it('prints every part in order, umlauts, ß and German quotes included', async () => {
    const [page] = await pdfPageTexts(await buildCertificatePdf(certificate, fonts));
    expect(page).toEqual([
      'Teilnahmebestätigung',
      'ausgestellt für',
      'Jürgen Weiß-Öztürk',
      'für das Lernmaterial',
      'Wasser im Alltag: vom Regen zum Trinkwasser',
      'hat den Kurs „Wasser im Alltag“ erfolgreich bearbeitet.',
      'Größe: 3 Kapitel – Maß für Maß.',
      'Ihre Antworten',
      'Erkläre, woran das liegt.',
      'Wind trägt die feuchte Luft fort.',
      'Dann verdunstet mehr.',
      'Ausgestellt am 04. März 2025',
      'Gültigkeit: ohne Unterschrift gültig.',
    ]);
  });

  it('leaves out the answers heading and the validity when there are none', async () => {
    const [page] = await pdfPageTexts(await buildCertificatePdf({ ...certificate, answers: [], validityLine: '' }, fonts));
    expect(page).not.toContain('Ihre Antworten');
    expect(page.at(-1)).toBe('Ausgestellt am 04. März 2025');
  });

  it('embeds the PNG logo, and is made without it when the bytes are missing or no image', async () => {
    const withLogo = await buildCertificatePdf({ ...certificate, logo: logoPng }, fonts);
    const images = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
    // The logo has an alpha channel: the image and its soft mask.
    expect(images(withLogo)).toBeGreaterThanOrEqual(1);
    expect(images(await buildCertificatePdf(certificate, fonts))).toBe(0);
    const broken = await buildCertificatePdf({ ...certificate, logo: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) }, fonts);
    expect(images(broken)).toBe(0);
    expect((await pdfPageTexts(broken))[0][0]).toBe('Teilnahmebestätigung');
    expect(images(await buildCertificatePdf({ ...certificate, logo: new TextEncoder().encode('<svg/>') }, fonts))).toBe(0);
  });

  it('wraps long text with the embedded font, filling each line, and flows onto further A4 pages, the date closing the last one', async () => {
    const sentence = 'Regenwasser versickert im Boden, sammelt sich im Grundwasser und wird über Brunnen gefördert. ';
    const long = { question: 'Beschreibe den Weg des Wassers.', answer: sentence.repeat(12) };
    const bytes = await buildCertificatePdf({ ...certificate, answers: Array.from({ length: 8 }, () => long) }, fonts);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: A4.width, height: A4.height });
    const pages = await pdfPageTexts(bytes);
    const lines = pages.flat();
    const measuring = await PDFDocument.create();
    measuring.registerFontkit(fontkit);
    const noto = new FontStack(await Promise.all(fonts.regular.map((file) => measuring.embedFont(file))));
    const helvetica = await measuring.embedFont('Helvetica');
    // 11 pt body text on 595.28 − 2 × 64 pt, measured with the font it is drawn in.
    for (const line of lines) expect(noto.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(TEXT_WIDTH);
    const firstAnswer = lines.slice(lines.indexOf(long.question) + 1, lines.indexOf(long.question, lines.indexOf(long.question) + 1));
    expect(firstAnswer.length).toBeGreaterThan(8);
    expect(firstAnswer.join(' ')).toBe(long.answer.trim());
    // Greedy: the next word would not have fitted (measured in Helvetica, it would have).
    const withNextWord = firstAnswer.slice(0, -1).map((line, i) => `${line} ${firstAnswer[i + 1].split(' ')[0]}`);
    for (const line of withNextWord) expect(noto.widthOfTextAtSize(line, 11)).toBeGreaterThan(TEXT_WIDTH);
    expect(withNextWord.some((line) => helvetica.widthOfTextAtSize(line, 11) <= TEXT_WIDTH)).toBe(true);
    expect(pages.at(-1)!.slice(-2)).toEqual(['Ausgestellt am 04. März 2025', 'Gültigkeit: ohne Unterschrift gültig.']);
    expect(pages.slice(0, -1).flat()).not.toContain('Ausgestellt am 04. März 2025');
  });

  it('prints names and texts in Latin, Greek and Cyrillic letters as written, title and subject too', async () => {
    const unicode: CertificateDocument = {
      ...certificate,
      issuedFor: 'Zofia Łukasiewicz-Dvořák',
      materialName: 'Ψυχή και Вода: Nguyễn Thị Minh Khai',
      paragraphs: ['Ἀθῆναι, Ґанна Їжакевич, Şükrü Çağlar, Đặng Văn Ngữ, Øyvind Åsmund Ærø.'],
      answers: [{ question: 'Что такое вода?', answer: 'Вода — это жизнь.' }],
    };
    const bytes = await buildCertificatePdf(unicode, await fontsFor(unicode));
    const [page] = await pdfPageTexts(bytes);
    expect(page).toContain('Zofia Łukasiewicz-Dvořák');
    expect(page).toContain('Ψυχή και Вода: Nguyễn Thị Minh Khai');
    expect(page).toContain('Ἀθῆναι, Ґанна Їжакевич, Şükrü Çağlar, Đặng Văn Ngữ, Øyvind Åsmund Ærø.');
    expect(page).toEqual(expect.arrayContaining(['Что такое вода?', 'Вода — это жизнь.']));
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Teilnahmebestätigung');
    expect(doc.getSubject()).toBe('Ψυχή και Вода: Nguyễn Thị Minh Khai: ausgestellt für Zofia Łukasiewicz-Dvořák');
  });

  it('loads for each text the weight it is printed in: a Greek word in any one part prints, and no font goes unused', async () => {
    const word = 'Ψυχή';
    const parts: [string, (text: string) => Partial<CertificateDocument>][] = [
      ['title', (text) => ({ title: text })],
      ['issuedForLabel', (text) => ({ issuedForLabel: text })],
      ['issuedFor', (text) => ({ issuedFor: text })],
      ['materialLabel', (text) => ({ materialLabel: text })],
      ['materialName', (text) => ({ materialName: text })],
      ['paragraph', (text) => ({ paragraphs: [text] })],
      ['answersHeading', (text) => ({ answersHeading: text })],
      ['question', (text) => ({ answers: [{ ...certificate.answers[0], question: text }] })],
      ['answer', (text) => ({ answers: [{ ...certificate.answers[0], answer: text }] })],
      ['issueDateLine', (text) => ({ issueDateLine: text })],
      ['validityLine', (text) => ({ validityLine: text })],
    ];
    for (const [part, set] of parts) {
      const greek = { ...certificate, ...set(`${part} ${word}`) };
      const files = await fontsFor(greek);
      const bytes = await buildCertificatePdf(greek, files);
      expect((await pdfPageTexts(bytes)).flat(), part).toContain(`${part} ${word}`);
      expect(files.regular.length + files.bold.length, part).toBe(3);
      expect(embeddedFonts(bytes), part).toHaveLength(3);
    }
  });

  it('embeds only the glyphs it draws, so the file stays small', async () => {
    const bytes = await buildCertificatePdf(certificate, fonts);
    // Noto Sans latin regular and bold, each as a subset.
    expect(embeddedFonts(bytes)).toHaveLength(2);
    expect(embeddedFonts(bytes).every((name) => name.startsWith('NotoSans-'))).toBe(true);
    // The two font files alone are 33 KB as WOFF (compressed); the whole PDF is smaller.
    expect(fonts.regular[0].length + fonts.bold[0].length).toBeGreaterThan(33_000);
    expect(bytes.length).toBeLessThan(20_000);
    const polish = { ...certificate, issuedFor: 'Zofia Łukasiewicz-Dvořák' };
    const withLatinExt = await buildCertificatePdf(polish, await fontsFor(polish));
    // The name is bold: latin-ext bold (82 KB as WOFF) joins, with the few glyphs the name uses.
    expect(embeddedFonts(withLatinExt)).toHaveLength(3);
    expect(withLatinExt.length - bytes.length).toBeLessThan(4_000);
  });

  it('draws characters the fonts lack as stand-ins: without accents, ASCII arrows or "?"', async () => {
    const lacking = { ...certificate, issuedFor: 'Zoë 李 → Ďurić 🙂', paragraphs: ['a\u00adb\u200bc'] };
    const [page] = await pdfPageTexts(await buildCertificatePdf(lacking, await fontsFor(lacking)));
    expect(page).toContain('Zoë ? -> Ďurić ?');
    expect(page).toContain('abc');
  });

  it('falls back to Helvetica without fonts or with unreadable ones, its stand-ins dropping what WinAnsi lacks', async () => {
    const polish = { ...certificate, issuedFor: 'Zofia Łukasiewicz-Dvořák 李 →' };
    for (const files of [undefined, { regular: [new Uint8Array([1, 2, 3])], bold: [new Uint8Array([1, 2, 3])] }]) {
      const bytes = await buildCertificatePdf(polish, files);
      expect(embeddedFonts(bytes)).toEqual([]);
      expect(Buffer.from(bytes).toString('latin1')).toContain('/BaseFont /Helvetica-Bold');
      const [page] = await pdfPageTexts(bytes);
      expect(page).toContain('Zofia Lukasiewicz-Dvorák ? ->');
      expect(page[0]).toBe('Teilnahmebestätigung');
    }
  });

  it('prints the verification lines at the foot and the QR code of the address module for module, at the bottom right', async () => {
    const url = 'https://lernwerk.school.example/verify/ABCDEFGHJKMN';
    const { modules } = create(url, { errorCorrectionLevel: 'M' });
    const verification = { lines: ['Prüfcode: ABCD-EFGH-JKMN', `Echtheit prüfen: ${url}`], qr: { size: modules.size, dark: (row: number, col: number) => modules.get(row, col) === 1 } };
    const bytes = await buildCertificatePdf({ ...certificate, verification }, fonts);
    const [page] = await pdfPageTexts(bytes);
    expect(page.slice(-4)).toEqual([certificate.issueDateLine, certificate.validityLine, ...verification.lines]);

    // The black rectangles drawn, read back into a grid of modules.
    const doc = await PDFDocument.load(bytes);
    const contents = doc.getPage(0).node.Contents()!;
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const ops = streams.map((stream) => new TextDecoder().decode(decodePDFRawStream(stream as PDFRawStream).decode())).join('\n');
    const rects = [...ops.matchAll(/0 0 0 rg\n0 w\n\[\] 0 d\n1 0 0 1 ([\d.]+) ([\d.]+) cm\n(?:1 0 0 1 0 0 cm\n)*0 0 m\n0 ([\d.]+) l\n([\d.]+) /g)].map((m) => m.slice(1, 5).map(Number));
    expect(rects.length).toBeGreaterThan(modules.size);
    const left = Math.min(...rects.map(([x]) => x));
    const bottom = Math.min(...rects.map(([, y]) => y));
    const side = Math.max(...rects.map(([x, , , w]) => x + w)) - left;
    const module = side / modules.size;
    expect(left + side).toBeCloseTo(A4.width - 64, 1);
    expect(bottom).toBeCloseTo(64, 1);
    const drawn = Array.from({ length: modules.size }, () => Array<number>(modules.size).fill(0));
    for (const [x, y, h, w] of rects) {
      const row = Math.round((bottom + side - y - h) / module);
      for (let col = Math.round((x - left) / module); col < Math.round((x + w - left) / module); col++) drawn[row][col] = 1;
    }
    const expected = Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => modules.get(row, col)));
    expect(drawn).toEqual(expected);
  });
});
