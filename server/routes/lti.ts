import type { CookieSerializeOptions } from '@fastify/cookie';
import { originOfRequest } from '../http/requestOrigin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SESSION_COOKIE } from '../auth/sessionCookie';
import type { Database, Queryable } from '../db/types';
import { AGS_SCORE_SCOPE, CLAIM, DEEP_LINKING_REQUEST, isInstructor, nameOf, type LaunchClaims } from '../lti/claims';
import { beginDeepLink, deepLinkingResponse, findDeepLink, pickableShares, takeDeepLink } from '../lti/deepLinks';
import { sendDeepLinkReturn, sendPicker } from '../lti/deepLinkPages';
import { recordLinkLaunch } from '../lti/instructorLinks';
import { accountOfPerson, guestSessionOfPerson, type LtiPerson } from '../lti/learners';
import { beginLogin, LOGIN_TTL_MS, peekLogin, stateCookieName, takeLogin } from '../lti/logins';
import { findPlatform, findPlatformById, type Platform } from '../lti/platforms';
import { LAUNCH_RETRY_AFTER_S, sendRefusal } from '../lti/refusalPage';
import { currentToolKey, publishedToolKeys } from '../lti/toolKeys';
import { LTI_PATHS, toolUrls } from '../lti/toolUrls';
import { LaunchRefused, PlatformKeySets, verifyIdToken } from '../lti/verifyLaunch';
import { createAuthSession, newSessionToken } from '../store/authSessions';
import type { Lookups } from '../store/lookups';
import type { Share } from '../store/shares';
import { recordLineItem } from '../lti/scores';
import { isLoopbackUrl } from '../lti/platformUrl';
import { loadMaterial } from '../store/models';
import { scoreOf } from '../../model/score';
import { pageScript } from '../launchPages/pageScript';
import { sendStoragePage, storageEntries, STORAGE_SCRIPT } from '../lti/storagePages';

export interface LtiRoutesOptions {
  db: Database;
  lookups: Lookups;
  /** How long the login of a launch lasts, in ms (the server's login lifetime). */
  sessionTtlMs: number;
  /** The sites that may frame the pages (FRAME_ANCESTORS); null: any. */
  frameAncestors: readonly string[] | null;
  /** The sender of scores to the platforms' gradebooks, woken when a launch records a line item. */
  scores?: { kick(): void };
  /** The platforms' key sets (tests pass their own to start with an empty cache). */
  keySets?: PlatformKeySets;
}

/** The largest login or launch form: an id_token of a platform that sends many claims. */
const FORM_LIMIT_BYTES = 256 * 1024;

/** OIDC third-party login initiation (LTI Security Framework 1.0, 5.1.1), GET query or POST form alike. */
export const LoginInitiation = z.object({
  iss: z.string().min(1).max(2000),
  login_hint: z.string().min(1).max(4000),
  target_link_uri: z.url({ protocol: /^https?$/ }).max(4000),
  lti_message_hint: z.string().max(4000).optional(),
  lti_deployment_id: z.string().min(1).max(255).optional(),
  client_id: z.string().min(1).max(500).optional(),
  lti_storage_target: z.string().max(200).optional(),
});

