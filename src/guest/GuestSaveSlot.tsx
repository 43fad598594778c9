import { lazyPart } from '../ui/lazyPart';
import { useGuestSessionActor } from './GuestSessionProvider';

// Only shares that save guest sessions show it: the others do not load it.
const GuestControl = lazyPart(() => import('./GuestControl').then((module) => module.default));

/** A header's guest-save control (spec section 2), on the shares that save guest sessions only. */
export function GuestSaveSlot() {
  return useGuestSessionActor() === null ? null : <GuestControl />;
}
