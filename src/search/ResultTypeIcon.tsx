/** The kinds of hit a type icon tells apart. */
type IconKind = 'material' | 'chapter' | 'question' | 'media' | 'text';

const QUESTIONS = /Question|Exercise|FreeTextInput|^Choice$|Barrier|Certificate/;
const MEDIA = /Image|Hotspot|Link|IFrame|HtmlElement/;

export function iconKindOf(modelName: string): IconKind {
  if (modelName === 'Material') return 'material';
  if (modelName === 'Chapter' || modelName === 'Path') return 'chapter';
  if (QUESTIONS.test(modelName)) return 'question';
  if (MEDIA.test(modelName)) return 'media';
  return 'text';
}

const PATHS: Record<IconKind, string> = {
  material: 'M4 5a2 2 0 0 1 2-2h12v16H6a2 2 0 0 0-2 2zM4 19V5M8 7h6',
  chapter: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  question: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  media: 'M4 5h16v14H4zM4 15l4-4 5 5 3-3 4 4M15 9h.01',
  text: 'M6 3h9l4 4v14H6zM9 12h7M9 16h7M9 8h3',
};

/** The type icon of a full-text hit (spec section 2), with the kind as its accessible name. */
export function ResultTypeIcon({ modelName, label }: { modelName: string; label: string }) {
  return (
    <svg viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0 text-primary-700" role="img" aria-label={label}>
      <path d={PATHS[iconKindOf(modelName)]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
