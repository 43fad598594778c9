import { Icon } from '../../paint/Icon';

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

/** The type icon of a full-text hit (spec section 2), with the kind as its accessible name. */
export function ResultTypeIcon({ modelName, label }: { modelName: string; label: string }) {
  return (
    <Icon name={iconKindOf(modelName)} className="mt-0.5 size-5 shrink-0 text-primary-700" strokeWidth={1.8} label={label} />
  );
}
