import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { formatCertificateDate } from '../i18n';
import type { Certificate, FreeTextInput } from '../model/elements';
import { allElements } from '../model/tree';
import { pdfPageTexts } from '../tests/certificate/pdfText';
import { checkA11y, describeViolations, withImpact } from './support/a11y';
import { demoMaterial, demoMaterialEn } from './support/demoContent';
import { demoShares, sharePath } from './support/demoShares';
import { collectPageErrors } from './support/pageErrors';
import { pdfToText } from './support/pdfText';
import { saveScreenshot } from './support/screenshots';
import { expect, test } from './support/transitions';

/*
 * The certificate sits behind the closing barrier of the demo course; its embeddable view
 * (`iframe/{id}/`) shows it alone. The demo shares are public: the visitor is anonymous and
 * enters a name. An answer typed into a free text named in the `[questions]` block is kept in the
 * browser and printed on the PDF.
 */
function demoElement<T>(material: typeof demoMaterial, modelName: string, id?: string): T {
  const element = [...allElements(material.content)].find((e) => e.modelName === modelName && (id === undefined || e.id === id));
  if (!element) throw new Error(`the demo material has no ${modelName} ${id ?? ''}`);
  return element as T;
}

const certificate = demoElement<Certificate>(demoMaterial, 'Certificate');
const certificateEn = demoElement<Certificate>(demoMaterialEn, 'Certificate');
const windQuestion = demoElement<FreeTextInput>(demoMaterial, 'FreeTextInput', 'kap1-1-1-freitext-wind');
const A4 = { width: 595.28, height: 841.89 };

async function readPdf(download: Download) {
  const file = await download.path();
  const bytes = new Uint8Array(await readFile(file));
  const doc = await PDFDocument.load(bytes);
  return {
    bytes,
    pages: doc.getPages().map((page) => page.getSize()),
    title: doc.getTitle(),
    lines: (await pdfPageTexts(bytes)).flat(),
    /** What poppler's pdftotext reads from the file (whitespace collapsed). */
    text: await pdfToText(file),
  };
}

async function issueDateOf(page: Page, id: string): Promise<string> {
  const issued = page.locator(`[id="${id}"] [data-issue-date]`);
  await expect(issued).toBeVisible();
  return (await issued.getAttribute('data-issue-date'))!;
}

