import { createElement, startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A part of the page whose code is a chunk of its own and that the page can do without until it is
 * there: it renders `fallback` (nothing, unless given) until its code has loaded, then itself. Should the
 * code fail to load (the connection dropped before the service worker kept it), the part waits and tries
 * again when the browser is back online, instead of failing the page; every mount shares one load.
 * No Suspense: the page around it never waits for it.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
  /** Load at once, not when first shown: a part wanted from the first render on, there in it when its code came in time. */
  now = false,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const attempt = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  if (now) attempt().catch(() => undefined);
  return function LazyPart(props: P) {
    const [, rendered] = useState(0);
    // The code is asked for as soon as the part renders (as React.lazy does), not after the commit.
    if (!loaded) attempt().catch(() => undefined);
    const shownLoaded = loaded !== null;
    useEffect(() => {
      // Arrived between this render and its commit: render again, now with it.
      // Its arrival renders in slices (a transition), beside input and painting.
      const show = () => startTransition(() => rendered((count) => count + 1));
      if (loaded) {
        if (!shownLoaded) show();
        return;
      }
      let mounted = true;
      const tryLoad = () => void attempt().then(() => mounted && show(), () => undefined);
      tryLoad();
      window.addEventListener('online', tryLoad);
      return () => {
        mounted = false;
        window.removeEventListener('online', tryLoad);
      };
    }, [shownLoaded]);
    return loaded ? createElement(loaded, props) : fallback(props);
  };
}
