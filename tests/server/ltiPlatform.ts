/**
 * An LTI 1.3 platform (an LMS) on a loopback port, speaking the platform's side of LTI Core 1.3 and the
 * Security Framework 1.0 for the tests: its JWKS, an OIDC authorization endpoint that checks the tool's
 * authentication request and answers with a signed id_token by form_post, and a course page that
 * frames the tool (the launch starts in the frame, as an LMS does it).
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet, type JWTPayload } from 'jose';

export interface PlatformDouble {
  readonly issuer: string;
  readonly clientId: string;
  readonly deploymentId: string;
  readonly kid: string;
  readonly authUrl: string;
  readonly tokenUrl: string;
  readonly jwksUrl: string;
  /** The LTI claims of a resource-link launch of `target` for the user `sub` (nonce and times to add). */
  launchClaims(target: string, sub: string, extra?: Record<string, unknown>): Record<string, unknown>;
  /** An id_token signed as the platform does (RS256, its kid), or with another key, kid or algorithm. */
  idToken(claims: Record<string, unknown>, opts?: { key?: 'platform' | 'foreign'; kid?: string; alg?: 'RS256' | 'none' }): Promise<string>;
  /** What the next authentication request of `loginHint` answers with (the claims; nonce, iat, exp added). */
  expectLogin(loginHint: string, claims: Record<string, unknown>): void;
  /** The authentication requests received, with their parameters. */
  readonly authRequests: URLSearchParams[];
  /** The line item of the course (AGS): its URL carries a query, as Moodle's do. */
  readonly lineItemUrl: string;
  /** The AGS endpoint claim of a launch with that line item and the score scope. */
  readonly agsClaim: Record<string, unknown>;
  /** Scores received at the line item, in order. */
  readonly scores: { url: string; body: Record<string, unknown> }[];
  /** Client assertions accepted at the token endpoint (their claims). */
  readonly assertions: Record<string, unknown>[];
  /** Where a deep linking response comes back (the deep_link_return_url). */
  readonly deepLinkReturnUrl: string;
  /** Deep linking responses received, verified with the tool's JWKS (their claims). */
  readonly deepLinks: Record<string, unknown>[];
  /** While down, the token and scores endpoints answer 503. */
  down: boolean;
  /** While refusing, the scores endpoint answers 400 (a score it will never take). */
  refuse: boolean;
  /**
   * Where a course page frames the tool's login initiation (GET) for the user of `loginHint`. With
   * `storage`, the page offers its storage to the tool (LTI Client Side postMessages and Platform
   * Storage: `lti_storage_target=_parent` at the login and the launch); `tamper`: its reads answer
   * another login's values. What the storage was asked is in the page's `window.__ltiStorage`.
   */
  coursePageUrl(toolLoginUrl: string, target: string, loginHint: string, options?: { storage?: 'honest' | 'tamper' }): string;
  close(): Promise<void>;
}

/**
 * The platform's storage, in its course page (postMessage Platform Storage 0.1): values kept per origin
 * of the asking frame; `lti.capabilities` names this window (`_parent`) for the storage messages.
 */
