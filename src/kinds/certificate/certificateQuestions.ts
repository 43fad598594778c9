/** A certificate text's `[questions]` block: the marker, then `[id]`s with tags or spaces between (spec section 5). */
export const QUESTIONS_BLOCK = /\[questions\](?:\s*(?:<[^>]*>)*\s*\[[A-Za-z0-9_-]+\])*/;

/** The element ids listed in a certificate text's `[questions]` block. */
export function certificateQuestionIds(content: string): string[] {
  const block = QUESTIONS_BLOCK.exec(content);
  if (!block) return [];
  return [...block[0].slice('[questions]'.length).matchAll(/\[([A-Za-z0-9_-]+)\]/g)].map((m) => m[1]);
}
