/*
 * One polite live region for the page, kept in the document: screen readers read changes of a region
 * that is already there, but not reliably a region that is added with its text (a feedback box that
 * appears). The region is made empty on first use and its text set a moment later; a message said again
 * is cleared first, so it is read again.
 */

/** How long after clearing the region its new text is set (long enough for screen readers to see a change). */
export const ANNOUNCE_DELAY_MS = 100;

let region: HTMLElement | null = null;
let pending: ReturnType<typeof setTimeout> | undefined;

/** Says `message` to screen readers when they are idle (`aria-live="polite"`). */
export function announcePolitely(message: string): void {
  if (typeof document === 'undefined' || !message.trim()) return;
  if (!region?.isConnected) {
    region = document.createElement('div');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('data-live-announcer', '');
    region.className = 'sr-only';
    document.body.append(region);
  }
  const target = region;
  target.textContent = '';
  clearTimeout(pending);
  pending = setTimeout(() => {
    target.textContent = message.replace(/\s+/g, ' ').trim();
  }, ANNOUNCE_DELAY_MS);
}
