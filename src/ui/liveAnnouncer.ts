/*
 * Live regions for the page, one polite and one assertive, kept in the document: screen readers read
 * changes of a region that is already there, but not reliably a region that is added with its text (a
 * feedback box that appears). A region is made empty on first use and its text set a moment later; a
 * message said again is cleared first, so it is read again. Messages said within that moment are read
 * together, in order (an answer's feedback and the chapter it completed).
 */

/** How long after clearing a region its new text is set (long enough for screen readers to see a change). */
export const ANNOUNCE_DELAY_MS = 100;

type Politeness = 'polite' | 'assertive';
type Region = { element: HTMLElement | null; pending: ReturnType<typeof setTimeout> | undefined; queued: string[] };

const regions: Record<Politeness, Region> = {
  polite: { element: null, pending: undefined, queued: [] },
  assertive: { element: null, pending: undefined, queued: [] },
};

function announce(message: string, politeness: Politeness): void {
  if (typeof document === 'undefined' || !message.trim()) return;
  const region = regions[politeness];
  if (!region.element?.isConnected) {
    region.element = document.createElement('div');
    region.element.setAttribute('aria-live', politeness);
    region.element.setAttribute('data-live-announcer', politeness);
    region.element.className = 'sr-only';
    document.body.append(region.element);
  }
  const target = region.element;
  region.queued.push(message.replace(/\s+/g, ' ').trim());
  if (region.pending !== undefined) return;
  target.textContent = '';
  region.pending = setTimeout(() => {
    target.textContent = region.queued.join(' ');
    region.queued = [];
    region.pending = undefined;
  }, ANNOUNCE_DELAY_MS);
}

/** Says `message` to screen readers when they are idle (`aria-live="polite"`). */
export function announcePolitely(message: string): void {
  announce(message, 'polite');
}

/** Says `message` to screen readers at once, interrupting (`aria-live="assertive"`): for what the learner must know now. */
export function announceAssertively(message: string): void {
  announce(message, 'assertive');
}
