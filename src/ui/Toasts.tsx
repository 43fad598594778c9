import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastQueue } from './toasts';

const ToastRegion = lazy(() => import('./ToastRegion'));

/** The toast region, loaded with the first toast (most visits never show one). */
export function Toasts() {
  const count = useSyncExternalStore(
    (listener) => toastQueue.subscribe(listener),
    () => toastQueue.visibleToasts.length,
  );
  if (!count) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