/** The authentication response the platform posts to the launch URL (form_post), or its error. */
const IdTokenAndState = z.object({ id_token: z.string().min(1).max(FORM_LIMIT_BYTES), state: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a state of this tool') });
export const LaunchForm = z.union([
  IdTokenAndState.extend({ lti_storage_target: z.string().min(1).max(200).optional() }),
  z.object({ error: z.string().max(200), error_description: z.string().max(2000).optional() }),
]);

/** A launch the storage page checked (JSON from this server's own page). */
export const CheckedLaunch = z.strictObject({ id_token: IdTokenAndState.shape.id_token, state: IdTokenAndState.shape.state });

/** The picker's address: the deep linking request's id and the search text. */
export const DeepLinkQuery = z.object({ dl: z.string().regex(/^[A-Za-z0-9_-]{43}$/), q: z.string().max(200).default('') });
/** The instructor's choice: one share or several (the form repeats `share`). */
export const DeepLinkChoice = z.object({
  dl: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  share: z.union([z.string().max(100), z.array(z.string().max(100)).min(1).max(100)]),
});

/** The state cookie: sent back by the platform's cross-site form post inside an LMS frame only as `SameSite=None; Secure`, partitioned by the LMS's site. */
const stateCookieOptions = (maxAgeS: number): CookieSerializeOptions => ({ httpOnly: true, secure: true, sameSite: 'none', partitioned: true, path: '/lti/', maxAge: maxAgeS });

/**
 * The login cookie of a launch: the viewer inside the LMS's frame is a third-party site there, so the
 * cookie is `SameSite=None; Secure; Partitioned` (its own jar per LMS site, which browsers keep even
 * where they block third-party cookies).
 */
const launchSessionCookieOptions = (ttlMs: number): CookieSerializeOptions => ({ httpOnly: true, secure: true, sameSite: 'none', partitioned: true, path: '/', maxAge: Math.floor(ttlMs / 1000) });

/** The share a `target_link_uri` of this server names (`/s/{share}/…`), with the rest of its address. */
function sharePathOf(target: URL): string | null {
  const match = /^\/s\/([A-Za-z0-9_-]{1,100})(?:\/|$)/.exec(target.pathname);
  return match ? match[1] : null;
}

function personOf(platform: Platform, claims: LaunchClaims): LtiPerson {
  const name = nameOf(claims);
  const roles = claims[CLAIM.roles];
  return {
    platformId: platform.id,
    sub: claims.sub,
    firstname: name.firstname,
    lastname: name.lastname,
    displayName: (name.full ?? 'LMS').slice(0, 200),
    roles,
    instructor: isInstructor(roles),
  };
}

/**
 * The tool's LTI 1.3 endpoints (docs/lti.md):
 * `GET /lti/jwks` → the tool's public keys (`{ keys }`);
 * `GET|POST /lti/login` LoginInitiation → 302 to the platform's auth URL with the OIDC authentication
 *   request, the state bound to this browser by a cookie (with `lti_storage_target`: a page that also
 *   keeps state and nonce in the LMS's storage frame, then goes there);
 * `POST /lti/launch` LaunchForm → the verified launch: 303 to the share of its target_link_uri as the
 *   platform's user (a login on a private share, the user's guest session on a guest or scorm share);
 *   without the state cookie but with `lti_storage_target`: a page that checks them in the storage;
 *   a refused one: an html page naming the failed check (400/401/403/404, 503 with Retry-After), no session;
 * `POST /lti/launch/checked` CheckedLaunch (JSON, this origin's page only) → `{ location }` or `{ check, message }`.
 */
export async function ltiRoutes(app: FastifyInstance, opts: LtiRoutesOptions): Promise<void> {
  const { db, lookups, frameAncestors } = opts;
  const keySets = opts.keySets ?? new PlatformKeySets();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => {
    // A repeated field (the picker's `share`) becomes a list.
    const fields: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(body as string)) {
      const had = fields[name];
      fields[name] = had === undefined ? value : [had, value].flat();
    }
    done(null, fields);
  });

  const ancestors = frameAncestors ? `'self' ${frameAncestors.join(' ')}` : '*';

  const refuse = (reply: FastifyReply, error: unknown) => {
    if (error instanceof LaunchRefused) return sendRefusal(reply, error, frameAncestors);
    throw error;
  };

  app.get(LTI_PATHS.jwks, async (_request, reply) => {
    // Never an empty set: the first key is made on first use.
    await currentToolKey(db);
    reply.header('cache-control', 'public, max-age=300');
    return { keys: await publishedToolKeys(db) };
  });

  const login = async (request: FastifyRequest, reply: FastifyReply, params: unknown) => {
    try {
      const parsed = LoginInitiation.safeParse(params);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new LaunchRefused(issue.path.map(String).join('.') || 'login', `The login initiation is incomplete: ${issue.path.map(String).join('.')}: ${issue.message}.`, 400);
      }
      const p = parsed.data;
      const platform = await findPlatform(db, p.iss, p.client_id);
      if (platform === 'ambiguous') throw new LaunchRefused('client_id', 'This issuer is registered with several client ids; the login initiation must name its client_id.', 400);
      if (!platform) throw new LaunchRefused('iss', `No platform is registered with the issuer ${p.iss}${p.client_id ? ` and client id ${p.client_id}` : ''} (npm run lti -- add-platform).`, 400);
      if (p.lti_deployment_id && !platform.deploymentIds.includes(p.lti_deployment_id)) {
        throw new LaunchRefused('lti_deployment_id', `The deployment "${p.lti_deployment_id}" is not registered for this platform.`, 403);
      }
      if (new URL(p.target_link_uri).origin !== originOfRequest(request)) throw new LaunchRefused('target_link_uri', `The target_link_uri is not on this server (${originOfRequest(request)}).`, 403);
      const { state, nonce } = await beginLogin(db, platform.id, p.target_link_uri);
      const auth = new URL(platform.authUrl);
      const query = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.clientId,
        redirect_uri: toolUrls(originOfRequest(request)).launch,
        login_hint: p.login_hint,
        state,
        nonce,
        ...(p.lti_message_hint === undefined ? {} : { lti_message_hint: p.lti_message_hint }),
      };
      for (const [name, value] of Object.entries(query)) auth.searchParams.set(name, value);
      reply.header('cache-control', 'no-store').setCookie(stateCookieName(state), state, stateCookieOptions(Math.floor(LOGIN_TTL_MS / 1000)));
      if (p.lti_storage_target) {
        // The LMS offers its storage frame: the state and nonce go there too, for browsers that keep no cookie of the tool in its frame.
        return sendStoragePage(reply, { mode: 'store', entries: storageEntries(state, nonce), storageTarget: p.lti_storage_target, platformOrigin: auth.origin, continueUrl: auth.href }, ancestors);
      }
      return reply.redirect(auth.href, 302);
    } catch (error) {
      return refuse(reply, error);
    }
  };
  app.get(LTI_PATHS.login, (request, reply) => login(request, reply, request.query));
  app.post(LTI_PATHS.login, (request, reply) => login(request, reply, request.body));

  /** The rest of a launch whose state this browser proved: the login taken, the id_token verified; where the launch opens. */
  const completeLaunch = async (request: FastifyRequest, reply: FastifyReply, idToken: string, state: string): Promise<string> => {
    const pending = await takeLogin(db, state);
    if (!pending) throw new LaunchRefused('state', 'The login of this state is unknown, used already or expired (10 minutes).');
    const platform = await findPlatformById(db, pending.platformId);
    if (!platform) throw new LaunchRefused('iss', 'The platform of this login is no longer registered.');
    const origin = originOfRequest(request);
    const claims = await verifyIdToken(idToken, platform, keySets.keysOf(platform), { nonce: pending.nonce, origin });
    if (claims[CLAIM.messageType] === DEEP_LINKING_REQUEST) return await beginPicking(platform, claims);
    return await openShare(reply, platform, claims);
  };

  app.post(LTI_PATHS.launch, async (request, reply) => {
    try {
      const form = LaunchForm.safeParse(request.body);
      if (!form.success) throw new LaunchRefused('id_token', 'The launch carries no id_token and state (the platform must answer by form_post).', 400);
      if ('error' in form.data) throw new LaunchRefused('error', `The platform refused the login: ${form.data.error}${form.data.error_description ? ` (${form.data.error_description})` : ''}.`, 400);
      const { id_token: idToken, state, lti_storage_target: storageTarget } = form.data;
      const cookieName = stateCookieName(state);
      if (request.cookies[cookieName] !== state) {
        if (storageTarget) return await checkThroughStorage(reply, idToken, state, storageTarget);
        throw new LaunchRefused(
          'state',
          'This browser did not begin this login (its state cookie is missing). The tool must be served over https: browsers keep the SameSite=None; Secure cookie only there and on localhost.',
        );
      }
      reply.clearCookie(cookieName, { ...stateCookieOptions(0), maxAge: undefined });
      reply.header('cache-control', 'no-store');
      return reply.redirect(await completeLaunch(request, reply, idToken, state), 303);
    } catch (error) {
      return refuse(reply, error);
    }
  });

  /**
   * A launch without the state cookie in an LMS that offers its storage frame: a page that reads the
   * login's state and nonce back from it (machines/ltiPlatformStorage.ts) and, when they are this
   * login's, asks LTI_PATHS.launchChecked to open the launch. Nothing is taken or made before that.
   */
  const checkThroughStorage = async (reply: FastifyReply, idToken: string, state: string, storageTarget: string) => {
    const pending = await peekLogin(db, state);
    if (!pending) throw new LaunchRefused('state', 'The login of this state is unknown, used already or expired (10 minutes).');
    const platform = await findPlatformById(db, pending.platformId);
    if (!platform) throw new LaunchRefused('iss', 'The platform of this login is no longer registered.');
    return sendStoragePage(
      reply,
      { mode: 'check', entries: storageEntries(state, pending.nonce), storageTarget, platformOrigin: new URL(platform.authUrl).origin, confirmUrl: LTI_PATHS.launchChecked, idToken, state },
      ancestors,
    );
  };

  /*
   * The checked launch: JSON from this server's own storage page. A page of another site can post a
   * form but not JSON without this server's consent (CORS), and the browser names the origin: so only
   * the page that read the state back from this browser's storage comes here. Answers `{ location }`,
   * or `{ check, message }` with the refusal's status.
   */
  app.post(LTI_PATHS.launchChecked, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const site = request.headers['sec-fetch-site'];
      if (request.headers.origin !== originOfRequest(request) || (site !== undefined && site !== 'same-origin')) {
        throw new LaunchRefused('origin', 'A checked launch comes only from this server\'s own page.', 403);
      }
      if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) throw new LaunchRefused('content-type', 'A checked launch is JSON.', 415);
      const body = CheckedLaunch.safeParse(request.body);
      if (!body.success) throw new LaunchRefused('id_token', 'The checked launch carries no id_token and state.', 400);
      return { location: await completeLaunch(request, reply, body.data.id_token, body.data.state) };
    } catch (error) {
      if (!(error instanceof LaunchRefused)) throw error;
      if (error.status === 503) reply.header('retry-after', String(LAUNCH_RETRY_AFTER_S));
      return reply.status(error.status).send({ check: error.check, message: error.message });
    }
  });

  app.get(LTI_PATHS.storageScript, async (_request, reply) => {
    try {
      const script = await pageScript(STORAGE_SCRIPT);
      return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script.js);
    } catch (error) {
      app.log.error({ err: error }, 'LTI storage script build failed');
      return reply.status(503).header('retry-after', String(LAUNCH_RETRY_AFTER_S)).header('cache-control', 'no-store').type('text/plain').send('The launch script is not available right now.');
    }
  });

  /** A deep linking request of an instructor: to the picker, which names the request by an unguessable id. */
  const beginPicking = async (platform: Platform, claims: LaunchClaims): Promise<string> => {
    if (!isInstructor(claims[CLAIM.roles])) throw new LaunchRefused(CLAIM.roles, 'Only instructors may choose learning material (deep linking).', 403);
    const settings = claims[CLAIM.deepLinkingSettings];
    if (!settings?.accept_types.includes('ltiResourceLink')) throw new LaunchRefused(CLAIM.deepLinkingSettings, 'The platform does not accept ltiResourceLink items.', 400);
    const id = await beginDeepLink(db, {
      platformId: platform.id,
      deploymentId: claims[CLAIM.deploymentId],
      returnUrl: settings.deep_link_return_url,
      data: settings.data ?? null,
      acceptMultiple: settings.accept_multiple ?? false,
    });
    return `${LTI_PATHS.deepLink}?${new URLSearchParams({ dl: id })}`;
  };

  app.get(LTI_PATHS.deepLink, async (request, reply) => {
    try {
      const query = DeepLinkQuery.safeParse(request.query);
      const link = query.success ? await findDeepLink(db, query.data.dl) : null;
      if (!query.success || !link) throw new LaunchRefused('dl', 'This choice of learning material is unknown, done already or expired: start it again in the LMS.', 404);
      const search = query.data.q.trim();
      return sendPicker(reply, { id: query.data.dl, search, shares: await pickableShares(db, search), multiple: link.acceptMultiple, frameAncestors: ancestors });
    } catch (error) {
      return refuse(reply, error);
    }
  });

  app.post(LTI_PATHS.deepLink, async (request, reply) => {
    try {
      const form = DeepLinkChoice.safeParse(request.body);
      if (!form.success) throw new LaunchRefused('share', 'Choose at least one learning material.', 400);
      const chosen = [form.data.share].flat();
      const link = await takeDeepLink(db, form.data.dl);
      if (!link) throw new LaunchRefused('dl', 'This choice of learning material is unknown, done already or expired: start it again in the LMS.', 404);
      const platform = await findPlatformById(db, link.platformId);
      if (!platform) throw new LaunchRefused('iss', 'The platform of this choice is no longer registered.', 404);
      if (!link.acceptMultiple && chosen.length > 1) throw new LaunchRefused('share', 'The LMS takes one learning material here.', 400);
      const pickable = new Map((await pickableShares(db, '')).map((s) => [s.publicId, s]));
      const items = [];
      for (const publicId of chosen) {
        const share = pickable.get(publicId);
        if (!share) throw new LaunchRefused('share', 'A chosen share is not one an LMS may use.', 400);
        const material = share.rootModelName === 'Material' ? await loadMaterial(db, share.rootId) : null;
        items.push({ url: `${originOfRequest(request)}/s/${share.publicId}/`, title: share.title, gradable: material !== null && scoreOf(material, {}).questions > 0 });
      }
      const jwt = await deepLinkingResponse(db, platform, link, items);
      return sendDeepLinkReturn(reply, { returnUrl: link.returnUrl, jwt, frameAncestors: ancestors });
    } catch (error) {
      return refuse(reply, error);
    }
  });

  /** Opens the share of a launch as the platform's user; where it opens. */
  const openShare = async (reply: FastifyReply, platform: Platform, claims: LaunchClaims): Promise<string> => {
    const target = new URL(claims[CLAIM.targetLinkUri]);
    const publicId = sharePathOf(target);
    const share = publicId ? await lookups.share(publicId) : null;
    if (!share) throw new LaunchRefused(CLAIM.targetLinkUri, 'The target_link_uri names no share of this server (/s/{share}/…).', 404);
    if (share.preview) throw new LaunchRefused(CLAIM.targetLinkUri, 'A preview share cannot be launched from an LMS.', 403);
    const person = personOf(platform, claims);
    const linkLaunch = (userId: string | null) => ({ platformId: platform.id, resourceLinkId: claims[CLAIM.resourceLink]?.id ?? '', shareId: share.publicId, sub: person.sub, userId, instructor: person.instructor });
    if (share.settings.private) {
      const token = newSessionToken();
      await db.transaction(async (tx) => {
        const userId = await accountOfPerson(tx, person);
        await createAuthSession(tx, token, userId, opts.sessionTtlMs);
        await recordGrading(tx, platform, claims, share, `user:${userId}`);
        await recordLinkLaunch(tx, linkLaunch(userId));
      });
      reply.setCookie(SESSION_COOKIE, token, launchSessionCookieOptions(opts.sessionTtlMs));
    } else if (share.settings.saveGuestSessions || share.settings.scorm) {
      // As in a SCORM package, the LMS's learner is the course's guest; the session travels in the address (no cookie needed in the frame).
      // An instructor also logs in as the LMS's account: that login reads the share's results.
      const token = person.instructor ? newSessionToken() : null;
      const guestSessionId = await db.transaction(async (tx) => {
        const id = await guestSessionOfPerson(tx, person, share.publicId);
        await recordGrading(tx, platform, claims, share, `guest:${id}`);
        const userId = token ? await accountOfPerson(tx, person) : null;
        if (token && userId) await createAuthSession(tx, token, userId, opts.sessionTtlMs);
        await recordLinkLaunch(tx, linkLaunch(userId));
        return id;
      });
      if (token) reply.setCookie(SESSION_COOKIE, token, launchSessionCookieOptions(opts.sessionTtlMs));
      target.searchParams.set('guestSessionId', guestSessionId);
    }
    opts.scores?.kick();
    return target.href;
  };
}

/**
 * The line item of a launch whose AGS claim names one with the score scope: the learner's progress on
 * the material goes there (./lti/scoreSender.ts). Collections have no one progress: none. The line
 * item's address must be https (http only on this machine), as the platform's registered URLs.
 */
async function recordGrading(tx: Queryable, platform: Platform, claims: LaunchClaims, share: Share, learnerKey: string): Promise<void> {
  const ags = claims[CLAIM.agsEndpoint];
  if (!ags?.lineitem || !ags.scope.includes(AGS_SCORE_SCOPE) || share.rootModelName !== 'Material') return;
  const url = new URL(ags.lineitem);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url))) throw new LaunchRefused(CLAIM.agsEndpoint, 'The line item URL must be https.', 400);
  await recordLineItem(tx, { platformId: platform.id, lineItemUrl: ags.lineitem, sub: claims.sub, shareId: share.publicId, rootId: share.rootId, learnerKey });
}
