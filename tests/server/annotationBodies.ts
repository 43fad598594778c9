import type { RichTextDoc } from '../../model/richTextDoc';

/** A note of plain paragraphs (an empty string: an empty paragraph). */
export const noteOf = (...paragraphs: string[]): RichTextDoc => ({
  type: 'doc',
  content: paragraphs.map((text) => (text ? { type: 'paragraph', content: [{ type: 'text', text }] } : { type: 'paragraph' })),
});

/**
 * The body of `POST /api/model/create` for an annotation of "Hello" in the rich fixture material
 * (tests/server/fixtures.ts), by a guest (`guestSessionId`) or the logged-in user (null). `model`
 * and `metadata` replace fields of the annotation and of its metadata.
 */
export function annotationCreateBody(
  shareId: string,
  guestSessionId: string | null,
  model: Record<string, unknown> = {},
  metadata: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    model: {
      modelName: 'Annotation',
      text: 'Hello',
      from: 0,
      to: 5,
      reference: 'm-rich-text',
      note: noteOf('My note'),
      ...model,
      metadata: { shareId, path: 'chapter-one', materialId: 'm-rich', ...metadata },
    },
    relations: {},
    guestSessionId,
  };
}
