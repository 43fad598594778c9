import { trackingModeOf } from '../../model/tracking';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FeatureFlags, PageData, User } from '../../model/pageData';
import { currentUser } from '../auth/sessionCookie';
import type { Database } from '../db/types';
import { ANONYMOUS, API_ROUTES, errorPageData, invitationPageData, langFromQuery, loginPageData, sharePageData, type PageContext, type Visitor } from '../pages/pageData';
import { materialShellHtml } from '../pages/shell';
import { pageDisplay } from '../pages/displayOnPage';
import { catalogueShellHtml, collectionShellHtml } from '../pages/collectionShell';
import { searchMaterials, shareScope } from '../store/searchMaterials';
import { CATALOGUE_SEGMENT, MaterialSearchBody } from '../../model/search';
import { loadCollection } from '../store/collections';
import type { Lang } from '../../model/pageData';
import { appChunkUrls, elementChunkUrls, heldBackModulePreloads, languageChunkUrls, modulePreloadLinks, routeChunkUrls, saveStateChunkUrls, trackingChunkUrls } from '../pages/routePreloads';
import { materialUrl } from '../../model/materialUrl';
import { landingLanguage, landingPageHtml } from '../pages/landing';
import { escapeHtml, readIndexTemplate, renderPage as renderTemplate, type PageParts } from '../pages/render';
import { DISPLAY_COOKIE, displayAttributes, parseDisplayValue } from '../../model/displayPreferences';
import { forgetGuestSession, isPageVisit, rememberGuestSession, rememberedGuestSessionId } from '../http/guestCookie';
import { findGuestSession, toGuestSession } from '../store/guestSessions';
import { getMeta } from '../store/meta';
import type { Lookups } from '../store/lookups';
import { negotiateEncoding, type MaterialAnswers, type MaterialPage } from '../store/materialAnswers';
import { CompressedPages, LARGE_PAGE_CHARS } from '../http/compressedPages';
import { findShare, listedShares, type Share } from '../store/shares';
import { learnerStateOf } from '../store/userdata';
import { toPageUser } from '../store/users';
import { favoriteMaterialIds } from '../store/favorites';
import { rootPermissions } from '../store/permissions';
import { mayView, pendingInvitation } from '../../model/permissions';
import { addressFound } from '../pages/addressFound';
import { RESULTS_SEGMENT } from '../../model/resultsAddress';

export interface PageRoutesOptions {
  db: Database;
  /** Cached share lookups (server/store/lookups.ts). */
  lookups: Lookups;
  /** Materials as sent (server/store/materialAnswers.ts): what element kinds a material uses. */
  materials: MaterialAnswers;
  clientDir: string;
  /** The feature flags as they are now (server/store/featureFlagCache.ts). */
  featureFlags: () => Promise<FeatureFlags>;
  /** The pages' Content-Security-Policy (server/http/contentSecurityPolicy.ts pageContentSecurityPolicy). */
  contentSecurityPolicy: string;
}

/** Meta key holding the share ids of the demo content (written by the demo loader). */
export const DEMO_SHARES_KEY = 'demo_shares';
export const DemoShares = z.object({
  material: z.string().optional(),
  materialEn: z.string().optional(),
  collection: z.string().optional(),
  /** The demo material on a share that saves guest sessions. */
  materialGuest: z.string().optional(),
  /** The demo material on a private share (log in with an account made by `npm run users`). */
  materialPrivate: z.string().optional(),
});

/** A flag parameter as the client reads it (routes/search.ts): present, `1` or `true` is on; `0`/`false` is off. */
const flagOn = (value: unknown): boolean => {
  const first = Array.isArray(value) ? value[0] : value;
  return first !== undefined && first !== '0' && first !== 'false';
};

const firstString = (value: unknown): string | null => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : null;
};

