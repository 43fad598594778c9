import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CertificateDocument, CertificateFonts } from '../../src/certificate/buildCertificatePdf';
import { loadCertificateFonts } from '../../src/certificate/certificateFonts';

const ROOT = path.resolve(__dirname, '../..');

/** The file behind a font URL as Vite hands it out in tests (`/node_modules/@fontsource/…/x.woff`), read from disk. */
export async function readFontFile(url: string): Promise<Uint8Array<ArrayBuffer>> {
  const file = new URL(url, 'http://test').pathname;
  if (!file.startsWith('/node_modules/')) throw new Error(`not a font file of the tests: ${url}`);
  return new Uint8Array(await readFile(path.join(ROOT, file)));
}

/** The fonts a certificate needs, loaded as the browser would, from disk. */
export async function fontsFor(certificate: Omit<CertificateDocument, 'logo'>): Promise<CertificateFonts> {
  const fonts = await loadCertificateFonts(certificate, readFontFile);
  if (!fonts) throw new Error('the certificate fonts could not be read');
  return fonts;
}

/** The file name of a font URL (`noto-sans-latin-400-normal.woff`). */
export const fontFileName = (url: string) => path.basename(new URL(url, 'http://test').pathname);
