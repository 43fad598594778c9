import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { Material } from '../../model/material';
import { AuthSession } from '../../model/tracking';
import { hashPassword, verifyPassword } from '../../server/auth/password';
import { authSessionTtlFromEnv, DEFAULT_AUTH_SESSION_TTL_MS, SESSION_COOKIE, sessionCookieOptions } from '../../server/auth/sessionCookie';
import { readConfig } from '../../server/config';
import { LOGIN_FAILURES_ALLOWED } from '../../server/auth/loginThrottle';
import { ApiErrorBody } from '../../server/http/errors';
import { hashSessionToken } from '../../server/store/authSessions';
import { importFile } from '../../server/store/import';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { smallCollection, smallMaterial } from './fixtures';
import { addUser, countRows, login, PASSWORD, sessionSetCookie } from './learners';

describe('passwords', () => {
  it('hashes with scrypt in a self-describing format with a random salt, and verifies', async () => {
    const [a, b] = await Promise.all([hashPassword('s3cret-password'), hashPassword('s3cret-password')]);
    expect(a).toMatch(/^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('s3cret-password', a)).toBe(true);
    expect(await verifyPassword('s3cret-passwort', a)).toBe(false);
    expect(await verifyPassword('s3cret-password', 'plain text')).toBe(false);
    expect(await verifyPassword('s3cret-password', a.replace('N=32768', 'N=1073741824'))).toBe(false);
  });

  it('reads the session lifetime from AUTH_SESSION_TTL_MS, 14 days by default', () => {
    expect(DEFAULT_AUTH_SESSION_TTL_MS).toBe(14 * 24 * 3600 * 1000);
    expect(authSessionTtlFromEnv({})).toBe(DEFAULT_AUTH_SESSION_TTL_MS);
    expect(authSessionTtlFromEnv({ AUTH_SESSION_TTL_MS: '1500' })).toBe(1500);
    expect(() => authSessionTtlFromEnv({ AUTH_SESSION_TTL_MS: 'soon' })).toThrow(/AUTH_SESSION_TTL_MS/);
  });

  it('marks the cookie Secure only for requests that came over https', () => {
    const over = (protocol: 'http' | 'https') => sessionCookieOptions({ protocol } as FastifyRequest, 60_000);
    expect(over('https')).toEqual({ httpOnly: true, sameSite: 'lax', path: '/', secure: true, maxAge: 60 });
    expect(over('http').secure).toBe(false);
  });
});

