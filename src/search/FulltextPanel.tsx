import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCatalogueTexts } from './catalogueTexts';
import { SidePanel } from '../ui/SidePanel';
import { useOverlay } from '../ui/useOverlay';
import { FulltextResults } from './FulltextResults';
import { SearchTextField } from './SearchControls';
import { useFulltextSearch } from './useFulltextSearch';

/** Width of the full-text search panel (spec section 9). */
export const FULLTEXT_PANEL_WIDTH_PX = 640;

/** The panel's id in the page's overlay stack. */
export const FULLTEXT_PANEL_OVERLAY_ID = 'fulltext-panel';

/**
 * The full-text search panel (spec section 2): a drawer on the right titled Search Material, open
 * while the address says `search=true`, its query in the address too. It searches the open material;
 * opening a hit (or Escape, or the close button) closes it. While open it is the page's sidebar overlay
 * (spec section 4): another sidebar opening (the annotation panel) closes it, and it closes that one.
 */
export default function FulltextPanel({ materialId, inCollection, q }: { materialId: string; inCollection: boolean; q: string | undefined }) {
  const { t } = useCatalogueTexts();
  const navigate = useNavigate();
  const actor = useFulltextSearch({ materialId }, q);
  const close = () => void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, search: undefined, q: undefined }), replace: true });
  const { open: openOverlay } = useOverlay(FULLTEXT_PANEL_OVERLAY_ID, 'sidebar', { onDismiss: close });
  // Mounted only while the address says search=true; the overlay closes when it unmounts.
  useEffect(() => openOverlay(), [openOverlay]);
  return (
    <SidePanel icon="search" title={t('search.title')} closeLabel={t('search.close')} width={FULLTEXT_PANEL_WIDTH_PX} onClose={close} testId="fulltext-panel">
      <SearchTextField actor={actor} label={t('search.field')} hideLabel autoFocus />
      <FulltextResults actor={actor} inCollection={inCollection} />
    </SidePanel>
  );
}
