import type { ToastQueue } from 'react-stately/useToastState';

/** Error toasts stay this long (spec section 9). */
export const ERROR_TOAST_MS = 8000;

/**
 * A toast at the bottom right (spec section 2): the texts are i18n keys of the viewer namespace,
 * translated when shown, so a language switch applies to open toasts too.
 */
export type ToastContent = {
  kind: 'error' | 'success' | 'default';
  title: string;
  description?: string;
  /** A button in the toast (its label an i18n key too); pressing it runs `onAction` and closes the toast. */
  action?: { label: string; onAction: () => void };
};

type Queue = ToastQueue<ToastContent>;

let queue: Queue | null = null;
let loading: Promise<Queue> | null = null;
const waiting = new Set<() => void>();

/**
 * The one queue of the page (react-stately's; `<Toasts />` renders it), made with the first toast:
 * most visits never show one, so the first paint goes without it. A failed load is forgotten.
 */
export function loadToastQueue(): Promise<Queue> {
  loading ??= import('react-stately/useToastState').then(
    ({ ToastQueue }) => {
      queue ??= new ToastQueue<ToastContent>({ maxVisibleToasts: 4 });
      for (const arrived of [...waiting]) arrived();
      return queue;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The queue once a toast has been shown (or `loadToastQueue()` resolved); null before. */
export function currentToastQueue(): Queue | null {
  return queue;
}

/** Calls `listener` when the visible toasts change, the queue's arrival included. */
export function subscribeToToasts(listener: () => void): () => void {
  let unsubscribe = queue?.subscribe(listener);
  const arrived = () => {
    unsubscribe ??= queue?.subscribe(listener);
    listener();
  };
  if (!unsubscribe) waiting.add(arrived);
  return () => {
    waiting.delete(arrived);
    unsubscribe?.();
  };
}

/** Shows a toast; without `timeoutMs` it stays until closed. */
export function showToast(content: ToastContent, timeoutMs?: number): void {
  const add = (to: Queue) => void to.add(content, timeoutMs ? { timeout: timeoutMs } : undefined);
  if (queue) add(queue);
  else loadToastQueue().then(add, (error: unknown) => console.error('A toast could not be shown:', content, error));
}

/**
 * A failed model call (spec section 8): 409 says the resource was modified meanwhile, anything else
 * is the generic error; shown for 8 s.
 */
export function showGatewayError(error: unknown): void {
  const conflict = statusOf(error) === 409;
  showToast(
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
