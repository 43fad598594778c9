import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildCertificatePdf, type CertificateDocument } from '../../src/certificate/buildCertificatePdf';
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

describe('certificate PDF', () => {
  it('is one A4 portrait page with title, subject and keywords naming what it certifies', async () => {
    const bytes = await buildCertificatePdf(certificate);
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
    const [page] = await pdfPageTexts(await buildCertificatePdf(certificate));
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
    const [page] = await pdfPageTexts(await buildCertificatePdf({ ...certificate, answers: [], validityLine: '' }));
    expect(page).not.toContain('Ihre Antworten');
    expect(page.at(-1)).toBe('Ausgestellt am 04. März 2025');
  });

  it('embeds the PNG logo, and is made without it when the bytes are missing or no image', async () => {
    const withLogo = await buildCertificatePdf({ ...certificate, logo: logoPng });
    const images = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
    // The logo has an alpha channel: the image and its soft mask.
    expect(images(withLogo)).toBeGreaterThanOrEqual(1);
    expect(images(await buildCertificatePdf(certificate))).toBe(0);
    const broken = await buildCertificatePdf({ ...certificate, logo: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) });
    expect(images(broken)).toBe(0);
    expect((await pdfPageTexts(broken))[0][0]).toBe('Teilnahmebestätigung');
    expect(images(await buildCertificatePdf({ ...certificate, logo: new TextEncoder().encode('<svg/>') }))).toBe(0);
  });

  it('wraps long text within the page and flows onto further A4 pages, the date closing the last one', async () => {
    const sentence = 'Regenwasser versickert im Boden, sammelt sich im Grundwasser und wird über Brunnen gefördert. ';
    const long = { question: 'Beschreibe den Weg des Wassers.', answer: sentence.repeat(12) };
    const bytes = await buildCertificatePdf({ ...certificate, answers: Array.from({ length: 8 }, () => long) });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: A4.width, height: A4.height });
    const pages = await pdfPageTexts(bytes);
    const lines = pages.flat();
    const font = await (await PDFDocument.create()).embedFont('Helvetica');
    // 11 pt body text on 595.28 − 2 × 64 pt.
    for (const line of lines) expect(font.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(595.28 - 128);
    expect(lines.filter((line) => line.startsWith('Regenwasser versickert')).length).toBeGreaterThan(8);
    expect(pages.at(-1)!.slice(-2)).toEqual(['Ausgestellt am 04. März 2025', 'Gültigkeit: ohne Unterschrift gültig.']);
    expect(pages.slice(0, -1).flat()).not.toContain('Ausgestellt am 04. März 2025');
  });

  it('draws characters Helvetica lacks as stand-ins instead of failing', async () => {
    const [page] = await pdfPageTexts(await buildCertificatePdf({ ...certificate, issuedFor: 'Zoë 李 → Ďurić 🙂', paragraphs: ['a\u00adb\u200bc'] }));
    expect(page).toContain('Zoë ? -> Duric ?');
    expect(page).toContain('abc');
  });
});
