import { emptyRichText, normalizeRichText, type RichTextDoc } from './richTextDoc';

/** JSON with keys sorted: equal documents give equal text whatever order their keys came in (jsonb reorders them). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Two notes say the same once normalised: how the browser decides a note changed and how the server
 * checks oldValues against the stored value. None and an empty document are the same.
 */
export function sameNote(a: RichTextDoc | null | undefined, b: RichTextDoc | null | undefined): boolean {
  return canonicalJson(normalizeRichText(a ?? emptyRichText())) === canonicalJson(normalizeRichText(b ?? emptyRichText()));
}
