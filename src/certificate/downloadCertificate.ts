import type { CertificateDocument } from './buildCertificatePdf';
import type { VerificationRequest } from './verification';

/** The logo image, or undefined when there is none or it cannot be fetched (the PDF is made without it). */
async function fetchLogo(url: string | undefined): Promise<Uint8Array | undefined> {
  if (!url) return undefined;
  try {
    const response = await fetch(url);
    if (!response.ok) return undefined;
    return new Uint8Array(await response.arrayBuffer());
  } catch {
    return undefined;
  }
}

/** Hands the browser a file to save, as a link with `download` would. */
function saveFile(bytes: Uint8Array, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Starts fetching the PDF code (pdf-lib with its font engine, the largest chunk of the app) ahead of
 * a likely download: the learner points at or focuses the download. Safe to call often.
 */
export function prepareCertificateDownload(): void {
  void import('./buildCertificatePdf').catch(() => undefined);
}

/** What the PDF says about checking it, in the learner's language. */
export type VerificationLabels = { code: (code: string) => string; at: (url: string) => string };

/**
 * Builds the certificate PDF in the browser and saves it. pdf-lib and the font files its text needs
 * are loaded here, on a download, so they never weigh on the first paint of a page. With `verify`,
 * the server's verification code and the QR code of its address are printed too, when the server
 * gives them in time (./verification.ts, in the PDF code's chunk: asked for once that has loaded).
 */
export async function downloadCertificate(
  certificate: Omit<CertificateDocument, 'logo'>,
  options: { logoUrl?: string; fileName: string; verify?: { request: VerificationRequest; labels: VerificationLabels } },
): Promise<void> {
  const { verify } = options;
  const pdfCode = import('./buildCertificatePdf');
  const [{ buildCertificatePdf }, fonts, logo, verification] = await Promise.all([
    pdfCode,
    import('./certificateFonts').then(({ loadCertificateFonts }) => loadCertificateFonts(certificate)),
    fetchLogo(options.logoUrl),
    verify ? pdfCode.then(({ certificateVerification }) => certificateVerification(verify.request)) : null,
  ]);
  const printed = verification && verify ? { lines: [verify.labels.code(verification.printedCode), verify.labels.at(verification.verifyUrl)], qr: verification.qr } : undefined;
  const bytes = await buildCertificatePdf({ ...certificate, logo, verification: printed }, fonts);
  saveFile(bytes, options.fileName, 'application/pdf');
}
