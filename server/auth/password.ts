import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Shortest password `npm run users` accepts. */
export const PASSWORD_MIN_LENGTH = 8;

const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))));
}

const maxmemFor = (p: { N: number; r: number }) => 256 * p.N * p.r;

/**
 * A self-describing scrypt hash: `scrypt$N=32768,r=8,p=1$<salt base64url>$<key base64url>`, so
 * stronger parameters can be chosen later without breaking stored hashes.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: maxmemFor(PARAMS) });
  return `scrypt$N=${PARAMS.N},r=${PARAMS.r},p=${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True when `password` matches `stored` (constant-time comparison); false for a hash it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(stored);
  if (!match) return false;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Refuse parameters no hash of ours has: a corrupted row must not make a login allocate gigabytes.
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(match[4], 'base64url');
  const expected = Buffer.from(match[5], 'base64url');
  if (expected.length < 16) return false;
  const key = await scryptAsync(password, salt, expected.length, { N, r, p, maxmem: maxmemFor({ N, r }) });
  return timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of one verification, so an unknown email answers as slowly as a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
}
