import { useNavigate } from '@tanstack/react-router';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from '../i18n/react';
import { Button } from '../ui/Button';
import { FulltextResults } from './FulltextResults';
import { SearchTextField } from './SearchControls';
import { useFulltextSearch } from './useFulltextSearch';

/** Width of the full-text search panel (spec section 9). */
export const FULLTEXT_PANEL_WIDTH_PX = 640;

/**
 * The full-text search panel (spec section 2): a drawer on the right titled Search Material, open
 * while the address says `search=true`, its query in the address too. It searches the open material;
 * opening a hit (or Escape, or the close button) closes it.
 */
export default function FulltextPanel({ materialId, inCollection, q }: { materialId: string; inCollection: boolean; q: string | undefined }) {
  const { t } = useTranslation('viewer');
  const navigate = useNavigate();
  const actor = useFulltextSearch({ materialId }, q);
  const close = () => void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, search: undefined, q: undefined }), replace: true });
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && close()} className="fixed inset-0 z-50 bg-black/30">
      <Modal
        className="fixed inset-y-0 right-0 flex w-full flex-col bg-white shadow-xl outline-none"
        style={{ maxWidth: FULLTEXT_PANEL_WIDTH_PX }}
        data-testid="fulltext-panel"
      >
        <Dialog className="flex h-full flex-col outline-none">
          <div className="flex items-center justify-between gap-3 border-b border-gray-200 px-5 py-3">
            <Heading slot="title" className="text-lg font-semibold text-gray-900">
              {t('search.title')}
            </Heading>
            <Button variant="icon" onPress={close} aria-label={t('search.close')}>
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden>
                <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Button>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">
            <SearchTextField actor={actor} label={t('search.field')} hideLabel autoFocus />
            <FulltextResults actor={actor} inCollection={inCollection} />
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
