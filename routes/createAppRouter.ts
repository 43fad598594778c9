import { createRouter, type AnyRoute } from '@tanstack/react-router';
import type { PageData } from '../model/pageData';
import { scrollRestorationAfterTakeover } from '../src/viewer/takeoverScroll';
import { trackScrollPositions } from '../src/viewer/upNavigation';
import { yieldToMain } from '../src/yieldToMain';

/**
 * The router of an entry point, under the share's base URL (page data). Each entry point's route
 * tree is its own chunk, so a material page never loads the collection's code and vice versa.
 */
export async function createAppRouter(pageData: PageData) {
  const routeTree: AnyRoute =
    pageData.entryPoint === 'collection'
      ? (await import('./collectionRoutes')).collectionRouteTree
      : (await import('./materialRoutes')).materialRouteTree;
  // The route tree's modules ran in this task; the router is made in the next.
  await yieldToMain();
  const router = createRouter({
    routeTree,
    basepath: pageData.baseUrl,
    context: { pageData },
    trailingSlash: 'always',
    scrollRestoration: scrollRestorationAfterTakeover(),
    defaultPreload: 'intent',
  });
  // The header's back arrow restores the position the learner left the page above at (src/viewer/upNavigation.ts).
  trackScrollPositions(router);
  return router;
}
export type AppRouter = Awaited<ReturnType<typeof createAppRouter>>;
