import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PageSizes, StandardFonts, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import { FontStack } from './fontStack';
import type { CertificateAnswer } from './questionsBlock';
import { fitText, wrapText } from './wrapText';

/** Asked for with the PDF code, in its chunk: a chunk of its own would cost the first route's bundle bytes of bookkeeping. */
export { certificateVerification } from './verification';

/** Everything printed on a certificate, already translated and formatted (the builder knows no language). */
export type CertificateDocument = {
  /** BCP 47 language of the texts (`de`, `en`), written to the PDF's /Lang. */
  lang: string;
  title: string;
  /** "issued for" above the name. */
  issuedForLabel: string;
  issuedFor: string;
  /** "for the learning material" above the material name. */
  materialLabel: string;
  materialName: string;
  /** The certificate text as plain paragraphs, its `[questions]` block already removed. */
  paragraphs: readonly string[];
  /** Heading above the answers; unused when there are none. */
  answersHeading: string;
  answers: readonly CertificateAnswer[];
  /** "Issued on 04 March 2025". */
  issueDateLine: string;
  /** "Validity: …", or empty. */
  validityLine: string;
  /** The logo as PNG or JPEG bytes; left out when missing or unreadable. */
  logo?: Uint8Array;
  /** The ISO issue date: the PDF's creation date. */
  issueDate: string;
  /** How anyone checks the certificate: its code and address as lines, and the QR code of the address; absent: not printed. */
  verification?: CertificateVerificationPrint;
};

/** The verification lines at the foot, and the QR code (dark modules by row and column) printed beside them. */
export type CertificateVerificationPrint = { lines: readonly string[]; qr: { size: number; dark: (row: number, col: number) => boolean } };

/**
 * Font files (TrueType, OpenType or WOFF) to embed, each weight as a list in lookup order: a
 * character is drawn with the first file that has it.
 */
export type CertificateFonts = { regular: readonly Uint8Array[]; bold: readonly Uint8Array[] };

/** A4 portrait in PDF points (width / height = 0.707, spec section 9). */
export const CERTIFICATE_PAGE_SIZE = PageSizes.A4;

const [PAGE_WIDTH, PAGE_HEIGHT] = CERTIFICATE_PAGE_SIZE;
const MARGIN = 64;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const PRIMARY = rgb(0x3a / 255, 0x41 / 255, 0x95 / 255);
const INK = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.4, 0.4, 0.45);
const LOGO_MAX = { width: 180, height: 56 };
/** Side of the printed QR code in points (about 27 mm: phones read it from a printout). */
const QR_SIZE = 76;

/** A QR code of `size` modules as black squares in a square of QR_SIZE at (x, y), its quiet zone left to the margin. */
function drawQr(page: PDFPage, qr: CertificateVerificationPrint['qr'], x: number, y: number) {
  const module = QR_SIZE / qr.size;
  for (let row = 0; row < qr.size; row++) {
    // One rectangle per run of dark modules in a row.
    for (let col = 0; col < qr.size; col++) {
      if (!qr.dark(row, col)) continue;
      let end = col;
      while (end + 1 < qr.size && qr.dark(row, end + 1)) end++;
      page.drawRectangle({ x: x + col * module, y: y + QR_SIZE - (row + 1) * module, width: (end - col + 1) * module, height: module, color: rgb(0, 0, 0) });
      col = end;
    }
  }
}

type Fonts = { regular: FontStack; bold: FontStack };
type Style = { font: FontStack; size: number; color: typeof INK; align: 'left' | 'center'; lineHeight: number; width?: number };

/** Lays text out top to bottom, starting a new page when the current one is full. */
class Flow {
  page: PDFPage;
  y: number;

  constructor(private readonly doc: PDFDocument) {
    this.page = this.newPage();
    this.y = PAGE_HEIGHT - MARGIN;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage(CERTIFICATE_PAGE_SIZE);
    const inset = 24;
    page.drawRectangle({ x: inset, y: inset, width: PAGE_WIDTH - 2 * inset, height: PAGE_HEIGHT - 2 * inset, borderColor: PRIMARY, borderWidth: 1.5 });
    return page;
  }

  /** Makes room for `height` points, on a new page if needed. */
  room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.newPage();
    this.y = PAGE_HEIGHT - MARGIN;
  }

  gap(points: number) {
    this.y -= points;
  }

  text(text: string, style: Style) {
    for (const line of wrapText(fitText(text, style.font), style.font, style.size, style.width ?? TEXT_WIDTH)) {
      this.room(style.lineHeight);
      this.y -= style.lineHeight;
      const width = style.font.widthOfTextAtSize(line, style.size);
      let x = style.align === 'center' ? (PAGE_WIDTH - width) / 2 : MARGIN;
      const y = this.y + (style.lineHeight - style.size) / 2;
      for (const run of style.font.runs(line)) {
        this.page.drawText(run.text, { x, y, size: style.size, font: run.font, color: style.color });
        x += run.font.widthOfTextAtSize(run.text, style.size);
      }
    }
  }

  image(image: PDFImage) {
    const scale = Math.min(LOGO_MAX.width / image.width, LOGO_MAX.height / image.height, 1);
    const { width, height } = image.scale(scale);
    this.room(height);
    this.y -= height;
    this.page.drawImage(image, { x: (PAGE_WIDTH - width) / 2, y: this.y, width, height });
  }
}

