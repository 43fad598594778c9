import { emptyRichText, richTextToHtml, richTextToPlainText, type RichTextDoc } from '../../model/richTextDoc';
import type { Annotation, Comment } from '../../model/annotation';
import type { RenderEditor } from '../../src/annotations/AnnotationPanel';

/** A document of one paragraph per line; '' is the empty document. */
export function doc(text: string): RichTextDoc {
  if (!text) return emptyRichText();
  return { type: 'doc', content: text.split('\n').map((line) => (line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })) };
}

export function comment(over: Partial<Comment> & { id: string; text?: string }): Comment {
  const { text = 'A comment', ...rest } = over;
  const content = rest.content ?? doc(text);
  return {
    modelName: 'Comment',
    owner: { kind: 'guest', name: 'Gina Gast' },
    own: false,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    content,
    contentHtml: richTextToHtml(content),
    ...rest,
  };
}

export function annotation(over: Partial<Annotation> & { id: string; noteText?: string }): Annotation {
  const { noteText = '', ...rest } = over;
  const note = rest.note ?? doc(noteText);
  return {
    modelName: 'Annotation',
    owner: { kind: 'user', name: 'Ada Lovelace' },
    own: true,
    created_at: '2026-03-01T09:30:00.000Z',
    updated_at: '2026-03-01T09:30:00.000Z',
    text: 'marked passage',
    from: 0,
    to: 14,
    reference: 'text-1',
    note,
    noteHtml: richTextToHtml(note),
    comments: [],
    metadata: { shareId: 'share-1', path: '', materialId: 'material-1' },
    ...rest,
  };
}

/** The editor stand-in of the tests: a textarea of plain text. */
export const textareaEditor: RenderEditor = ({ value, onChange, label }) => (
  <textarea aria-label={label} value={richTextToPlainText(value)} onChange={(event) => onChange(doc(event.currentTarget.value))} />
);
