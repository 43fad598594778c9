import { useEffect } from 'react';
import { highlightKey, type Highlight } from '../../model/highlight';
import { findWithRetry, highlightMatches, revealMarks, whenRendered } from './scrollToTarget';
import { scrollToStart } from './scrollToStart';

/**
 * Applies the scrollTo and highlight query parameters once the page has rendered: scrolls smoothly
 * to the element (corrected while the page above it settles: ./scrollToStart.ts) and marks the
 * highlight (model/highlight.ts) inside it (inside the page's article without scrollTo), opening a folded foldable that
 * holds a match.
 */
export function useScrollTarget(scrollTo: string | undefined, highlight: Highlight | undefined, pageKey: string) {
  const marking = highlightKey(highlight);
  useEffect(() => {
    if (!scrollTo) {
      const article = document.querySelector<HTMLElement>('article');
      if (highlight && article) highlightMatches(article, highlight);
      return;
    }
    const lookup = findWithRetry(scrollTo);
    let stopWaiting = () => {};
    let stopScrolling = () => {};
    void lookup.promise.then((target) => {
      if (!target) {
        console.error(`node not found after 10 attempts: ${scrollTo}`);
        return;
      }
      stopScrolling = scrollToStart(target);
      // Its code may still be loading: the text to mark is there once it shows its content.
      if (highlight)
        stopWaiting = whenRendered(target, () => {
          if (highlightMatches(target, highlight)) revealMarks(target);
        });
    });
    return () => {
      lookup.cancel();
      stopWaiting();
      stopScrolling();
    };
  }, [scrollTo, marking, pageKey]); // eslint-disable-line react-hooks/exhaustive-deps -- a list of words compares by `marking`
}
