import type { PageData } from '../../model/pageData';

/**
 * Whether the visitor may annotate (spec section 6): the share is private (the visitor is logged in)
 * or a guest session exists, and the viewer's canAnnotate permission (whose source is not shown) is
 * true. Never in a preview. Small on purpose: the header asks it on the first route.
 */
export function mayAnnotateOf(page: Pick<PageData, 'shareSettings' | 'guestSession' | 'preview'> & Partial<Pick<PageData, 'user'>>, canAnnotate = true): boolean {
  if (!canAnnotate || page.preview) return false;
  return page.shareSettings.private ? page.user !== null && page.user !== undefined : page.guestSession !== null;
}