async function embedLogo(doc: PDFDocument, bytes: Uint8Array | undefined): Promise<PDFImage | undefined> {
  if (!bytes || bytes.length < 4) return undefined;
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return await doc.embedPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(bytes);
  } catch {
    // A broken logo must not cost the learner the certificate.
  }
  return undefined;
}

/** The given fonts embedded as subsets; Helvetica when there are none or they cannot be read. */
async function embedFonts(doc: PDFDocument, files: CertificateFonts | undefined): Promise<Fonts> {
  if (files && files.regular.length > 0 && files.bold.length > 0) {
    doc.registerFontkit(fontkit);
    const embed = async (list: readonly Uint8Array[]) => new FontStack(await Promise.all(list.map((bytes) => doc.embedFont(bytes, { subset: true }))));
    try {
      return { regular: await embed(files.regular), bold: await embed(files.bold) };
    } catch {
      // An unreadable font file must not cost the learner the certificate.
    }
  }
  return { regular: new FontStack([await doc.embedFont(StandardFonts.Helvetica)]), bold: new FontStack([await doc.embedFont(StandardFonts.HelveticaBold)]) };
}

const style = (fonts: Fonts, weight: keyof Fonts, size: number, color = INK, align: Style['align'] = 'center'): Style => ({
  font: fonts[weight],
  size,
  color,
  align,
  lineHeight: Math.round(size * 1.4),
});

/**
 * The certificate as PDF bytes: A4 portrait, in `fonts` embedded as subsets (only the glyphs the
 * text uses), else in Helvetica (WinAnsi: Western European letters only). A character the fonts
 * lack becomes a stand-in, its letter without accents or `?`. Title, Subject and Keywords carry
 * the title, the material and the name as written, so the file says what it is without being opened.
 */
export async function buildCertificatePdf(certificate: CertificateDocument, fonts?: CertificateFonts, now = new Date()): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const stacks = await embedFonts(doc, fonts);
  const info = (text: string) => text.normalize('NFC').trim();
  doc.setTitle(info(certificate.title), { showInWindowTitleBar: true });
  doc.setSubject(info(`${certificate.materialName}: ${certificate.issuedForLabel} ${certificate.issuedFor}`));
  doc.setKeywords([certificate.title, certificate.issuedFor, certificate.materialName, certificate.issueDateLine].map(info));
  doc.setLanguage(certificate.lang);
  doc.setCreator('Lernwerk');
  doc.setProducer('Lernwerk (pdf-lib)');
  const issued = new Date(certificate.issueDate);
  doc.setCreationDate(Number.isNaN(issued.getTime()) ? now : issued);
  doc.setModificationDate(now);

  const flow = new Flow(doc);
  const logo = await embedLogo(doc, certificate.logo);
  if (logo) {
    flow.image(logo);
    flow.gap(32);
  } else flow.gap(24);

  // Which text is bold is also listed in certificateTexts (certificateFonts.ts), which loads the fonts: keep both in step.
  flow.text(certificate.title, style(stacks, 'bold', 26, PRIMARY));
  flow.gap(28);
  flow.text(certificate.issuedForLabel, style(stacks, 'regular', 12, MUTED));
  flow.gap(4);
  flow.text(certificate.issuedFor, style(stacks, 'bold', 22));
  flow.gap(20);
  flow.text(certificate.materialLabel, style(stacks, 'regular', 12, MUTED));
  flow.gap(4);
  flow.text(certificate.materialName, style(stacks, 'bold', 15));
  flow.gap(28);

  const body = style(stacks, 'regular', 11, INK, 'left');
  for (const paragraph of certificate.paragraphs) {
    flow.text(paragraph, body);
    flow.gap(6);
  }
  if (certificate.answers.length > 0) {
    flow.gap(14);
    flow.text(certificate.answersHeading, style(stacks, 'bold', 13, PRIMARY, 'left'));
    flow.gap(6);
    for (const { question, answer } of certificate.answers) {
      for (const line of question.split('\n')) flow.text(line, style(stacks, 'bold', 11, INK, 'left'));
      flow.gap(3);
      for (const line of answer.split(/\r?\n/)) flow.text(line, body);
      flow.gap(12);
    }
  }

  // Issue date, validity and how to verify close the last page at its foot, the QR code beside them.
  const verification = certificate.verification;
  const footer = { ...style(stacks, 'regular', 11, MUTED, 'left'), width: verification ? TEXT_WIDTH - QR_SIZE - 16 : TEXT_WIDTH };
  const footerLines = [certificate.issueDateLine, certificate.validityLine, ...(verification?.lines ?? [])].filter((line) => line.trim() !== '');
  const textHeight = footerLines.reduce((sum, line) => sum + wrapText(fitText(line, footer.font), footer.font, footer.size, footer.width).length * footer.lineHeight, 0);
  const footerHeight = Math.max(textHeight, verification ? QR_SIZE : 0);
  flow.room(footerHeight + 24);
  flow.y = MARGIN + footerHeight;
  for (const line of footerLines) flow.text(line, footer);
  if (verification) drawQr(flow.page, verification.qr, PAGE_WIDTH - MARGIN - QR_SIZE, MARGIN);

  return doc.save({ useObjectStreams: false });
}
