import { hasShell } from './shell';

/**
 * The router's scroll restoration, told when to act (its `scrollRestoration` option). After a render it puts the
 * window at the top, at the address's `#element`, or where the learner left the page before a reload. Not after
 * the render that takes over the server's first paint (`#shell`): the browser has placed the window already (at the
 * top, at the `#element`, where it was before a reload) and the learner may have scrolled or started answering since
 * (the app used to take them back to the top, or pull the element they had scrolled away from into view again).
 * Only an `#element` the first paint did not hold (the browser found nothing to scroll to) is scrolled to then, as
 * long as the window has not moved.
 */
export function scrollRestorationAfterTakeover(doc: Document = document) {
  let takingOver = hasShell(doc);
  return ({ location }: { location: { hash: string } }): boolean => {
    if (!takingOver) return true;
    takingOver = false;
    return location.hash !== '' && (doc.defaultView?.scrollY ?? 0) === 0;
  };
}
