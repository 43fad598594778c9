/*
 * Live regions for the page, one polite and one assertive, kept in the document: screen readers read
 * changes of a region that is already there, but not reliably a region that is added with its text (a
 * feedback box that appears). The page's html brings both (index.html), so they are there from the first
 * paint; a document without them (a test's) gets them on first use. A region is made empty and its text
 * set a moment later; a message said again is cleared first, so it is read again. Messages said within
 * that moment are read together, in order (an answer's feedback and the chapter it completed).
 */

/** How long after clearing a region its new text is set (long enough for screen readers to see a change). */
export const ANNOUNCE_DELAY_MS = 100;

type Politeness = 'polite' | 'assertive';
type Region = { pending: ReturnType<typeof setTimeout> | undefined; queued: string[] };

const regions: Record<Politeness, Region> = {
  polite: { pending: undefined, queued: [] },
  assertive: { pending: undefined, queued: [] },
};

/** The page's region of this politeness (`#live-polite`, `#live-assertive`), added to the body when missing. */
function regionElement(politeness: Politeness): HTMLElement {
  const id = `live-${politeness}`;
  const found = document.getElementById(id);
  if (found) return found;
  const element = document.createElement('div');
  element.id = id;
  element.setAttribute('aria-live', politeness);
  element.setAttribute('data-live-announcer', politeness);
  element.className = 'sr-only';
  document.body.append(element);
  return element;
}

function announce(message: string, politeness: Politeness): void {
  if (typeof document === 'undefined' || !message.trim()) return;
  const region = regions[politeness];
  region.queued.push(message.replace(/\s+/g, ' ').trim());
  if (region.pending !== undefined) return;
  const target = regionElement(politeness);
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
