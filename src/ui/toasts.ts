import { ToastQueue } from 'react-stately/useToastState';

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
  const conflict = statusOf(error) === 409;
  return showToast(
    conflict
      ? { kind: 'error', title: 'toasts.conflictTitle', description: 'toasts.conflictMessage' }
      : { kind: 'error', title: 'toasts.genericTitle', description: 'toasts.genericMessage' },
    ERROR_TOAST_MS,
  );
}

function statusOf(error: unknown): number | undefined {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

/** Statuses the viewer answers with its error view instead (not found, no access): no toast for them. */
const SHOWN_AS_ERROR_VIEW = new Set([403, 404]);

/** Whether a failed model call gets the gateway toast. */
export function toastsGatewayError(error: unknown): boolean {
  const status = statusOf(error);
  return status === undefined || !SHOWN_AS_ERROR_VIEW.has(status);
}
