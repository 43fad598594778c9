import { lazy, Suspense } from 'react';
import type { IFrame } from '../model/elements';

const EmbeddedPageFrame = lazy(() => import('./EmbeddedPageFrame'));

/** An external resource shown as a page (./EmbeddedPageFrame.tsx), a chunk of its own: few pages are one. */
export function EmbeddedPage({ resource }: { resource: IFrame }) {
  return (
    <Suspense fallback={null}>
      <EmbeddedPageFrame resource={resource} />
    </Suspense>
  );
}
