import { useEffect } from 'react';
import { findWithRetry, highlightMatches } from './scrollToTarget';

/** Applies the scrollTo and highlight query parameters once the page has rendered. */
export function useScrollTarget(scrollTo: string | undefined, highlight: string | undefined, pageKey: string) {
  useEffect(() => {
    if (!scrollTo) return;
    const lookup = findWithRetry(scrollTo);
    void lookup.promise.then((target) => {
      if (!target) {
        console.error(`node not found after 10 attempts: ${scrollTo}`);
        return;
      }
      target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      if (highlight) highlightMatches(target, highlight);
    });
    return lookup.cancel;
  }, [scrollTo, highlight, pageKey]);
}
