/**
 * The initials of an avatar (spec section 5): the first letters of the first two words, the first
 * two letters of a single word, or `??` when the name is empty. Letters, not UTF-16 halves.
 */
export function avatarInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '??';
  const letters = words.length === 1 ? [...words[0]].slice(0, 2) : words.slice(0, 2).map((word) => [...word][0]);
  return letters.join('').toLocaleUpperCase();
}
