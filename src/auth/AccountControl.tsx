import { lazyPart } from '../ui/lazyPart';
import { usePageData } from '../../paint/PageDataContext';

// Only a logged-in user (private shares) has an account to show and log out of: its menu is a chunk of its own.
const AccountMenu = lazyPart(() => import('./AccountMenu').then((module) => module.default));

/** The logged-in user's account menu in a header (material and collection pages); nothing for anyone else. */
export function AccountControl() {
  const { user } = usePageData();
  return user ? <AccountMenu /> : null;
}
