import type { GuestSession } from '../../model/pageData';
import { showToast } from '../ui/toasts';
import { guestLink } from './guestLink';

/**
 * Copies the link to continue later (the guest session machine's `copyLink`): when the browser refuses
 * (no clipboard, no permission) the machine hears `link.copyFailed`, so that no "Copied" shows, and an
 * error toast asks the learner to copy the address themselves.
 */
export function copyGuestLink(
  machine: { send(event: { type: 'link.copyFailed' }): void },
  session: GuestSession | null,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = navigator.clipboard,
): void {
  if (!session) return;
  const failed = () => {
    machine.send({ type: 'link.copyFailed' });
    showToast({ kind: 'error', title: 'guest.copyFailed' }, 8000);
  };
  if (clipboard) clipboard.writeText(guestLink(window.location.href, session.publicId)).catch(failed);
  else failed();
}
