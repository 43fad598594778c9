import { createHash, createHmac } from 'node:crypto';

/*
 * The identifiers statements carry, each derived from the installation's secret (server/xapi/secret.ts)
 * so that nobody without it can tell from a statement which guest session or account it is about,
 * and so that the same input gives the same identifier on every server and after every restart.
 */

/** What a learner is to the server: `user:ID` or `guest:SESSION` (never sent). */
export type LearnerIdentity = string;

const hmacHex = (secret: string, parts: readonly string[]) => createHmac('sha256', secret).update(parts.join('\n')).digest('hex');

// The namespace of the name-based UUIDs below (a fixed random UUID of this product).
const NAMESPACE = Buffer.from('6f1d6c2e8a9b4c57a1f3d2e4b5c6a7d8', 'hex');

/** An RFC 4122 version-5 UUID (SHA-1, name-based) of `name` in this product's namespace. */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The account name of a learner's actor: stable, pseudonymous (an HMAC of the identity), 32 hex digits. */
export const learnerAccountName = (secret: string, learner: LearnerIdentity): string => hmacHex(secret, ['learner', learner]).slice(0, 32);

/** The registration of a learner on a share: one UUID per (share, learner). */
export const registrationOf = (secret: string, shareId: string, learner: LearnerIdentity): string =>
  nameBasedUuid(hmacHex(secret, ['registration', shareId, learner]));

/** A statement's id: the share, the learner, the tracked event and which statement of that event (`part`). */
export const statementIdOf = (secret: string, shareId: string, learner: LearnerIdentity, eventId: string, part: string): string =>
  nameBasedUuid(hmacHex(secret, ['statement', shareId, learner, eventId, part]));
