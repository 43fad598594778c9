import { lazy, Suspense } from 'react';
import { usePageData } from '../viewer/PageDataContext';

// Only a logged-in user (private shares) has an account to show and log out of: its menu is a chunk of its own.
const AccountMenu = lazy(() => import('./AccountMenu'));

/** The logged-in user's account menu in a header (material and collection pages); nothing for anyone else. */
export function AccountControl() {
  const { user } = usePageData();
  return user ? (
    <Suspense fallback={null}>
      <AccountMenu />
    </Suspense>
  ) : null;
}
