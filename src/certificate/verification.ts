import { create } from 'qrcode';
import { CertificateIssued, formatCode } from '../../model/certificates';
import { request } from '../api/client';

/** Where a certificate's verification is asked for: the share, the certificate element, and who asks. */
export type VerificationRequest = { apiBase: string; shareId: string; certificateId: string; guestSessionId: string | null };

/** What the PDF prints to be checked: the code, the address, and the QR code of the address as rows of dark modules. */
export type CertificateVerification = { code: string; printedCode: string; verifyUrl: string; qr: { size: number; dark: (row: number, col: number) => boolean } };

/**
 * Tries in all, the pause between, and how long all of them may take: the issue date the learner's
 * browser sends may reach the server just after the download starts.
 */
const ATTEMPTS = 3;
const PAUSE_MS = 1500;
const DEADLINE_MS = 6000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The learner's verification code from the server (POST /api/shares/{share}/certificates), with the
 * QR code of its verify address; null when the server gives none within DEADLINE_MS (the PDF is then
 * made without them: a certificate is never held back by its verification).
 */
export async function certificateVerification(ask: VerificationRequest): Promise<CertificateVerification | null> {
  const deadline = Date.now() + DEADLINE_MS;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const issued = await request(
        ask.apiBase,
        `shares/${encodeURIComponent(ask.shareId)}/certificates`,
        { certificateId: ask.certificateId, guestSessionId: ask.guestSessionId },
        CertificateIssued,
        AbortSignal.timeout(Math.max(deadline - Date.now(), 1)),
      );
      const { modules } = create(issued.verifyUrl, { errorCorrectionLevel: 'M' });
      return { code: issued.code, printedCode: formatCode(issued.code), verifyUrl: issued.verifyUrl, qr: { size: modules.size, dark: (row, col) => modules.get(row, col) === 1 } };
    } catch (error) {
      if (attempt === ATTEMPTS || deadline - Date.now() <= PAUSE_MS) {
        console.warn('The certificate has no verification code this time', error);
        return null;
      }
      await pause(PAUSE_MS);
    }
  }
  return null;
}
