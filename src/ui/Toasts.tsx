import { useSyncExternalStore } from 'react';
import { lazyPart } from './lazyPart';
import { currentToastQueue, subscribeToToasts } from './toasts';

const ToastRegion = lazyPart(() => import('./ToastRegion').then((module) => module.default));

/** The toast region, loaded with the first toast (most visits never show one). */
export function Toasts() {
  const count = useSyncExternalStore(subscribeToToasts, () => currentToastQueue()?.visibleToasts.length ?? 0);
  if (!count) return null;
  return <ToastRegion />;
}
