import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureFlagsAnswer } from '../../model/featureFlagSettings';
import type { FeatureFlags } from '../../model/pageData';
import { buildApp } from '../../server/app';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import { ApiErrorBody } from '../../server/http/errors';
import { importFile } from '../../server/store/import';
import { embeddedPageData, useTestApp } from './app';
import { createTestDatabase, TEST_DATABASE_URL, testDatabaseKinds, useTestDatabase, type TestDatabase } from './databases';
import { smallMaterial } from './fixtures';
import { addUser, login } from './learners';

/*
 * Feature flags from the database (spec sections 6 and 7, features/clear): the environment's values
 * are the defaults, an administrator's stored settings override them, each server caches them until
 * `POST /api/features/clear` (or a setting changed through the admin routes), on PostgreSQL on every
 * server within a second.
 */

const ADMIN_TOKEN = 'a-test-token-of-this-server-start';
const DEFAULTS: FeatureFlags = { FULLTEXT_SEARCH: true, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false };

/** The feature flags of a share page's page data. */
async function pageFlags(app: FastifyInstance, url: string): Promise<FeatureFlags> {
  return embeddedPageData((await app.inject({ method: 'GET', url })).body).featureFlags;
}

describe.each(testDatabaseKinds)('feature flags on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, { adminToken: ADMIN_TOKEN, featureFlags: DEFAULTS });
  const cookie = {} as Record<'admin' | 'learner', string>;
  let page = '';
  const flags = () => pageFlags(a.app, page);
  const clear = (headers: Record<string, string>, payload?: string) =>
    a.app.inject({ method: 'POST', url: '/api/features/clear', headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers }, payload });
  const setRow = (name: string, enabled: boolean) =>
    t.db.query('INSERT INTO feature_flags (name, enabled) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET enabled = EXCLUDED.enabled', [name, enabled]);

  beforeAll(async () => {
    page = `/s/${(await importFile(t.db, smallMaterial('flags'), { share: 'public' })).share.publicId}/`;
    await addUser(t.db, 'root@example.org');
    await addUser(t.db, 'learner@example.org');
    await t.db.query(`UPDATE users SET roles = '{admin}' WHERE email = 'root@example.org'`);
    cookie.admin = await login(a.app, 'root@example.org');
    cookie.learner = await login(a.app, 'learner@example.org');
  });

  it("serves the environment's values, then what an administrator stored once the flags are cleared, in every page's data", async () => {
    expect(await flags()).toEqual(DEFAULTS);
    await setRow('FULLTEXT_SEARCH', false);
    await setRow('ANNOTATION_COMMENTS', true);
    // Cached: a change in the database waits for the clear.
    expect(await flags()).toEqual(DEFAULTS);
    const res = await clear({ cookie: cookie.admin });
    expect(res.statusCode, res.body).toBe(200);
    const changed = { ...DEFAULTS, FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: true };
    expect(FeatureFlagsAnswer.parse(res.json().data)).toEqual({ featureFlags: changed, overrides: { ANNOTATION_COMMENTS: true, FULLTEXT_SEARCH: false } });
    expect(await flags()).toEqual(changed);
    // The error page of an unknown share too.
    expect(await pageFlags(a.app, `/s/${'Q'.repeat(24)}/`)).toEqual(changed);
    await t.db.query('DELETE FROM feature_flags');
    expect((await clear({ authorization: `Bearer ${ADMIN_TOKEN}` })).statusCode).toBe(200);
    expect(await flags()).toEqual(DEFAULTS);
  });

  it('clears for an account holding the admin role or with the admin token; anyone else is refused (403 or 401) and clears nothing', async () => {
    expect((await flags()).USE_GRAVATAR).toBe(false);
    await setRow('USE_GRAVATAR', true);
    const refusals: [string, Record<string, string>, number][] = [
      ['nobody', {}, 403],
      ['a learner', { cookie: cookie.learner }, 403],
      ['a forged login', { cookie: `lernwerk_session=${'F'.repeat(43)}` }, 403],
      ['a wrong token', { authorization: `Bearer ${ADMIN_TOKEN}x` }, 401],
      ["an administrator's login with a wrong token", { authorization: 'Bearer nope', cookie: cookie.admin }, 401],
      ['the token through a proxy', { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-forwarded-for': '203.0.113.9' }, 403],
      ['the token through a Forwarded proxy', { authorization: `Bearer ${ADMIN_TOKEN}`, forwarded: 'for=203.0.113.9' }, 403],
    ];
    for (const [who, headers, status] of refusals) {
      const res = await clear(headers);
      expect(res.statusCode, who).toBe(status);
      expect(ApiErrorBody.parse(res.json()).errors.length, who).toBeGreaterThan(0);
      expect((await flags()).USE_GRAVATAR, who).toBe(false);
    }
    expect((await clear({ authorization: `Bearer ${ADMIN_TOKEN}` })).statusCode).toBe(200);
    expect((await flags()).USE_GRAVATAR).toBe(true);
    await t.db.query('DELETE FROM feature_flags');
    expect((await clear({ cookie: cookie.admin })).statusCode).toBe(200);
  });

  it('takes no body or an empty object; any other body is a 400 and clears nothing', async () => {
    expect((await clear({ cookie: cookie.admin })).statusCode).toBe(200);
    expect((await clear({ cookie: cookie.admin }, '{}')).statusCode).toBe(200);
    await setRow('PRIVATE_MODE', true);
    for (const [payload, path] of [['{"all":true}', 'all'], ['[]', ''], ['null', ''], ['"x"', ''], ['{"__proto__":{"admin":true}}', '']]) {
      const res = await clear({ cookie: cookie.admin }, payload);
      expect([res.statusCode, ApiErrorBody.parse(res.json()).errors[0].path], payload).toEqual([400, path]);
      expect((await flags()).PRIVATE_MODE, payload).toBe(false);
    }
    await t.db.query('DELETE FROM feature_flags');
  });

  it("reads and sets a flag through the admin routes (clearing at once), and null gives it back to the environment", async () => {
    const admin = (method: 'GET' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}` }) =>
      a.app.inject({ method, url: `/api/admin${url}`, payload: payload as object | undefined, headers });
    expect(FeatureFlagsAnswer.parse((await admin('GET', '/features')).json().data)).toEqual({ featureFlags: DEFAULTS, overrides: {} });
    const set = await admin('PUT', '/features/PRIVATE_MODE', { enabled: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ featureFlags: { ...DEFAULTS, PRIVATE_MODE: true }, overrides: { PRIVATE_MODE: true } });
    expect((await flags()).PRIVATE_MODE).toBe(true);
    expect((await admin('PUT', '/features/FULLTEXT_SEARCH', { enabled: false })).json().data.overrides).toEqual({ FULLTEXT_SEARCH: false, PRIVATE_MODE: true });
    expect((await admin('PUT', '/features/PRIVATE_MODE', { enabled: null })).json().data).toEqual({ featureFlags: { ...DEFAULTS, FULLTEXT_SEARCH: false }, overrides: { FULLTEXT_SEARCH: false } });
    expect(await flags()).toEqual({ ...DEFAULTS, FULLTEXT_SEARCH: false });
    const paths = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
      const answer = await res;
      return [answer.statusCode, ApiErrorBody.parse(answer.json()).errors.map((e) => e.path).sort()];
    };
    expect(await paths(admin('PUT', '/features/GENERATIVE_FEEDBACK', { enabled: true }))).toEqual([400, ['name']]);
    expect(await paths(admin('PUT', '/features/FULLTEXT_SEARCH', { enabled: 'yes' }))).toEqual([400, ['enabled']]);
    expect(await paths(admin('PUT', '/features/FULLTEXT_SEARCH', { enabled: true, also: 1 }))).toEqual([400, ['also']]);
    // A learner's login is no admin token.
    expect((await admin('PUT', '/features/FULLTEXT_SEARCH', { enabled: true }, { cookie: cookie.admin })).statusCode).toBe(401);
    expect((await admin('PUT', '/features/FULLTEXT_SEARCH', { enabled: null })).statusCode).toBe(200);
    expect(await flags()).toEqual(DEFAULTS);
  });

  it('the API calls read the flags as they are now: full-text search and comments follow a setting without a restart', async () => {
    const set = async (name: string, enabled: boolean | null) =>
      expect((await a.app.inject({ method: 'PUT', url: `/api/admin/features/${name}`, payload: { enabled }, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).statusCode).toBe(200);
    const search = () => a.app.inject({ method: 'POST', url: '/api/search/materials/fulltext', payload: { query: 'flags' } });
    // A comment body the schema refuses: 400 while comments are on, 403 (before the body is read) while off.
    const comment = () => a.app.inject({ method: 'POST', url: '/api/model/create', payload: { model: { modelName: 'Comment' } } });
    expect([(await search()).statusCode, (await comment()).statusCode]).toEqual([200, 403]);
    await set('FULLTEXT_SEARCH', false);
    await set('ANNOTATION_COMMENTS', true);
    const off = await search();
    expect([off.statusCode, ApiErrorBody.parse(off.json()).errors[0].message]).toEqual([404, 'Full-text search is switched off on this server (FULLTEXT_SEARCH)']);
    expect((await comment()).statusCode).toBe(400);
    await set('FULLTEXT_SEARCH', null);
    await set('ANNOTATION_COMMENTS', null);
    expect([(await search()).statusCode, (await comment()).statusCode]).toEqual([200, 403]);
  });
});

describe.runIf(TEST_DATABASE_URL)('feature flags across two servers on one PostgreSQL database', () => {
  let database: TestDatabase;
  let secondPool: Database;
  const apps: FastifyInstance[] = [];
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-client-'));
  let page = '';
  let adminCookie = '';

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const url = database.url as string;
    secondPool = await openPostgres(url);
    for (const db of [database.db, secondPool]) {
      const app = await buildApp({ db, clientDir, contentDirs: [], cacheDir: path.join(clientDir, 'cache'), featureFlags: DEFAULTS, listenUrl: url, adminToken: ADMIN_TOKEN });
      await app.ready();
      apps.push(app);
    }
    page = `/s/${(await importFile(database.db, smallMaterial('fleet-flags'), { share: 'public' })).share.publicId}/`;
    await addUser(database.db, 'root@example.org');
    await database.db.query(`UPDATE users SET roles = '{admin}' WHERE email = 'root@example.org'`);
    adminCookie = await login(apps[0], 'root@example.org');
    // Both servers listen before anything is announced.
    for (let tries = 0; ; tries++) {
      const [{ n }] = await database.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'lernwerk-listener' AND query = 'LISTEN lernwerk_features'`,
      );
      if (n === 2) break;
      if (tries > 100) throw new Error(`${n} of 2 feature-flag listeners connected`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await secondPool?.close();
    await database?.dispose();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  /** Ms until the second server's page data has `flag` at `value` (polled every 20 ms, at most 3 s). */
  const secondServerSees = async (flag: keyof FeatureFlags, value: boolean): Promise<number> => {
    const start = performance.now();
    while ((await pageFlags(apps[1], page))[flag] !== value) {
      if (performance.now() - start > 3_000) throw new Error(`the second server still serves ${flag} ${!value} after 3 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return performance.now() - start;
  };

  it('a flag changed in the database and cleared through one server is served by the other within a second', async () => {
    expect(await pageFlags(apps[0], page)).toEqual(DEFAULTS);
    expect(await pageFlags(apps[1], page)).toEqual(DEFAULTS);
    await database.db.query(`INSERT INTO feature_flags (name, enabled) VALUES ('ANNOTATION_COMMENTS', true)`);
    // Without a clear each server keeps what it read.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await pageFlags(apps[1], page)).ANNOTATION_COMMENTS).toBe(false);
    const res = await apps[0].inject({ method: 'POST', url: '/api/features/clear', headers: { cookie: adminCookie } });
    expect(res.statusCode, res.body).toBe(200);
    const ms = await secondServerSees('ANNOTATION_COMMENTS', true);
    console.log(`feature flags: the second server served the cleared flag after ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(1_000);
    expect((await pageFlags(apps[0], page)).ANNOTATION_COMMENTS).toBe(true);
  });

  it('a flag set through the admin route of one server is served by the other within a second', async () => {
    const res = await apps[0].inject({ method: 'PUT', url: '/api/admin/features/ANNOTATION_COMMENTS', payload: { enabled: null }, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await secondServerSees('ANNOTATION_COMMENTS', false)).toBeLessThan(1_000);
  });
});
