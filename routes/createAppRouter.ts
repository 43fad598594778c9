import { createRouter } from '@tanstack/react-router';
import type { PageData } from '../src/model/pageData';
import { collectionRouteTree } from './collectionRoutes';
import { materialRouteTree } from './materialRoutes';

/** The router of an entry point, under the share's base URL (page data). */
export function createAppRouter(pageData: PageData) {
  const routeTree = pageData.entryPoint === 'collection' ? collectionRouteTree : materialRouteTree;
  return createRouter({
    routeTree,
    basepath: pageData.baseUrl,
    context: { pageData },
    trailingSlash: 'always',
    scrollRestoration: true,
    defaultPreload: 'intent',
  });
}
export type AppRouter = ReturnType<typeof createAppRouter>;
