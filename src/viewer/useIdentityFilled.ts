import { useContext } from 'react';
import { fillIdentityPlaceholders } from '../../model/identityPlaceholders';
import { PageDataContext } from '../../paint/PageDataContext';

/** `url` with the identity placeholders filled in for whoever views the page (spec section 5). */
export function useIdentityFilled(url: string): string {
  const pageData = useContext(PageDataContext);
  return fillIdentityPlaceholders(url, { user: pageData?.user, guestSession: pageData?.guestSession });
}
