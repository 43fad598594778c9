import { lazy, Suspense } from 'react';
import { useGuestSessionActor } from './GuestSessionProvider';

// Only shares that save guest sessions show it: the others do not load it.
const GuestControl = lazy(() => import('./GuestControl'));

/** A header's guest-save control (spec section 2), on the shares that save guest sessions only. */
export function GuestSaveSlot() {
  if (useGuestSessionActor() === null) return null;
  return (
    <Suspense fallback={null}>
      <GuestControl />
    </Suspense>
  );
}