const storageScript = (tamper: boolean) => `
window.__ltiStorage = { asked: [] };
const kept = {};
window.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || typeof data.subject !== 'string' || !data.subject.startsWith('lti.')) return;
  window.__ltiStorage.asked.push({ subject: data.subject, key: data.key, origin: event.origin });
  const reply = (message) => event.source.postMessage(Object.assign({ message_id: data.message_id }, message), event.origin);
  const values = (kept[event.origin] = kept[event.origin] || {});
  if (data.subject === 'lti.capabilities') {
    reply({ subject: 'lti.capabilities.response', supported_messages: [{ subject: 'lti.capabilities' }, { subject: 'lti.put_data', frame: '_parent' }, { subject: 'lti.get_data', frame: '_parent' }] });
  } else if (data.subject === 'lti.put_data') {
    if (typeof data.key !== 'string' || typeof data.value !== 'string') return reply({ subject: 'lti.put_data.response', key: data.key, error: { code: 'bad_request', message: 'key and value are required' } });
    values[data.key] = data.value;
    reply({ subject: 'lti.put_data.response', key: data.key, value: data.value });
  } else if (data.subject === 'lti.get_data') {
    reply({ subject: 'lti.get_data.response', key: data.key, value: ${tamper ? "String(data.key).includes('nonce') ? 'nonce-of-another-login' : values[data.key]" : 'values[data.key]'} });
  }
});`;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Starts a platform on 127.0.0.1 whose launches go to the tool's launch URL `toolLaunchUrl` (checked as redirect_uri). */
export async function startPlatformDouble(opts: { toolLaunchUrl: () => string; toolJwks?: () => Promise<JSONWebKeySet> }): Promise<PlatformDouble> {
  const platformKeys = await generateKeyPair('RS256', { extractable: true });
  const foreignKeys = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  const publicJwk = { ...(await exportJWK(platformKeys.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const clientId = `client-${randomBytes(4).toString('hex')}`;
  const deploymentId = 'deployment-1';
  const pending = new Map<string, Record<string, unknown>>();
  /** The login hints of launches from a course page that offers its storage. */
  const storageHints = new Set<string>();
  const authRequests: URLSearchParams[] = [];
  let origin = '';
  const scores: { url: string; body: Record<string, unknown> }[] = [];
  const assertions: Record<string, unknown>[] = [];
  const accessTokens = new Set<string>();
  const state = { down: false, refuse: false };
  const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return text;
  };
  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  /** OAuth 2 client credentials with a JWT client assertion (LTI Security Framework 1.0, 4.1; RFC 7523). */
  const issueToken = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await readBody(request));
    if (form.get('grant_type') !== 'client_credentials' || form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return answer(response, 400, { error: 'unsupported_grant_type' });
    if (!(form.get('scope') ?? '').split(' ').includes(SCORE_SCOPE)) return answer(response, 400, { error: 'invalid_scope' });
    if (!opts.toolJwks) return answer(response, 401, { error: 'invalid_client' });
    try {
      const { payload } = await jwtVerify(form.get('client_assertion') ?? '', createLocalJWKSet(await opts.toolJwks()), {
        algorithms: ['RS256'],
        issuer: clientId,
        subject: clientId,
        audience: `${origin}/token`,
        requiredClaims: ['jti', 'exp', 'iat'],
      });
      if (assertions.some((a) => a.jti === payload.jti)) return answer(response, 401, { error: 'invalid_client', error_description: 'jti replayed' });
      assertions.push(payload);
    } catch (error) {
      return answer(response, 401, { error: 'invalid_client', error_description: (error as Error).message });
    }
    const token = randomBytes(16).toString('hex');
    accessTokens.add(token);
    answer(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: SCORE_SCOPE });
  };

  const deepLinks: Record<string, unknown>[] = [];
  /** Deep Linking 2.0, 4.2: the tool's response JWT in the form field JWT, signed by the tool's key, iss the client id, aud the platform. */
  const takeDeepLink = async (request: IncomingMessage, response: ServerResponse) => {
    const jwt = new URLSearchParams(await readBody(request)).get('JWT') ?? '';
    try {
      if (!opts.toolJwks) throw new Error('no tool JWKS');
      const { payload } = await jwtVerify(jwt, createLocalJWKSet(await opts.toolJwks()), { algorithms: ['RS256'], issuer: clientId, audience: origin, requiredClaims: ['nonce', 'iat', 'exp'] });
      deepLinks.push(payload);
      const items = (payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] ?? []) as { title: string }[];
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><body><h1>Added ${items.length}</h1><ul>${items.map((i) => `<li>${escapeAttr(i.title)}</li>`).join('')}</ul></body></html>`);
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(`bad deep linking response: ${(error as Error).message}`);
    }
  };

  const takeScore = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !accessTokens.has(token)) return answer(response, 401, { error: 'invalid_token' });
    if (request.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json') return answer(response, 415, {});
    if (state.refuse) return answer(response, 400, { error: 'score refused' });
    scores.push({ url: url.pathname + url.search, body: JSON.parse(await readBody(request)) as Record<string, unknown> });
    response.writeHead(204);
    response.end();
  };

  const idToken: PlatformDouble['idToken'] = async (claims, o = {}) => {
    const header = { alg: o.alg ?? 'RS256', kid: o.kid ?? kid, typ: 'JWT' };
    if (header.alg === 'none') return `${b64(header)}.${b64(claims)}.`;
    return new SignJWT(claims as JWTPayload).setProtectedHeader(header).sign(o.key === 'foreign' ? foreignKeys.privateKey : platformKeys.privateKey);
  };

  const authorize = async (params: URLSearchParams, response: ServerResponse) => {
    authRequests.push(params);
    // The authentication request of LTI Security Framework 1.0, 5.1.1.2.
    const problems = [
      params.get('scope') === 'openid' ? null : 'scope',
      params.get('response_type') === 'id_token' ? null : 'response_type',
      params.get('response_mode') === 'form_post' ? null : 'response_mode',
      params.get('prompt') === 'none' ? null : 'prompt',
      params.get('client_id') === clientId ? null : 'client_id',
      params.get('redirect_uri') === opts.toolLaunchUrl() ? null : 'redirect_uri',
      params.get('nonce') ? null : 'nonce',
      params.get('state') ? null : 'state',
    ].filter(Boolean);
    const claims = pending.get(params.get('login_hint') ?? '');
    if (problems.length || !claims) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(`bad authentication request: ${problems.join(', ') || 'unknown login_hint'}`);
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const token = await idToken({ ...claims, nonce: params.get('nonce'), iat: now, exp: now + 300 });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><body>
<form id="f" method="post" action="${escapeAttr(params.get('redirect_uri') ?? '')}">
<input type="hidden" name="id_token" value="${escapeAttr(token)}"><input type="hidden" name="state" value="${escapeAttr(params.get('state') ?? '')}">
${storageHints.has(params.get('login_hint') ?? '') ? '<input type="hidden" name="lti_storage_target" value="_parent">' : ''}
</form><script>document.getElementById('f').submit()</script></body></html>`);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    if ((url.pathname === '/token' || url.pathname.startsWith('/lineitems/')) && state.down) {
      response.writeHead(503, { 'retry-after': '0' });
      response.end();
    } else if (url.pathname === '/token' && request.method === 'POST') {
      await issueToken(request, response);
    } else if (url.pathname === '/lineitems/7/scores' && request.method === 'POST') {
      await takeScore(request, response, url);
    } else if (url.pathname === '/deep-link-return' && request.method === 'POST') {
      await takeDeepLink(request, response);
    } else if (url.pathname === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [publicJwk] }));
    } else if (url.pathname === '/auth') {
      await authorize(url.searchParams, response);
    } else if (url.pathname === '/course') {
      const login = new URL(url.searchParams.get('login') ?? '');
      login.searchParams.set('iss', origin);
      login.searchParams.set('login_hint', url.searchParams.get('hint') ?? '');
      login.searchParams.set('target_link_uri', url.searchParams.get('target') ?? '');
      login.searchParams.set('lti_message_hint', 'resource-1');
      login.searchParams.set('client_id', clientId);
      login.searchParams.set('lti_deployment_id', deploymentId);
      const storage = url.searchParams.get('storage');
      if (storage) {
        login.searchParams.set('lti_storage_target', '_parent');
        storageHints.add(url.searchParams.get('hint') ?? '');
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head><title>LMS course</title>${storage ? `<script>${storageScript(storage === 'tamper')}</script>` : ''}</head><body><h1>LMS course</h1>
<iframe title="Tool" src="${escapeAttr(login.href)}" style="width: 1000px; height: 700px"></iframe></body></html>`);
    } else {
      response.writeHead(404);
      response.end();
    }
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer: origin,
    clientId,
    deploymentId,
    kid,
    authUrl: `${origin}/auth`,
    tokenUrl: `${origin}/token`,
    jwksUrl: `${origin}/jwks`,
    authRequests,
    get lineItemUrl() {
      return `${origin}/lineitems/7?course=1`;
    },
    get agsClaim() {
      return { 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': { scope: [SCORE_SCOPE], lineitems: `${origin}/lineitems?course=1`, lineitem: `${origin}/lineitems/7?course=1` } };
    },
    scores,
    assertions,
    get deepLinkReturnUrl() {
      return `${origin}/deep-link-return`;
    },
    deepLinks,
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    launchClaims: (target, sub, extra = {}) => ({
      iss: origin,
      aud: clientId,
      sub,
      given_name: 'Grace',
      family_name: 'Hopper',
      name: 'Grace Hopper',
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiResourceLinkRequest',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': deploymentId,
      'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': target,
      'https://purl.imsglobal.org/spec/lti/claim/resource_link': { id: 'resource-1', title: 'Course' },
      'https://purl.imsglobal.org/spec/lti/claim/roles': ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      'https://purl.imsglobal.org/spec/lti/claim/context': { id: 'course-1', title: 'Physics' },
      ...extra,
    }),
    idToken,
    expectLogin: (loginHint, claims) => {
      pending.set(loginHint, claims);
    },
    coursePageUrl: (toolLoginUrl, target, loginHint, options = {}) =>
      `${origin}/course?${new URLSearchParams({ login: toolLoginUrl, target, hint: loginHint, ...(options.storage ? { storage: options.storage } : {}) })}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
