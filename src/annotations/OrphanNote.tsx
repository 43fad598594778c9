import { useAnnotationTexts } from './useAnnotationTexts';
import { Icon } from '../../paint/Icon';

/**
 * The note on an orphaned annotation (its marked passage is gone from the material, so no mark shows
 * it in the text): the panel's card and detail view say so; the annotation stays, to read, edit or delete.
 */
export function OrphanNote({ className = '' }: { className?: string }) {
  const t = useAnnotationTexts();
  return (
    <p data-testid="annotation-orphaned" className={`flex items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900 ${className}`}>
      <Icon name="alert" className="size-4 shrink-0" />
      {t('orphan.note')}
    </p>
  );
}
