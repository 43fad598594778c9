import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentToastQueue, subscribeToToasts } from './toasts';

const ToastRegion = lazy(() => import('./ToastRegion'));

/** The toast region, loaded with the first toast (most visits never show one). */
export function Toasts() {
  const count = useSyncExternalStore(subscribeToToasts, () => currentToastQueue()?.visibleToasts.length ?? 0);
  if (!count) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
