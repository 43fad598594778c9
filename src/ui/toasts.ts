import { ToastQueue } from 'react-stately/useToastState';
import { HttpError } from '../api/client';

/** Error toasts stay this long (spec section 9). */
export const ERROR_TOAST_MS = 8000;

/**
 * A toast at the bottom right (spec section 2): the texts are i18n keys of the viewer namespace,
 * translated when shown, so a language switch applies to open toasts too.
 */
export type ToastContent = { kind: 'error' | 'success' | 'default'; title: string; description?: string };

/** The one queue of the page; `<Toasts />` renders it. */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 4 });

/** Shows a toast; without `timeoutMs` it stays until closed. Answers its key. */
export function showToast(content: ToastContent, timeoutMs?: number): string {
  return toastQueue.add(content, timeoutMs ? { timeout: timeoutMs } : undefined);
}

/**
 * A failed model call (spec section 8): 409 says the resource was modified meanwhile, anything else
 * is the generic error; shown for 8 s.
 */
export function showGatewayError(error: unknown): string {
  const conflict = error instanceof HttpError && error.status === 409;
  return showToast(
    conflict
      ? { kind: 'error', title: 'toasts.conflictTitle', description: 'toasts.conflictMessage' }
      : { kind: 'error', title: 'toasts.genericTitle', description: 'toasts.genericMessage' },
    ERROR_TOAST_MS,
  );
}
