/** The address a guest notes to come back: the current page with `guestSessionId` set. */
export function guestLink(href: string, guestSessionId: string): string {
  const url = new URL(href);
  url.searchParams.set('guestSessionId', guestSessionId);
  url.hash = '';
  return url.toString();
}
