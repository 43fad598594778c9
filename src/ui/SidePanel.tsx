import type { ReactNode } from 'react';
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { Button } from './Button';
import { withTooltip } from './withTooltip';
import { Icon } from './Icon';

/**
 * The right-side sidebar drawer (spec section 2, generic interface pieces): a modal dialog at the
 * right edge, `width` px at most, with its title, a close button and a scrolling body. Escape, a press
 * outside and the close button call `onClose`.
 */
export function SidePanel({ title, closeLabel, width, onClose, testId, children }: {
  title: string;
  closeLabel: string;
  width: number;
  onClose: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="fixed inset-0 z-50 bg-black/30 animate-overlay-fade motion-reduce:animate-none">
      <Modal className="fixed inset-y-0 right-0 flex w-full flex-col bg-white shadow-xl outline-none animate-sidebar-slide motion-reduce:animate-none" style={{ maxWidth: width }} data-testid={testId}>
        <Dialog className="flex h-full flex-col outline-none">
          <div className="flex items-center justify-between gap-3 border-b border-gray-200 px-5 py-3">
            <Heading slot="title" className="text-lg font-semibold text-gray-900">
              {title}
            </Heading>
            <Button variant="icon" onPress={onClose} aria-label={closeLabel} {...withTooltip}>
              <Icon name="close" className="size-5" />
            </Button>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
