import { useAnnotationTexts } from './useAnnotationTexts';

/**
 * The note on an orphaned annotation (its marked passage is gone from the material, so no mark shows
 * it in the text): the panel's card and detail view say so; the annotation stays, to read, edit or delete.
 */
export function OrphanNote({ className = '' }: { className?: string }) {
  const t = useAnnotationTexts();
  return (
    <p data-testid="annotation-orphaned" className={`flex items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900 ${className}`}>
      <svg viewBox="0 0 24 24" className="size-4 shrink-0" aria-hidden>
        <path d="M12 8v5M12 16.5v.5M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('orphan.note')}
    </p>
  );
}
