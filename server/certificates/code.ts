import { createHash, randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '../../model/certificates';

/*
 * Verification codes: 11 characters drawn uniformly from Crockford base32 (55 random bits), then a
 * check character. The check character is the first 5 bits of the SHA-256 of the 11, so a mistyped
 * or swapped character is caught (31 in 32) before anything is looked up as a near miss.
 */

const DATA_LENGTH = CODE_LENGTH - 1;

/** The check character of the first 11 characters of a code. */
export function checkCharacter(data: string): string {
  return CODE_ALPHABET[createHash('sha256').update(data).digest()[0] >> 3];
}

/** A new, unguessable code. */
export function newCertificateCode(): string {
  let data = '';
  for (let i = 0; i < DATA_LENGTH; i++) data += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return data + checkCharacter(data);
}

/** Whether a normalized code's check character fits (computed in full whatever the answer). */
export function hasValidCheck(code: string): boolean {
  return checkCharacter(code.slice(0, DATA_LENGTH)) === code.slice(DATA_LENGTH);
}
