import { highlightPattern, type Highlight } from '../../model/highlight';

/** Element lookup for scrollTo/highlight: 10 tries at 100 ms (spec section 9). */
export const LOOKUP_TRIES = 10;
export const LOOKUP_INTERVAL_MS = 100;

/** An element whose own code is still loading shows a placeholder marked `data-pending` (src/elements/ElementView.tsx). */
export const isRendered = (element: HTMLElement) => !element.querySelector('[data-pending]');

/**
 * Finds the element with `id` as the app renders it, retrying while the page renders; resolves null
 * after the last try (the spec's "node not found after 10 attempts", logged by the caller).
 */
export function findWithRetry(id: string, doc: Document = document): { promise: Promise<HTMLElement | null>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const promise = new Promise<HTMLElement | null>((resolve) => {
    const attempt = (n: number) => {
      if (cancelled) return resolve(null);
      const found = doc.getElementById(id);
      // A frame of the server's first paint (src/viewer/shell.ts) is about to be replaced by the app's element.
      if (found && !found.hasAttribute('data-shell-element')) return resolve(found);
      if (n >= LOOKUP_TRIES) return resolve(null);
      timer = setTimeout(() => attempt(n + 1), LOOKUP_INTERVAL_MS);
    };
    attempt(1);
  });
  return { promise, cancel: () => { cancelled = true; if (timer) clearTimeout(timer); } };
}

/** How long an element found may take to show its content (its code loading) before it is highlighted anyway. */
export const RENDER_WAIT_MS = 15_000;

/**
 * Calls `then` once the element shows its content rather than the placeholder of its loading code
 * (at once when it does), checking every 100 ms for at most RENDER_WAIT_MS; the returned function
 * stops waiting.
 */
export function whenRendered(element: HTMLElement, then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = Date.now();
  const check = () => {
    if (isRendered(element) || Date.now() - started >= RENDER_WAIT_MS) then();
    else timer = setTimeout(check, LOOKUP_INTERVAL_MS);
  };
  check();
  return () => {
    if (timer) clearTimeout(timer);
  };
}

/** Wraps every match of `highlight` inside `root` (text not marked yet) in a <mark>; a blank one does nothing. */
export function highlightMatches(root: HTMLElement, highlight: Highlight): number {
  const pattern = highlightPattern(highlight);
  if (!pattern) return 0;
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: [Text, RegExpExecArray[]][] = [];
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (node.parentElement?.closest('mark[data-highlight]')) continue;
    const matches = [...node.data.matchAll(pattern)];
    if (matches.length) found.push([node, matches]);
  }
  let count = 0;
  for (const [node, matches] of found) {
    // From the last match back: the node keeps the text in front of each.
    for (const match of matches.reverse()) {
      const marked = node.splitText(match.index);
      marked.splitText(match[0].length);
      const mark = root.ownerDocument.createElement('mark');
      mark.dataset.highlight = '';
      marked.replaceWith(mark);
      mark.appendChild(marked);
      count++;
    }
  }
  return count;
}

/**
 * Opens what hides the marks inside `root`: each folded panel around one (`hidden="until-found"`, a
 * foldable) gets the `beforematch` event the browser's find-in-page sends it, outermost first, so
 * the element's own code opens it the way find-in-page does. Returns how many it opened.
 */
export function revealMarks(root: HTMLElement): number {
  const folded: HTMLElement[] = [];
  for (const mark of root.querySelectorAll('mark[data-highlight]')) {
    for (let node = mark.parentElement; node && root.contains(node); node = node.parentElement) {
      if (node.getAttribute('hidden') === 'until-found' && !folded.includes(node)) folded.push(node);
    }
  }
  const depth = (node: Element) => {
    let n = 0;
    for (let up = node.parentElement; up; up = up.parentElement) n++;
    return n;
  };
  folded.sort((a, b) => depth(a) - depth(b));
  for (const panel of folded) panel.dispatchEvent(new Event('beforematch'));
  return folded.length;
}