describe.each(testDatabaseKinds)('login sessions on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const session = async (cookie?: string) => {
    const res = await a.app.inject({ url: '/auth/session', headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return AuthSession.parse(res.json().data).authenticated;
  };

  beforeAll(async () => {
    await addUser(t.db, 'Ada@Example.org', { firstname: 'Ada', lastname: 'Lovelace' });
  });

  it('logs in (email in any case) with an HttpOnly, SameSite=Lax cookie of a 256-bit token stored only as its hash', async () => {
    const res = await a.app.inject({ method: 'POST', url: '/auth/login', payload: { email: ' ADA@example.org ', password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { authenticated: true } });
    const setCookie = sessionSetCookie(res);
    const token = /^lernwerk_session=([A-Za-z0-9_-]+);/.exec(setCookie)?.[1] ?? '';
    expect(token).toHaveLength(43);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; Max-Age=1209600/);
    expect(setCookie).not.toMatch(/Secure/);
    const rows = await t.db.query<{ token_hash: string; ttl: number }>(
      `SELECT token_hash, extract(epoch FROM expires_at - created_at)::int AS ttl FROM auth_sessions`,
    );
    expect(rows).toContainEqual({ token_hash: hashSessionToken(token), ttl: 1209600 });
    expect(JSON.stringify(await t.db.query('SELECT * FROM auth_sessions'))).not.toContain(token);
    expect(await session(`${SESSION_COOKIE}=${token}`)).toBe(true);
  });

  it('answers 401 with one message for a wrong password and an unknown email, and sets no cookie', async () => {
    const before = await countRows(t.db, 'auth_sessions');
    for (const payload of [
      { email: 'ada@example.org', password: 'wrong password' },
      { email: 'nobody@example.org', password: PASSWORD },
    ]) {
      const res = await a.app.inject({ method: 'POST', url: '/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: [{ path: '', message: 'Email or password is wrong' }] });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await countRows(t.db, 'auth_sessions')).toBe(before);
  });

  it('answers 400 with paths for a malformed login body', async () => {
    const res = await a.app.inject({ method: 'POST', url: '/auth/login', payload: { email: '', extra: true } });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorBody.parse(res.json()).errors.map((e) => e.path).sort()).toEqual(['email', 'extra', 'password']);
  });

  it('logs out: the session is deleted, the cookie cleared, and the old cookie no longer counts', async () => {
    const cookie = await login(a.app, 'ada@example.org');
    expect(await session(cookie)).toBe(true);
    const before = await countRows(t.db, 'auth_sessions');
    const res = await a.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
    expect(sessionSetCookie(res)).toMatch(/^lernwerk_session=; .*Expires=Thu, 01 Jan 1970/);
    expect(await countRows(t.db, 'auth_sessions')).toBe(before - 1);
    expect(await session(cookie)).toBe(false);
    expect((await a.app.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(200);
  });

  it('does not count a forged, a malformed or an expired session cookie', async () => {
    expect(await session()).toBe(false);
    expect(await session(`${SESSION_COOKIE}=${'A'.repeat(43)}`)).toBe(false);
    expect(await session(`${SESSION_COOKIE}=not a token`)).toBe(false);
    const cookie = await login(a.app, 'ada@example.org');
    const hash = hashSessionToken(cookie.split('=')[1]);
    await t.db.query(`UPDATE auth_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hash]);
    expect(await session(cookie)).toBe(false);
  });
});

describe.each(testDatabaseKinds)('a short session lifetime on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, { authSessionTtlMs: 300 });

  it('lets the session expire after AUTH_SESSION_TTL_MS', async () => {
    await addUser(t.db, 'short@example.org');
    const res = await a.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'short@example.org', password: PASSWORD } });
    const cookie = sessionSetCookie(res).split(';')[0];
    const check = async () => (await a.app.inject({ url: '/auth/session', headers: { cookie } })).json().data.authenticated;
    expect(await check()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await check()).toBe(false);
  });
});

describe.each(testDatabaseKinds)('calls on a private share on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  const shares = { material: '', collection: '' };
  const material = Material.parse({
    ...smallMaterial('priv'),
    content: [{ modelName: 'FreeTextInput', id: 'priv-ft', instructions: { html: '<p>Why?</p>' }, useGenerativeFeedback: true }],
  });
  let cookie = '';

  beforeAll(async () => {
    shares.material = (await importFile(t.db, material, { share: 'private' })).share.publicId;
    shares.collection = (await importFile(t.db, smallCollection('priv', [smallMaterial('priv-in')]), { share: 'private' })).share.publicId;
    await addUser(t.db, 'learner@example.org');
    cookie = await login(a.app, 'learner@example.org');
  });

  const calls = () => [
    { url: '/api/model/query', payload: { share: shares.material, modelName: 'Material', id: 'm-priv' }, ok: 200 },
    { url: '/api/collectionMaterial', payload: { collectionPublicId: shares.collection, publicId: 'material-priv-in' }, ok: 200 },
    // No feedback provider in these tests: with a login the call gets as far as the provider check (503).
    { url: '/api/taskbase/feedback/', payload: { share: shares.material, elementId: 'priv-ft', userAnswer: 'Because.' }, ok: 503 },
  ];

  it('answers 403 without a valid session cookie', async () => {
    for (const call of calls()) {
      for (const headers of [{}, { cookie: `${SESSION_COOKIE}=${'B'.repeat(43)}` }]) {
        const res = await a.app.inject({ method: 'POST', url: call.url, payload: call.payload, headers });
        expect(res.statusCode, call.url).toBe(403);
        expect(ApiErrorBody.parse(res.json()).errors[0].message).toBe('Log in to open this share');
      }
    }
  });

  it('answers with a valid session cookie', async () => {
    for (const call of calls()) {
      const res = await a.app.inject({ method: 'POST', url: call.url, payload: call.payload, headers: { cookie } });
      expect(res.statusCode, call.url).toBe(call.ok);
    }
    const query = await a.app.inject({ method: 'POST', url: '/api/model/query', payload: calls()[0].payload, headers: { cookie } });
    expect(query.json().data[0]).toMatchObject({ id: 'm-priv', title: 'Material priv' });
  });
});

describe.each(testDatabaseKinds)('behind a reverse proxy on %s', (kind) => {
  const t = useTestDatabase(kind);
  const trusting = useTestApp(() => t.db, { trustProxy: true });
  const direct = useTestApp(() => t.db);
  beforeAll(async () => {
    await addUser(t.db, 'proxy@example.org');
  });
  const loginOver = (app: typeof trusting.app) =>
    app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'proxy@example.org', password: PASSWORD }, headers: { 'x-forwarded-proto': 'https' } });

  it('marks the cookie Secure when a trusted proxy (TRUST_PROXY) saw https, and ignores the header otherwise', async () => {
    expect(sessionSetCookie(await loginOver(trusting.app))).toMatch(/; Secure/);
    expect(sessionSetCookie(await loginOver(direct.app))).not.toMatch(/Secure/);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(readConfig({}).trustProxy).toBe(false);
  });
});

describe.each(testDatabaseKinds)('login throttle over HTTP on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db);
  beforeAll(async () => {
    await addUser(t.db, 'guessed@example.org');
  });

  it('answers 429 with Retry-After once an email had too many failures, even with the right password', async () => {
    const attempt = (password: string) => a.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'guessed@example.org', password } });
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) expect((await attempt(`wrong-${i}-password`)).statusCode).toBe(401);
    const refused = await attempt(PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ApiErrorBody.parse(refused.json()).errors[0].message).toMatch(/Too many failed logins/);
    expect(await countRows(t.db, 'auth_sessions')).toBe(0);
  });
});