/** Share pages (`/s/{share}/…`: index.html with page data) and the start page. */
export async function pageRoutes(app: FastifyInstance, opts: PageRoutesOptions): Promise<void> {
  const { db, lookups, materials, clientDir, featureFlags, contentSecurityPolicy } = opts;
  const compressedPages = new CompressedPages();

  /** A page's html: a large one compressed here, once per distinct body (server/http/compressedPages.ts); others by @fastify/compress. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, html: string) => {
    if (html.length < LARGE_PAGE_CHARS) return reply.send(html);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'Cookie, Accept-Encoding');
    if (encoding === 'identity') return reply.send(html);
    const body = await compressedPages.body(html, encoding);
    return reply.header('content-encoding', encoding).send(body);
  };

  type ShareRequest = FastifyRequest<{ Params: { share: string }; Querystring: Record<string, unknown> }>;

  /**
   * The visitor of a share page; `login` when a private share is opened without a login, `refused` (with
   * the invitation it waits for, if any) when the share's root does not let the account in.
   */
  const visitorOf = async (
    request: ShareRequest,
    reply: FastifyReply,
    share: Share,
  ): Promise<Visitor | { refused: 'login' } | { refused: 'account'; user: User; invitationId?: string }> => {
    if (share.settings.private) {
      const user = await currentUser(db, request);
      if (!user) return { refused: 'login' };
      const permissions = await rootPermissions(db, share.rootId);
      if (!mayView(permissions, user)) return { refused: 'account', user: toPageUser(user), invitationId: pendingInvitation(permissions, user)?.id };
      return {
        user: toPageUser(user, await favoriteMaterialIds(db, user.id)),
        guestSession: null,
        learnerState: await learnerStateOf(db, share.publicId, { kind: 'user', userId: user.id }),
      };
    }
    if (share.preview || !(share.settings.saveGuestSessions || share.settings.scorm)) return ANONYMOUS;
    // The link's guest session, else the one this browser remembers for the share (server/http/guestCookie.ts).
    // An unknown id, or one of another share, is no error: the guest simply starts afresh.
    const linked = firstString(request.query.guestSessionId);
    const remembered = rememberedGuestSessionId(request);
    const id = linked ?? remembered;
    const session = id ? await findGuestSession(db, id) : null;
    if (!session || session.shareId !== share.publicId) {
      if (remembered && !linked) forgetGuestSession(request, reply, share.publicId);
      return ANONYMOUS;
    }
    if (isPageVisit(request)) rememberGuestSession(request, reply, share.publicId, session.publicId);
    return { user: null, guestSession: toGuestSession(session), learnerState: await learnerStateOf(db, share.publicId, { kind: 'guest', guestSessionId: session.publicId }) };
  };

  const sharePage = async (request: ShareRequest, reply: FastifyReply) => {
    const [share, settings, template, flags] = await Promise.all([lookups.share(request.params.share), lookups.settings(), readIndexTemplate(clientDir), featureFlags()]);
    const ctx: PageContext = { sharePublicId: request.params.share, lang: langFromQuery(request.query.lang), settings, featureFlags: flags };
    // The page is drawn with the learner's display preferences (model/displayPreferences.ts): it differs by cookie.
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'Cookie').header('content-security-policy', contentSecurityPolicy);
    const display = displayAttributes(parseDisplayValue(request.cookies[DISPLAY_COOKIE]));
    const renderPage = (data: PageData, title: string, parts: PageParts = {}) => renderTemplate(template, data, title, { ...parts, htmlAttributes: { ...display, ...parts.htmlAttributes } });
    const appPreloads = () => ({ head: modulePreloadLinks(appChunkUrls(clientDir)) });
    if (!share) return reply.status(404).send(renderPage(errorPageData(404, ctx), 'Lernwerk', appPreloads()));
    const visitor = await visitorOf(request, reply, share);
    if ('refused' in visitor) {
      if (visitor.refused === 'login') return reply.status(401).send(renderPage(loginPageData(share, ctx), share.rootTitle, appPreloads()));
      // Invited: the page to accept; else the no-access view (spec section 8: 403), with the account's menu to log out.
      // The course's title only to an account invited to it.
      if (!visitor.invitationId) return reply.status(403).send(renderPage(errorPageData(403, ctx, visitor.user), 'Lernwerk', appPreloads()));
      return reply.status(403).send(renderPage(invitationPageData(share, ctx, visitor.user, visitor.invitationId), share.rootTitle, appPreloads()));
    }
    const material = share.rootModelName === 'Material' ? await materials.page(share.rootId) : null;
    const trail = ((request.params as { '*'?: string })['*'] ?? '').split('/').filter(Boolean);
    if (!(await addressFound(db, materials, share, trail, ctx.featureFlags))) reply.status(404);
    // The results screen reads the results call, not the material: neither it nor its kinds' code is preloaded, nothing drawn.
    const resultsScreen = trail.length === 1 && trail[0] === RESULTS_SEGMENT;
    const elementKinds = resultsScreen ? [] : material?.kinds;
    const data = sharePageData(share, ctx, visitor, material ?? undefined);
    // The material itself (a GET the app reads as soon as it starts: src/api/client.ts getMaterial), then the app's code.
    const materialPreload = data.entryPoint === 'material' && data.share && !resultsScreen ? `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(materialUrl(data.api.base, data.share.publicId, data.share.rootId))}">` : '';
    const appChunks = appChunkUrls(clientDir);
    const chunks = [
      ...new Set([
        ...appChunks,
        ...languageChunkUrls(clientDir, ctx.lang),
        ...routeChunkUrls(clientDir, data.entryPoint),
        ...elementChunkUrls(clientDir, elementKinds ?? []),
        ...trackingChunkUrls(clientDir, trackingModeOf(data) !== 'off'),
        ...saveStateChunkUrls(clientDir, data.entryPoint === 'material' && !resultsScreen && !share.preview),
      ]),
    ];
    const shell = resultsScreen ? '' : share.rootModelName === 'Collection' ? await collectionShellOf(request, share, ctx.lang) : await shellOf(request, material, ctx.lang, share.preview);
    // A material written right to left: its pages are mirrored as a whole (docs/accessibility.md).
    const htmlAttributes: Record<string, string> = material?.rtlLanguage ? { dir: 'rtl' } : {};
    // Under a drawn first paint the code waits until that paint is on screen (src/boot.ts); elsewhere it goes at once.
    const parts = shell
      ? { shell, head: materialPreload, beforeEntry: heldBackModulePreloads(chunks, appChunks), htmlAttributes }
      : { head: [materialPreload, modulePreloadLinks(chunks)].filter(Boolean).join('\n    '), htmlAttributes };
    return sendPage(request, reply, renderPage(data, share.rootTitle, parts));
  };
  /**
   * The first paint of a material's page (server/pages/shell.ts); none for collections and the rest.
   * - The root page always has one. A preview share (authors checking their work) shows no elements in it:
   *   the app shows the editor's prompts there. Neither does the address without its trailing slash
   *   (`/s/{share}`), against which the cards' links would resolve wrong.
   * - A chapter's page has one at its address with the trailing slash (as the app links it), not on preview
   *   shares; none for an address that names no chapter (the app answers that one).
   */
  const shellOf = async (request: ShareRequest, material: MaterialPage | null, lang: Lang, preview: boolean): Promise<string> => {
    if (!material) return '';
    const trail = ((request.params as { '*'?: string })['*'] ?? '').split('/').filter(Boolean);
    // The drawn chapter cards link relatively (`kapitel-2/`): only from the page's address with its trailing slash.
    const drawsElements = !preview && request.url.split('?')[0].endsWith('/');
    const header = !flagOn(request.query.hideHeader);
    const drawn = <T,>(page: Promise<T>): Promise<T | null> =>
      page.catch((error: unknown) => {
        request.log.error({ err: error }, 'the first paint of the page could not be drawn');
        return null;
      });
    const page = drawsElements ? await drawn(material.drawnPage(trail, lang)) : null;
    const contentLang = material.rtlLanguage;
    if (!trail.length) return materialShellHtml(material.shell, { assetsBase: API_ROUTES.assets, header, contentHtml: page?.contentHtml ?? '', contentLang });
    return page ? materialShellHtml(page.shell, { assetsBase: API_ROUTES.assets, header, contentHtml: page.contentHtml, contentLang }) : '';
  };

  /**
   * The first paint of a collection's grid (server/pages/collectionShell.ts): at the grid's address with its
   * trailing slash and no search in it (the cards are the default search's first page); not on preview shares.
   * Likewise of its material search (`materials`), with the first page of that search's default answer.
   */
  const collectionShellOf = async (request: ShareRequest, share: Share, lang: Lang): Promise<string> => {
    const trail = ((request.params as { '*'?: string })['*'] ?? '').split('/').filter(Boolean);
    const namesSearch = ['q', 'sort', 'pageSize', 'filters'].some((key) => request.query[key] !== undefined);
    if (share.preview || namesSearch) return '';
    const options = { assetsBase: API_ROUTES.assets, shareBase: `/s/${share.publicId}`, lang };
    try {
      if (trail.length === 1 && trail[0] === CATALOGUE_SEGMENT) {
        // What the search call answers a body without a search in it: its defaults.
        const search = MaterialSearchBody.parse({ share: share.publicId });
        const page = await searchMaterials(db, { ...search, scope: await shareScope(lookups, share) });
        return catalogueShellHtml(page.found.map((found) => found.snapshot), options);
      }
      if (trail.length || !request.url.split('?')[0].endsWith('/')) return '';
      const collection = await loadCollection(db, share.rootId);
      return collection ? collectionShellHtml(collection, options) : '';
    } catch (error) {
      request.log.error({ err: error }, 'the first paint of the collection could not be drawn');
      return '';
    }
  };

  app.get('/s/:share', sharePage);
  app.get('/s/:share/*', sharePage);


  /**
   * `/`: the landing page when shares are marked for listing (server/pages/landing.ts); otherwise the demo
   * material when there is one; otherwise a page that links no share. Share links are the access to a
   * course (private ones behind a login, guest ones unguessable): whoever finds the server must not find
   * every course's link (issue 14). The import command prints them.
   */
  app.get('/', async (request, reply) => {
    const listed = await listedShares(db);
    if (!listed.length) {
      const demo = await getMeta(db, DEMO_SHARES_KEY, DemoShares);
      if (demo?.material && (await findShare(db, demo.material))) return reply.redirect(`/s/${demo.material}/`, 302);
    }
    const language = landingLanguage(request.headers['accept-language']);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .header('content-security-policy', contentSecurityPolicy)
      .send(landingPageHtml(listed, language, pageDisplay(request, language)));
  });
}
