import type { ReactNode } from 'react';
import { Dialog } from 'react-aria-components/Dialog';
import { Heading } from 'react-aria-components/Heading';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { Button } from './Button';
import { withTooltip } from './withTooltip';
import { Icon, type IconName } from '../../paint/Icon';

/**
 * The right-side sidebar drawer (spec section 2, generic interface pieces): a modal dialog at the
 * right edge, `width` px at most, with its title bar, a close button and a scrolling body. Escape, a
 * press outside and the close button call `onClose`. The title bar has two modes (spec section 2,
 * modal title bar): by default the panel's `icon` before the title; with `back`, an arrow there that
 * goes back (a detail view's way to its list).
 */
export function SidePanel({ title, closeLabel, width, onClose, icon, back, testId, children }: {
  title: string;
  closeLabel: string;
  width: number;
  onClose: () => void;
  icon: IconName;
  back?: { label: string; onPress: () => void };
  testId?: string;
  children: ReactNode;
}) {
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="fixed inset-0 z-50 bg-black/30 animate-overlay-fade motion-reduce:animate-none">
      <Modal className="fixed inset-y-0 end-0 flex w-full flex-col bg-white shadow-xl outline-none animate-sidebar-slide motion-reduce:animate-none" style={{ maxWidth: width }} data-testid={testId}>
        <Dialog className="flex h-full flex-col outline-none">
          <div className="flex items-center gap-3 border-b border-gray-200 px-5 py-3" data-mode={back ? 'back' : 'default'}>
            {back ? (
              <Button variant="icon" onPress={back.onPress} aria-label={back.label} {...withTooltip} data-testid="panel-back">
                <Icon name="chevron-left" className="size-5" />
              </Button>
            ) : (
              <Icon name={icon} className="size-5 shrink-0 text-primary-700" />
            )}
            <Heading slot="title" className="flex-1 text-lg font-semibold text-gray-900">
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
