import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthSession } from '../../model/tracking';
import { ApiErrorBody } from '../../server/http/errors';
import { listPlatforms, registerPlatform } from '../../server/lti/platforms';
import { RETIRED_KEY_OVERLAP_MS } from '../../server/lti/toolKeys';
import { importFile } from '../../server/store/import';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterial, smallMaterial } from './fixtures';
import { startPlatformDouble, type PlatformDouble } from './ltiPlatform';

const TOOL = 'http://tool.test';
const TOKEN = 'lti-admin-token-0123456789abcdef0123456789';
const C = 'https://purl.imsglobal.org/spec/lti/claim/';

/** The tables a launch writes: none of them may change when it is refused. */
const TOUCHED = ['users', 'auth_sessions', 'guest_sessions', 'lti_learners', 'lti_guests'] as const;

describe.each(testDatabaseKinds)('LTI 1.3 tool on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, { adminToken: TOKEN });
  let platform: PlatformDouble;
  const shares = { private: '', guest: '', public: '', rich: '' };
  const target = (share: string) => `${TOOL}/s/${share}/`;

  beforeAll(async () => {
    platform = await startPlatformDouble({ toolLaunchUrl: () => `${TOOL}/lti/launch` });
    await registerPlatform(t.db, {
      issuer: platform.issuer,
      clientId: platform.clientId,
      deploymentIds: [platform.deploymentId],
      authUrl: platform.authUrl,
      tokenUrl: platform.tokenUrl,
      jwksUrl: platform.jwksUrl,
    });
    shares.private = (await importFile(t.db, smallMaterial('lti-priv'), { share: 'private' })).share.publicId;
    shares.guest = (await importFile(t.db, smallMaterial('lti-guest'), { share: 'guest' })).share.publicId;
    shares.public = (await importFile(t.db, smallMaterial('lti-pub'), { share: 'public' })).share.publicId;
    shares.rich = (await importFile(t.db, richMaterial, { share: 'guest' })).share.publicId;
  });
  afterAll(() => platform?.close());

  const counts = async () => Object.fromEntries(await Promise.all(TOUCHED.map(async (table) => [table, (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n])));

  /** The tool's login initiation as the platform starts it; answers the state, nonce and the browser's state cookie. */
  const beginLogin = async (targetLinkUri: string, method: 'GET' | 'POST' = 'GET') => {
    const params = { iss: platform.issuer, login_hint: 'user-hint', target_link_uri: targetLinkUri, lti_message_hint: 'msg-7', client_id: platform.clientId, lti_deployment_id: platform.deploymentId };
    const res =
      method === 'GET'
        ? await a.app.inject({ url: `/lti/login?${new URLSearchParams(params)}`, headers: { host: 'tool.test' } })
        : await a.app.inject({ method: 'POST', url: '/lti/login', headers: { host: 'tool.test', 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(params).toString() });
    expect(res.statusCode, res.body).toBe(302);
    const location = new URL(res.headers.location as string);
    const setCookie = [res.headers['set-cookie']].flat()[0] as string;
    return { location, state: location.searchParams.get('state') ?? '', nonce: location.searchParams.get('nonce') ?? '', cookie: setCookie.split(';')[0], setCookie };
  };

  const launch = (form: Record<string, string>, cookie?: string) =>
    a.app.inject({
      method: 'POST',
      url: '/lti/launch',
      headers: { host: 'tool.test', 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams(form).toString(),
    });

  const now = () => Math.floor(Date.now() / 1000);
  const signed = (claims: Record<string, unknown>, nonce: string, opts?: Parameters<PlatformDouble['idToken']>[1]) => platform.idToken({ iat: now(), exp: now() + 300, nonce, ...claims }, opts);
  const sessionCookieOf = (res: LightMyRequestResponse) => [res.headers['set-cookie']].flat().find((c) => c?.startsWith('lernwerk_session='));

  it('registers a platform once per issuer and client id, adding deployment ids (admin route), and publishes the tool key in its JWKS', async () => {
    const body = { issuer: 'https://lms.example', clientId: 'abc', deploymentIds: ['1'], authUrl: 'https://lms.example/auth', tokenUrl: 'https://lms.example/token', jwksUrl: 'https://lms.example/jwks' };
    const auth = { authorization: `Bearer ${TOKEN}` };
    const first = await a.app.inject({ method: 'POST', url: '/api/admin/lti/platforms', payload: body, headers: auth });
    expect(first.statusCode, first.body).toBe(201);
    const again = await a.app.inject({ method: 'POST', url: '/api/admin/lti/platforms', payload: { ...body, deploymentIds: ['2'] }, headers: auth });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.platform.deploymentIds).toEqual(['1', '2']);
    const http = await a.app.inject({ method: 'POST', url: '/api/admin/lti/platforms', payload: { ...body, authUrl: 'http://lms.example/auth' }, headers: auth });
    expect(http.statusCode).toBe(400);
    expect(ApiErrorBody.parse(http.json()).errors.map((e) => e.path)).toEqual(['authUrl']);
    const removed = await a.app.inject({ method: 'DELETE', url: `/api/admin/lti/platforms?${new URLSearchParams({ issuer: body.issuer, clientId: 'abc' })}`, headers: auth });
    expect(removed.statusCode).toBe(200);
    expect((await listPlatforms(t.db)).map((p) => p.issuer)).toEqual([platform.issuer]);

    const jwks = await a.app.inject({ url: '/lti/jwks' });
    const [key] = jwks.json().keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
    expect(key).not.toHaveProperty('d');
    const rotated = await a.app.inject({ method: 'POST', url: '/api/admin/lti/keys/rotate', headers: auth });
    const kids = (await a.app.inject({ url: '/lti/jwks' })).json().keys.map((k: { kid: string }) => k.kid);
    expect(kids).toEqual([rotated.json().data.kid, key.kid]);
    await t.db.query(`UPDATE lti_keys SET retired_at = now() - $1 * interval '1 millisecond' WHERE kid = $2`, [RETIRED_KEY_OVERLAP_MS + 1000, key.kid]);
    expect((await a.app.inject({ url: '/lti/jwks' })).json().keys.map((k: { kid: string }) => k.kid)).toEqual([rotated.json().data.kid]);
  });

  it('redirects a login initiation (GET and POST) to the platform with the OIDC authentication request, the state in a SameSite=None; Secure; Partitioned cookie', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const { location, state, nonce, setCookie } = await beginLogin(target(shares.private), method);
      expect(location.origin + location.pathname).toBe(platform.authUrl);
      expect(Object.fromEntries(location.searchParams)).toEqual({
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.clientId,
        redirect_uri: `${TOOL}/lti/launch`,
        login_hint: 'user-hint',
        lti_message_hint: 'msg-7',
        state,
        nonce,
      });
      expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(setCookie).toMatch(/^lernwerk_lti_[0-9a-f]{16}=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/lti\/; HttpOnly; Secure; Partitioned; SameSite=None$/);
    }
    const unknown = await a.app.inject({ url: `/lti/login?${new URLSearchParams({ iss: 'https://other.example', login_hint: 'x', target_link_uri: target(shares.private) })}`, headers: { host: 'tool.test' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('data-check>iss<');
    const foreign = await a.app.inject({ url: `/lti/login?${new URLSearchParams({ iss: platform.issuer, login_hint: 'x', target_link_uri: 'https://evil.example/s/x/' })}`, headers: { host: 'tool.test' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
  });

  it('launches a private share as the platform user: a named account with a partitioned login cookie, the same account on the next launch', async () => {
    const before = await counts();
    const login = await beginLogin(target(shares.private));
    const res = await launch({ id_token: await signed(platform.launchClaims(target(shares.private), 'sub-ada'), login.nonce), state: login.state }, login.cookie);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(target(shares.private));
    const cookie = sessionCookieOf(res) ?? '';
    expect(cookie).toMatch(/; Path=\/; HttpOnly; Secure; Partitioned; SameSite=None$/);
    const session = await a.app.inject({ url: '/auth/session', headers: { cookie: cookie.split(';')[0] } });
    expect(AuthSession.parse(session.json().data).authenticated).toBe(true);
    const page = await a.app.inject({ url: `/s/${shares.private}/`, headers: { cookie: cookie.split(';')[0] } });
    expect(page.statusCode).toBe(200);
    const [user] = await t.db.query<{ firstname: string; lastname: string; roles: string[]; email: string }>(
      'SELECT u.firstname, u.lastname, u.roles, u.email FROM users u JOIN lti_learners l ON l.user_id = u.id WHERE l.sub = $1',
      ['sub-ada'],
    );
    expect(user).toMatchObject({ firstname: 'Grace', lastname: 'Hopper', roles: ['lti-learner'] });
    expect(user.email).toMatch(/^[0-9a-f]{24}@lti\.invalid$/);

    const next = await beginLogin(target(shares.private));
    const teacher = platform.launchClaims(target(shares.private), 'sub-ada', { [`${C}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'] });
    expect((await launch({ id_token: await signed(teacher, next.nonce), state: next.state }, next.cookie)).statusCode).toBe(303);
    const after = await counts();
    expect([after.users - before.users, after.lti_learners - before.lti_learners, after.auth_sessions - before.auth_sessions]).toEqual([1, 1, 2]);
    const [learner] = await t.db.query<{ instructor: boolean; roles: string[] }>('SELECT l.instructor, u.roles FROM lti_learners l JOIN users u ON u.id = l.user_id WHERE l.sub = $1', ['sub-ada']);
    expect(learner).toEqual({ instructor: true, roles: ['lti-instructor'] });
  });

  it('makes one account of two first launches of a user at once (two frames)', async () => {
    const logins = await Promise.all([beginLogin(target(shares.private)), beginLogin(target(shares.private))]);
    const answers = await Promise.all(logins.map(async (l) => launch({ id_token: await signed(platform.launchClaims(target(shares.private), 'sub-twin'), l.nonce), state: l.state }, l.cookie)));
    expect(answers.map((r) => r.statusCode)).toEqual([303, 303]);
    expect(await t.db.query('SELECT user_id FROM lti_learners WHERE sub = $1', ['sub-twin'])).toHaveLength(1);
  });

  it('launches a guest share as the course guest named by the platform, the guest session in the address', async () => {
    const open = async () => {
      const login = await beginLogin(target(shares.guest));
      const res = await launch({ id_token: await signed(platform.launchClaims(target(shares.guest), 'sub-grace'), login.nonce), state: login.state }, login.cookie);
      expect(res.statusCode, res.body).toBe(303);
      expect(sessionCookieOf(res)).toBeUndefined();
      return new URL(res.headers.location as string);
    };
    const first = await open();
    const id = first.searchParams.get('guestSessionId') ?? '';
    expect(first.pathname).toBe(`/s/${shares.guest}/`);
    const [guest] = await t.db.query<{ name: string }>('SELECT name FROM guest_sessions WHERE public_id = $1', [id]);
    expect(guest.name).toBe('Grace Hopper');
    expect((await open()).searchParams.get('guestSessionId')).toBe(id);
  });

  it("an instructor's launch of a resource link lets that account read the share's results; a later launch of the link as a learner takes it back", async () => {
    const INSTRUCTOR = ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'];
    const open = async (share: string, sub: string, roles: string[], link = 'link-results') => {
      const login = await beginLogin(target(share));
      const claims = platform.launchClaims(target(share), sub, { [`${C}roles`]: roles, [`${C}resource_link`]: { id: link } });
      const res = await launch({ id_token: await signed(claims, login.nonce), state: login.state }, login.cookie);
      expect(res.statusCode, res.body).toBe(303);
      return (sessionCookieOf(res) ?? '').split(';')[0];
    };
    const results = (share: string, cookie: string) => a.app.inject({ url: `/api/shares/${share}/results`, headers: cookie ? { cookie } : {} });
    // On a guest share the instructor works as the course's guest and is logged in as the LMS's account too.
    const teacher = await open(shares.guest, 'sub-results-teacher', INSTRUCTOR);
    expect(teacher).toMatch(/^lernwerk_session=/);
    expect((await results(shares.guest, teacher)).statusCode).toBe(200);
    expect((await results(shares.public, teacher)).statusCode, 'another share').toBe(404);
    const privateTeacher = await open(shares.private, 'sub-results-teacher', INSTRUCTOR, 'link-private');
    expect((await results(shares.private, privateTeacher)).statusCode).toBe(200);
    // A learner of the course gets no login on the guest share; on the private share a login that reads no results.
    expect(await open(shares.guest, 'sub-results-learner', ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'])).toBe('');
    const learner = await open(shares.private, 'sub-results-learner', ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'], 'link-private');
    expect((await results(shares.private, learner)).statusCode).toBe(404);
    // The platform says the teacher is a learner of that link now.
    await open(shares.guest, 'sub-results-teacher', ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner']);
    expect((await results(shares.guest, teacher)).statusCode).toBe(404);
    expect((await results(shares.private, privateTeacher)).statusCode, 'the other link still holds').toBe(200);
  });

  it('deep linking: an instructor picks shares and the platform gets a response signed by the tool key, a line item for the material with questions', async () => {
    const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
    const request = (roles: string[]) =>
      platform.launchClaims(`${TOOL}/lti/launch`, 'sub-teacher', {
        [`${C}message_type`]: 'LtiDeepLinkingRequest',
        [`${C}resource_link`]: undefined,
        [`${C}roles`]: roles,
        [`${DL}deep_linking_settings`]: { deep_link_return_url: `${platform.issuer}/deep-link-return?course=1`, accept_types: ['ltiResourceLink'], accept_multiple: true, data: 'opaque-42' },
      });
    const learnerLogin = await beginLogin(`${TOOL}/lti/launch`);
    const refused = await launch({ id_token: await signed(request(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner']), learnerLogin.nonce), state: learnerLogin.state }, learnerLogin.cookie);
    expect(refused.statusCode).toBe(403);

    const login = await beginLogin(`${TOOL}/lti/launch`);
    const res = await launch({ id_token: await signed(request(['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor']), login.nonce), state: login.state }, login.cookie);
    expect(res.statusCode, res.body).toBe(303);
    const picker = await a.app.inject({ url: res.headers.location as string, headers: { host: 'tool.test' } });
    expect(picker.statusCode).toBe(200);
    for (const id of [shares.private, shares.guest, shares.rich]) expect(picker.body).toContain(`value="${id}"`);
    expect(picker.body).not.toContain(`value="${shares.public}"`);
    const dl = new URL(res.headers.location as string, TOOL).searchParams.get('dl') ?? '';
    const searched = await a.app.inject({ url: `/lti/deep-link?${new URLSearchParams({ dl, q: 'lti-GUEST' })}`, headers: { host: 'tool.test' } });
    expect(searched.body).toContain(`value="${shares.guest}"`);
    expect(searched.body).not.toContain(`value="${shares.private}"`);

    const choose = () =>
      a.app.inject({ method: 'POST', url: '/lti/deep-link', headers: { host: 'tool.test', 'content-type': 'application/x-www-form-urlencoded' }, payload: `dl=${dl}&share=${shares.rich}&share=${shares.private}` });
    const back = await choose();
    expect(back.statusCode, back.body).toBe(200);
    expect(back.body).toContain(`action="${platform.issuer}/deep-link-return?course=1"`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(back.body)?.[1] ?? '';
    const keys = createLocalJWKSet((await a.app.inject({ url: '/lti/jwks' })).json());
    const { payload } = await jwtVerify(jwt, keys, { algorithms: ['RS256'], issuer: platform.clientId, audience: platform.issuer });
    expect(payload).toMatchObject({
      [`${C}message_type`]: 'LtiDeepLinkingResponse',
      [`${C}version`]: '1.3.0',
      [`${C}deployment_id`]: platform.deploymentId,
      [`${DL}data`]: 'opaque-42',
      [`${DL}content_items`]: [
        { type: 'ltiResourceLink', title: richMaterial.title, url: `${TOOL}/s/${shares.rich}/`, lineItem: { scoreMaximum: 100, label: richMaterial.title } },
        { type: 'ltiResourceLink', title: 'Material lti-priv', url: `${TOOL}/s/${shares.private}/` },
      ],
    });
    expect(typeof payload.nonce).toBe('string');
    expect((await choose()).statusCode, 'used once').toBe(404);
  });

  describe('through the LMS\'s storage frame (lti_storage_target), for browsers that keep no cookie of the tool', () => {
    const configOf = (html: string) => JSON.parse(/<script type="application\/json" id="lernwerk-lti-storage-config">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
    const storageLogin = async () => {
      const params = { iss: platform.issuer, login_hint: 'user-hint', target_link_uri: target(shares.private), client_id: platform.clientId, lti_storage_target: '_parent' };
      const res = await a.app.inject({ method: 'POST', url: '/lti/login', headers: { host: 'tool.test', 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(params).toString() });
      expect(res.statusCode, res.body).toBe(200);
      const config = configOf(res.body);
      const auth = new URL(config.continueUrl);
      return { res, config, state: auth.searchParams.get('state') ?? '', nonce: auth.searchParams.get('nonce') ?? '' };
    };
    const checked = (body: unknown, headers: Record<string, string> = { origin: TOOL }) =>
      a.app.inject({ method: 'POST', url: '/lti/launch/checked', headers: { host: 'tool.test', 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

    it('the login page stores the state and the nonce in the named frame (only to the platform\'s origin), keeps the cookie, then goes on to the auth URL', async () => {
      const { res, config, state, nonce } = await storageLogin();
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('src="/lti/storage.js"');
      expect(config).toMatchObject({
        mode: 'store',
        storageTarget: '_parent',
        platformOrigin: new URL(platform.authUrl).origin,
        entries: [
          { key: `lernwerk-state-${state}`, value: state },
          { key: `lernwerk-nonce-${nonce}`, value: nonce },
        ],
      });
      expect(config.continueUrl.startsWith(`${platform.authUrl}?`)).toBe(true);
      expect([res.headers['set-cookie']].flat()[0]).toMatch(/^lernwerk_lti_[0-9a-f]{16}=/);
      const script = await a.app.inject({ url: '/lti/storage.js' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      expect(script.body).toContain('ltiPlatformStorage');
    });

    it('a launch without the state cookie gets the checking page and changes nothing; the checked launch (JSON from this origin) opens it, once', async () => {
      const login = await storageLogin();
      const idToken = await signed(platform.launchClaims(target(shares.private), 'sub-storage'), login.nonce);
      const before = await counts();
      const page = await launch({ id_token: idToken, state: login.state, lti_storage_target: '_parent' });
      expect(page.statusCode, page.body).toBe(200);
      expect(configOf(page.body)).toEqual({
        mode: 'check',
        entries: [
          { key: `lernwerk-state-${login.state}`, value: login.state },
          { key: `lernwerk-nonce-${login.nonce}`, value: login.nonce },
        ],
        storageTarget: '_parent',
        platformOrigin: new URL(platform.authUrl).origin,
        confirmUrl: '/lti/launch/checked',
        idToken,
        state: login.state,
      });
      expect(sessionCookieOf(page)).toBeUndefined();
      expect(await counts()).toEqual(before);

      for (const [headers, status] of [[{}, 403], [{ origin: 'https://evil.example' }, 403], [{ origin: TOOL, 'sec-fetch-site': 'cross-site' }, 403]] as const) {
        const refused = await checked({ id_token: idToken, state: login.state }, headers);
        expect(refused.statusCode).toBe(status);
        expect(refused.json().check).toBe('origin');
      }
      const form = await a.app.inject({ method: 'POST', url: '/lti/launch/checked', headers: { host: 'tool.test', origin: TOOL, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ id_token: idToken, state: login.state }).toString() });
      expect(form.statusCode).toBe(415);
      expect(await counts()).toEqual(before);

      const opened = await checked({ id_token: idToken, state: login.state }, { origin: TOOL, 'sec-fetch-site': 'same-origin' });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json()).toEqual({ location: target(shares.private) });
      expect(sessionCookieOf(opened)).toMatch(/; Path=\/; HttpOnly; Secure; Partitioned; SameSite=None$/);
      const again = await checked({ id_token: idToken, state: login.state });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ check: 'state' });
    });

    it('refuses a checked launch whose token fails (a wrong nonce) with its check, and a checking page for an unknown state', async () => {
      const login = await storageLogin();
      const before = await counts();
      const wrong = await checked({ id_token: await signed(platform.launchClaims(target(shares.private), 'sub-storage-2'), 'another-nonce'), state: login.state });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().check).toBe('nonce');
      const unknown = await launch({ id_token: await signed(platform.launchClaims(target(shares.private), 'sub-storage-2'), login.nonce), state: 'B'.repeat(43), lti_storage_target: '_parent' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.body).toContain('data-check>state<');
      expect(await counts()).toEqual(before);
    });
  });

  // The checks do not depend on the database: on one kind of it.
  describe.skipIf(kind !== testDatabaseKinds[0])('refuses, creating no session and no learner', () => {
    type Case = [name: string, check: string, make: (login: { state: string; nonce: string; cookie: string }) => Promise<{ form: Record<string, string>; cookie?: string }>];
    const claims = () => platform.launchClaims(target(shares.private), 'sub-refused');
    let used: { idToken: string; login: { state: string; nonce: string; cookie: string } } | undefined;
    const usedLaunch = async () => {
      if (!used) {
        const login = await beginLogin(target(shares.private));
        const idToken = await signed(platform.launchClaims(target(shares.private), 'sub-replay'), login.nonce);
        expect((await launch({ id_token: idToken, state: login.state }, login.cookie)).statusCode).toBe(303);
        used = { idToken, login };
      }
      return used;
    };
    const cases: Case[] = [
      ['a token signed by another key', 'signature', async (l) => ({ form: { id_token: await signed(claims(), l.nonce, { key: 'foreign' }), state: l.state } })],
      ['an unknown kid', 'kid', async (l) => ({ form: { id_token: await signed(claims(), l.nonce, { kid: 'not-a-kid' }), state: l.state } })],
      ['alg none', 'alg', async (l) => ({ form: { id_token: await signed(claims(), l.nonce, { alg: 'none' }), state: l.state } })],
      ['a replayed nonce (an earlier launch\'s id_token)', 'nonce', async (l) => ({ form: { id_token: (await usedLaunch()).idToken, state: l.state } })],
      ['a replayed launch (its state used)', 'state', async () => {
        const u = await usedLaunch();
        return { form: { id_token: u.idToken, state: u.login.state }, cookie: u.login.cookie };
      }],
      ['a wrong nonce', 'nonce', async (l) => ({ form: { id_token: await signed(claims(), 'another-nonce'), state: l.state } })],
      ['a wrong iss', 'iss', async (l) => ({ form: { id_token: await signed({ ...claims(), iss: 'https://other.example' }, l.nonce), state: l.state } })],
      ['a wrong aud', 'aud', async (l) => ({ form: { id_token: await signed({ ...claims(), aud: 'another-client' }, l.nonce), state: l.state } })],
      ['a wrong azp', 'azp', async (l) => ({ form: { id_token: await signed({ ...claims(), aud: [platform.clientId, 'x'], azp: 'x' }, l.nonce), state: l.state } })],
      ['several audiences without azp', 'azp', async (l) => ({ form: { id_token: await signed({ ...claims(), aud: [platform.clientId, 'x'] }, l.nonce), state: l.state } })],
      ['a wrong version', `${C}version`, async (l) => ({ form: { id_token: await signed({ ...claims(), [`${C}version`]: '1.1.0' }, l.nonce), state: l.state } })],
      ['a wrong message_type', `${C}message_type`, async (l) => ({ form: { id_token: await signed({ ...claims(), [`${C}message_type`]: 'LtiSubmissionReviewRequest' }, l.nonce), state: l.state } })],
      ['an expired token', 'exp', async (l) => ({ form: { id_token: await signed({ ...claims(), iat: now() - 900, exp: now() - 600 }, l.nonce), state: l.state } })],
      ['an iat in the future', 'iat', async (l) => ({ form: { id_token: await signed({ ...claims(), iat: now() + 600, exp: now() + 900 }, l.nonce), state: l.state } })],
      ['an unknown deployment', `${C}deployment_id`, async (l) => ({ form: { id_token: await signed({ ...claims(), [`${C}deployment_id`]: 'deployment-9' }, l.nonce), state: l.state } })],
      ['a target_link_uri on another origin', `${C}target_link_uri`, async (l) => ({ form: { id_token: await signed({ ...claims(), [`${C}target_link_uri`]: `https://evil.example/s/${shares.private}/` }, l.nonce), state: l.state } })],
      ['a state from another browser', 'state', async (l) => ({ form: { id_token: await signed(claims(), l.nonce), state: l.state }, cookie: `${l.cookie.split('=')[0]}=${'A'.repeat(43)}` })],
      ['no state cookie (plain http, or cookies blocked)', 'state', async (l) => ({ form: { id_token: await signed(claims(), l.nonce), state: l.state }, cookie: '' })],
    ];
    it.each(cases)('%s', async (_name, check, make) => {
      const login = await beginLogin(target(shares.private));
      const { form, cookie } = await make(login);
      const before = await counts();
      const res = await launch(form, cookie ?? login.cookie);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(`data-check>${check}<`);
      expect(sessionCookieOf(res)).toBeUndefined();
      expect(await counts()).toEqual(before);
    });
  });
});