test('an anonymous learner downloads the certificate as an A4 PDF with their name, the date and their answer', async ({ page, request }, testInfo) => {
  const { material: share } = await demoShares(request);
  const errors = collectPageErrors(page);

  await test.step('the learner answers the free text the certificate prints', async () => {
    await page.goto(sharePath(share, `iframe/${windQuestion.id}/`));
    await page.locator(`[id="${windQuestion.id}"]`).getByRole('textbox').fill('Der Wind trägt die feuchte Luft weg, dann verdunstet mehr Wasser.');
  });

  await page.goto(sharePath(share, `iframe/${certificate.id}/`));
  const element = page.locator(`[id="${certificate.id}"]`);
  await expect(element.getByRole('heading', { name: certificate.title })).toBeVisible();
  const section = element.locator('section');
  await expect(section).toHaveAttribute('data-visitor', 'anonymous');
  await expect(section).toHaveAttribute('data-state', 'notIssued');
  const firstName = element.getByRole('textbox', { name: 'Vorname' });
  const lastName = element.getByRole('textbox', { name: 'Nachname' });
  const download = element.getByRole('button', { name: 'Zertifikat herunterladen' });

  await test.step('both names are required: errors after the first submit, the button waits', async () => {
    await expect(firstName).toHaveAttribute('placeholder', 'Vorname');
    await expect(element.getByText('Pflichtfeld')).toHaveCount(0);
    await download.click();
    await expect(element.getByText('Pflichtfeld')).toHaveCount(2);
    await expect(download).toBeDisabled();
    await firstName.fill('Jürgen');
    await expect(element.getByText('Pflichtfeld')).toHaveCount(1);
    await lastName.fill('Weiß');
    await expect(download).toBeEnabled();
  });

  const saved = page.waitForEvent('download');
  await download.click();
  const pdf = await readPdf(await saved);
  const issueDate = await issueDateOf(page, certificate.id);

  expect((await saved).suggestedFilename()).toBe('Teilnahmebestaetigung-Wasser-im-Alltag-vom-Regen-zum-Trinkwasser.pdf');
  expect(Buffer.from(pdf.bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
  expect(pdf.pages).toEqual([A4]);
  expect(pdf.title).toBe(certificate.title);
  expect(pdf.lines).toEqual(expect.arrayContaining([certificate.title, 'Jürgen Weiß', demoMaterial.title, 'Deine Antworten']));
  expect(pdf.lines).toContain(`Ausgestellt am ${formatCertificateDate(issueDate, 'de')}`);
  expect(pdf.lines.join(' ')).toContain('Der Wind trägt die feuchte Luft weg, dann verdunstet mehr Wasser.');
  expect(pdf.lines.join(' ')).not.toContain('[questions]');
  // Read by an independent PDF reader: the name and the date are real text, not drawn shapes.
  expect(pdf.text).toContain('Jürgen Weiß');
  expect(pdf.text).toContain(`Ausgestellt am ${formatCertificateDate(issueDate, 'de')}`);
  expect(pdf.text).toContain('Der Wind trägt die feuchte Luft weg, dann verdunstet mehr Wasser.');
  await expect(section).toHaveAttribute('data-state', 'issued');
  await expect(element.getByRole('status')).toHaveText('Das Zertifikat wurde heruntergeladen.');
  await expect(firstName).toHaveValue('');
  console.log(`certificate PDF: ${pdf.bytes.length} bytes, ${pdf.pages.length} page(s), ${pdf.lines.length} text lines`);

  await saveScreenshot(page, testInfo, 'certificate-downloaded');
  const violations = await checkA11y(page, testInfo, 'certificate');
  expect(withImpact(violations, 'critical', 'serious'), describeViolations(violations)).toEqual([]);

  // Opened again later: the certificate stays issued with its first date.
  await page.reload();
  await expect(section).toHaveAttribute('data-state', 'issued');
  expect(await issueDateOf(page, certificate.id)).toBe(issueDate);
  expect(errors).toEqual([]);
});

test('the English edition: placeholders Firstname / Lastname, "Required", and an English PDF', async ({ page, request }) => {
  const { materialEn: share } = await demoShares(request);
  await page.goto(`${sharePath(share, `iframe/${certificateEn.id}/`)}?lang=en`);
  const element = page.locator(`[id="${certificateEn.id}"]`);
  await expect(element.getByRole('heading', { name: certificateEn.title })).toBeVisible();
  const firstName = element.getByRole('textbox', { name: 'First name' });
  await expect(firstName).toHaveAttribute('placeholder', 'Firstname');
  await expect(element.getByRole('textbox', { name: 'Last name' })).toHaveAttribute('placeholder', 'Lastname');
  await element.getByRole('button', { name: 'Download certificate' }).click();
  await expect(element.getByText('Required')).toHaveCount(2);

  await firstName.fill('Ada');
  await element.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  const saved = page.waitForEvent('download');
  await element.getByRole('button', { name: 'Download certificate' }).click();
  const pdf = await readPdf(await saved);
  const issueDate = await issueDateOf(page, certificateEn.id);
  expect((await saved).suggestedFilename()).toMatch(/^Certificate-.+\.pdf$/);
  expect(pdf.pages).toEqual([A4]);
  expect(pdf.lines).toContain('Ada Lovelace');
  expect(pdf.lines).toContain(`Issued on ${formatCertificateDate(issueDate, 'en')}`);
  expect(pdf.text).toContain('Ada Lovelace');
  expect(pdf.text).toContain(`Issued on ${formatCertificateDate(issueDate, 'en')}`);
});

test('a name with letters outside Latin-1 is printed as written', async ({ page, request }) => {
  const { material: share } = await demoShares(request);
  await page.goto(sharePath(share, `iframe/${certificate.id}/`));
  const element = page.locator(`[id="${certificate.id}"]`);
  await element.getByRole('textbox', { name: 'Vorname' }).fill('Zofia');
  await element.getByRole('textbox', { name: 'Nachname' }).fill('Łukasiewicz-Dvořák');
  const saved = page.waitForEvent('download');
  await element.getByRole('button', { name: 'Zertifikat herunterladen' }).click();
  const pdf = await readPdf(await saved);
  expect(pdf.text, 'the certificate is made, with the name in its place').toMatch(/ausgestellt für Zofia .ukasiewicz-Dvo.ák /);
  expect(pdf.text).toContain('Zofia Łukasiewicz-Dvořák');
  expect(pdf.lines).toContain('Zofia Łukasiewicz-Dvořák');
  console.log(`certificate PDF with Łukasiewicz-Dvořák: ${pdf.bytes.length} bytes`);
});
