import { lazy, Suspense } from 'react';
import type { ErrorViewProps } from './ErrorMessage';

const ErrorMessage = lazy(() => import('./ErrorMessage'));

/**
 * The generic error view (./ErrorMessage.tsx), a chunk of its own: most visits never show it, so the
 * first route goes without it. The service worker keeps every chunk, so it shows offline too.
 */
export function ErrorView(props: ErrorViewProps) {
  return (
    <Suspense fallback={null}>
      <ErrorMessage {...props} />
    </Suspense>
  );
}
