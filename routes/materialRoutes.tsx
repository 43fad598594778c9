import { createRoute, Outlet } from '@tanstack/react-router';
import { loadMaterial } from '../src/api/materialPrefetch';
import { preloadElementComponents } from '../src/elements/registry';
import type { ModelName } from '../model/elements';
import { MaterialPage, MaterialViewer } from '../src/viewer/MaterialViewer';
import { prepareLearner } from '../src/viewer/learnerTracking';
import { createViewerRootRoute } from './root';
import { splitSegments } from './splitSegments';
import { yieldToMain } from '../src/yieldToMain';

const rootRoute = createViewerRootRoute();

/** The open material of a material share, loaded once per share page; holds the viewer actor. */
const materialLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'material',
  // The durable queue opens alongside (the viewer resumes from it too), and the code of the element kinds the
  // material uses with their statecharts: awaited, so the first screen renders the elements themselves (no
  // placeholders that shift the page) and a print started at once finds every kind's code there.
  loader: async ({ context: { pageData } }) => {
    // Asking for many chunks at once is a task of its own.
    const kinds = yieldToMain()
      .then(() => preloadElementComponents((pageData.share!.elementKinds ?? []) as ModelName[]))
      .catch(() => undefined);
    return (await Promise.all([loadMaterial(pageData.api.base, pageData.share!.publicId, pageData.share!.rootId), prepareLearner(pageData), kinds]))[0];
  },
  staleTime: Infinity,
  component: function MaterialLayout() {
    const material = materialLayout.useLoaderData();
    return (
      <MaterialViewer material={material}>
        <Outlet />
      </MaterialViewer>
    );
  },
});

const materialIndex = createRoute({
  getParentRoute: () => materialLayout,
  path: '/',
  component: function MaterialRoot() {
    return <MaterialPage material={materialLayout.useLoaderData()} segments={[]} base="" />;
  },
});

/** `/{publicId}/…` to any depth and `…/iframe/{id}` (spec section 2). */
const materialSplat = createRoute({
  getParentRoute: () => materialLayout,
  path: '$',
  component: function MaterialChapter() {
    const { _splat } = materialSplat.useParams();
    return <MaterialPage material={materialLayout.useLoaderData()} segments={splitSegments(_splat)} base="" />;
  },
});

export const materialRouteTree = rootRoute.addChildren([materialLayout.addChildren([materialIndex, materialSplat])]);
