const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * `length` unguessable url-safe characters (letters, digits, "-" and "_": 6 random bits each) from
 * crypto.getRandomValues, which pages have also where crypto.randomUUID is missing (insecure contexts).
 */
export function randomUrlSafe(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 is a multiple of 64: every character is equally likely.
  return Array.from(bytes, (byte) => URL_SAFE[byte & 63]).join('');
}
