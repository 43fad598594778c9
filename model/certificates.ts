import * as z from 'zod/mini';
import { ModelId } from './common';
import { GuestSessionId } from './tracking';

/*
 * Verifiable certificates (docs/certificates.md): what the viewer asks when it makes a certificate's
 * PDF, and what anyone checking a verification code hears. Client and server parse with these.
 */

/** The code's alphabet: Crockford base32 (no I, L, O, U). */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Length of a verification code: 11 random characters (55 bits) and a check character. */
export const CODE_LENGTH = 12;

/**
 * A code as typed: upper case, without spaces and hyphens, with the letters Crockford base32 reads
 * as digits (I and L as 1, O as 0); null when it cannot be a code's shape.
 */
export function normalizeCode(typed: string): string | null {
  const plain = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (plain.length !== CODE_LENGTH) return null;
  for (const c of plain) if (!CODE_ALPHABET.includes(c)) return null;
  return plain;
}

/** A code as printed: three groups of four (`ABCD-EFGH-JKMN`). */
export const formatCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** `POST /api/shares/{shareId}/certificates`: the certificate element the learner reached, and who they are. */
export const CertificateIssueBody = z.strictObject({
  certificateId: ModelId,
  /** The guest session of a guest share; null for the logged-in user of a private share. */
  guestSessionId: z.nullable(GuestSessionId),
});
export type CertificateIssueBody = z.infer<typeof CertificateIssueBody>;

/** What the certificate says, as anyone checking its code may read it. */
export const CertifiedFacts = z.strictObject({
  learnerName: z.string(),
  materialTitle: z.string(),
  certificateTitle: z.string(),
  validity: z.string(),
  /** ISO date-time the certificate was issued (its issue date). */
  issuedOn: z.string(),
  issuer: z.strictObject({ name: z.string(), url: z.string() }),
});
export type CertifiedFacts = z.infer<typeof CertifiedFacts>;

/** The answer of the issue call: the code, where it is checked, and the signed credential (a compact JWS). */
export const CertificateIssued = z.strictObject({
  code: z.string(),
  verifyUrl: z.string(),
  credential: z.string(),
  facts: CertifiedFacts,
});
export type CertificateIssued = z.infer<typeof CertificateIssued>;

/** `GET /api/verify/{code}`: valid, revoked (when and why) or unknown; nothing else about the learner. */
export const VerifyAnswer = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('valid'), code: z.string(), facts: CertifiedFacts }),
  z.strictObject({ status: z.literal('revoked'), code: z.string(), facts: CertifiedFacts, revokedAt: z.string(), reason: z.string() }),
  z.strictObject({ status: z.literal('unknown'), code: z.string() }),
]);
export type VerifyAnswer = z.infer<typeof VerifyAnswer>;
