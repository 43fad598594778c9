import { createRoute, lazyRouteComponent, notFound, Outlet, redirect, useLocation, useRouter } from '@tanstack/react-router';
import { useTranslation } from '../i18n/react';
import { HttpError, queryCollection } from '../src/api/client';
import { collectionMaterial } from '../src/api/collectionMaterial';
import { CollectionPage } from '../src/collection/CollectionPage';
import { MaterialCardPage } from '../src/collection/MaterialCardPage';
import type { CollectionView } from '../model/collectionView';
import { CollectionSearch, searchToRestore } from '../src/collection/collectionSearch';
import { CATALOGUE_SEGMENT, MATERIAL_SORTS } from '../model/search';
import { urlSearchSchema } from '../src/search/searchUrl';
import { ErrorView } from '../src/viewer/ErrorView';
import { MaterialPage, MaterialViewer } from '../src/viewer/MaterialViewer';
import { prepareLearner } from '../src/viewer/learnerTracking';
import { splitSegments } from './splitSegments';
import { createViewerRootRoute } from './root';

const rootRoute = createViewerRootRoute();

const collectionLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'collection',
  loader: ({ context: { pageData } }) => queryCollection(pageData.api.base, pageData.share!.publicId, pageData.share!.rootId),
  staleTime: Infinity,
  // A material opened by its address waits for the collection as well: its pending state shows meanwhile (spec section 2).
  pendingComponent: CollectionPending,
  pendingMs: 150,
});

const collectionIndex = createRoute({
  getParentRoute: () => collectionLayout,
  path: '/',
  validateSearch: CollectionSearch,
  // Arriving at the grid without a search in the address restores the search of this session (spec
  // section 2), before the grid renders; one in the address becomes the session's. The grid writes every
  // change to both. Only on arriving ('enter'): a search the learner clears on the grid ('stay') stays cleared.
  beforeLoad: ({ search, cause, context: { pageData } }) => {
    if (cause !== 'enter') return;
    const restore = searchToRestore(pageData.share!.rootId, search);
    if (restore) throw redirect({ to: '/', search: (prev: Record<string, unknown>) => ({ ...prev, ...restore }), replace: true });
  },
  component: function CollectionRoot() {
    const collection = collectionLayout.useLoaderData();
    const search = collectionIndex.useSearch();
    // Keyed by the collection: the search statechart starts once per visit, from the address.
    return <CollectionPage key={collection.id} collection={collection} search={search} />;
  },
});

const FulltextSearchPage = lazyRouteComponent(() => import('../src/search/FulltextSearchPage'));
const MaterialSearchPage = lazyRouteComponent(() => import('../src/search/MaterialSearchPage'));

/** `/search`: the full-text search over the collection's materials (only with FULLTEXT_SEARCH; else not found). */
const fulltextSearchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'search',
  validateSearch: (search: Record<string, unknown>): { q?: string } => (typeof search.q === 'string' ? { q: search.q } : {}),
  beforeLoad: ({ context: { pageData } }) => {
    if (!pageData.featureFlags.FULLTEXT_SEARCH) throw notFound();
  },
  component: function FulltextSearchRoute() {
    return <FulltextSearchPage q={fulltextSearchRoute.useSearch().q} />;
  },
});

/** `/materials`: the material search page with facets (catalogue side). */
const materialSearchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: CATALOGUE_SEGMENT,
  validateSearch: urlSearchSchema(MATERIAL_SORTS),
  component: function MaterialSearchRoute() {
    return <MaterialSearchPage search={materialSearchRoute.useSearch()} />;
  },
});

/** `/material`: where the full-page material card closes to (spec section 2): the material search page. */
const materialCloseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'material',
  beforeLoad: () => {
    throw redirect({ to: '/materials', replace: true });
  },
});

/** `/material/{publicId}`: the full-page variant of a material card of the collection. */
const materialCardRoute = createRoute({
  getParentRoute: () => collectionLayout,
  path: 'material/$publicId',
  component: function MaterialCardRoute() {
    const { publicId } = materialCardRoute.useParams();
    const item = collectionLayout.useLoaderData().items.find((i: CollectionView['items'][number]) => i.material_snapshot.publicId === publicId);
    if (!item) throw notFound();
    return <MaterialCardPage material={item.material_snapshot} />;
  },
});

/** One material of the collection, loaded on demand; pending and error states per spec section 2. */
const collectionMaterialLayout = createRoute({
  getParentRoute: () => collectionLayout,
  path: '$materialId',
  loader: async ({ params, context: { pageData } }) =>
    (
      await Promise.all([
        collectionMaterial(pageData.api.base, pageData.share!.publicId, params.materialId, pageData.guestSession?.publicId),
        prepareLearner(pageData),
      ])
    )[0],
  staleTime: Infinity,
  pendingComponent: MaterialPending,
  pendingMs: 150,
  errorComponent: MaterialLoadError,
  component: function CollectionMaterialLayout() {
    const { material, publicationId } = collectionMaterialLayout.useLoaderData();
    return (
      <MaterialViewer key={material.id} material={material} publicationId={publicationId}>
        <Outlet />
      </MaterialViewer>
    );
  },
});

const collectionMaterialIndex = createRoute({
  getParentRoute: () => collectionMaterialLayout,
  path: '/',
  component: function CollectionMaterialRoot() {
    const { materialId } = collectionMaterialLayout.useParams();
    return <MaterialPage material={collectionMaterialLayout.useLoaderData().material} segments={[]} base={`/${materialId}`} inCollection />;
  },
});

const collectionMaterialSplat = createRoute({
  getParentRoute: () => collectionMaterialLayout,
  path: '$',
  component: function CollectionMaterialChapter() {
    const { materialId } = collectionMaterialLayout.useParams();
    const { _splat } = collectionMaterialSplat.useParams();
    return <MaterialPage material={collectionMaterialLayout.useLoaderData().material} segments={splitSegments(_splat)} base={`/${materialId}`} inCollection />;
  },
});

/** While the collection loads: the pending state of the material the address opens, or of the grid. */
function CollectionPending() {
  const { pathname } = useLocation();
  // Under the server's first paint of the grid (server/pages/collectionShell.ts) nothing more is shown.
  if (pathname === '/' && document.getElementById('shell')) return null;
  return <LoadingState testId={pathname === '/' ? 'collection-pending' : 'material-pending'} />;
}

function MaterialPending() {
  return <LoadingState testId="material-pending" />;
}

function LoadingState({ testId }: { testId: string }) {
  const { t } = useTranslation('viewer');
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-gray-600" data-testid={testId}>
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-primary-600 border-t-transparent" aria-hidden />
      {t('loading')}
    </div>
  );
}

function MaterialLoadError({ error }: { error: unknown }) {
  const router = useRouter();
  const status = error instanceof HttpError ? error.status : 500;
  return <ErrorView status={status} onBack={() => void router.navigate({ to: '/' })} />;
}

/** `/_results/` (model/resultsAddress.ts, written out: no chunk of its own for one word): the teacher's results screen of the collection share (docs/results.md). */
const resultsRoute = createRoute({ getParentRoute: () => rootRoute, path: '_results', component: lazyRouteComponent(() => import('../src/results/ResultsPage')) });

export const collectionRouteTree = rootRoute.addChildren([
  resultsRoute,
  fulltextSearchRoute,
  materialSearchRoute,
  materialCloseRoute,
  collectionLayout.addChildren([collectionIndex, materialCardRoute, collectionMaterialLayout.addChildren([collectionMaterialIndex, collectionMaterialSplat])]),
]);
