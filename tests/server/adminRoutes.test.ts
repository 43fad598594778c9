/**
 * The admin routes the commands use beside a running server (server/routes/admin.ts): the token and
 * the origin are checked before anything else, bodies cross their zod schemas (errors name the field
 * path), and a refused request changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/auth/password';
import { findUserWithHash } from '../../server/store/users';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { richMaterialInput, smallMaterial } from './fixtures';
import { countRows } from './learners';

const TOKEN = 'a-test-token-of-this-server-start';
const bearer = (token = TOKEN) => ({ authorization: `Bearer ${token}` });

describe.each(testDatabaseKinds)('admin routes on %s', (kind) => {
  const t = useTestDatabase(kind);
  const server = useTestApp(() => t.db, { adminToken: TOKEN });
  const models = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM models'))[0].n;

  it('refuses a missing or wrong token with 401, a proxied request with 403, and changes nothing', async () => {
    const before = { models: await models(), users: await countRows(t.db, 'users') };
    const payload = { share: 'public', file: smallMaterial('refused') };
    const answers = await Promise.all([
      server.app.inject({ method: 'POST', url: '/api/admin/import', payload }),
      server.app.inject({ method: 'POST', url: '/api/admin/import', payload, headers: bearer('wrong') }),
      server.app.inject({ method: 'POST', url: '/api/admin/import', payload, headers: { authorization: TOKEN } }),
      server.app.inject({ method: 'POST', url: '/api/admin/users', payload: { email: 'x@example.org', firstname: '', lastname: '', passwordHash: 'nope' }, headers: bearer('wrong') }),
      server.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer('wrong') }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[0].json()).toEqual({ errors: [{ path: '', message: expect.stringContaining('Admin token missing or wrong') }] });
    expect(answers[0].headers['cache-control']).toBe('no-store');

    const proxied = await server.app.inject({ method: 'POST', url: '/api/admin/import', payload, headers: { ...bearer(), 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
    const remote = await server.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(), remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);

    expect({ models: await models(), users: await countRows(t.db, 'users') }).toEqual(before);
  });

  it('imports a file and answers its share; a bad file is refused with every field path below file', async () => {
    const ok = await server.app.inject({ method: 'POST', url: '/api/admin/import', payload: { share: 'guest', file: richMaterialInput }, headers: bearer() });
    expect(ok.statusCode).toBe(200);
    const result = ok.json().data;
    expect(result).toMatchObject({ rootModelName: 'Material', rootId: 'm-rich', share: { kind: 'guest', created: true } });
    expect(result.share.publicId).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const before = await models();
    const bad = structuredClone(richMaterialInput) as unknown as { title: unknown; content: { modelName: unknown }[] };
    bad.title = 42;
    bad.content[1].modelName = 'NoSuchElement';
    const refused = await server.app.inject({ method: 'POST', url: '/api/admin/import', payload: { share: 'sideways', file: bad }, headers: bearer() });
    expect(refused.statusCode).toBe(400);
    const paths = (refused.json().errors as { path: string }[]).map((e) => e.path);
    expect(paths).toContain('share');
    expect(paths).toContain('file.title');
    expect(paths.some((p) => p.startsWith('file.content[1]'))).toBe(true);
    expect(await models()).toBe(before);
  });

  it('adds, lists, re-passwords and removes accounts; refuses what is not a password hash', async () => {
    const passwordHash = await hashPassword('correct horse battery');
    const add = (email: string, hash = passwordHash) =>
      server.app.inject({ method: 'POST', url: '/api/admin/users', payload: { email, firstname: 'Ada', lastname: 'Lovelace', passwordHash: hash }, headers: bearer() });
    expect((await add('ada@example.org')).statusCode).toBe(201);
    expect((await add('ada@example.org')).statusCode).toBe(409);
    const notHash = await add('plain@example.org', 'correct horse battery');
    expect(notHash.statusCode).toBe(400);
    expect(notHash.json().errors[0].path).toBe('passwordHash');

    const list = await server.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer() });
    expect(list.json().data).toEqual([{ email: 'ada@example.org', firstname: 'Ada', lastname: 'Lovelace', roles: [], createdAt: expect.any(String) }]);

    const roles = (email: string, payload: unknown) => server.app.inject({ method: 'PUT', url: `/api/admin/users/${encodeURIComponent(email)}/roles`, payload: payload as object, headers: bearer() });
    expect((await roles('ada@example.org', { roles: ['teacher', 'staff', 'teacher'] })).statusCode).toBe(200);
    expect((await findUserWithHash(t.db, 'ada@example.org'))?.account.roles).toEqual(['staff', 'teacher']);
    const badRole = await roles('ada@example.org', { roles: ['Staff Room'] });
    expect([badRole.statusCode, badRole.json().errors[0].path]).toEqual([400, 'roles[0]']);
    expect((await roles('nobody@example.org', { roles: [] })).statusCode).toBe(404);
    expect((await findUserWithHash(t.db, 'ada@example.org'))?.account.roles, 'the refused calls changed nothing').toEqual(['staff', 'teacher']);

    const newHash = await hashPassword('another long password');
    const changed = await server.app.inject({ method: 'PUT', url: '/api/admin/users/ada%40example.org/password', payload: { passwordHash: newHash }, headers: bearer() });
    expect(changed.statusCode).toBe(200);
    expect(await verifyPassword('another long password', (await findUserWithHash(t.db, 'ada@example.org'))?.passwordHash ?? '')).toBe(true);
    expect((await server.app.inject({ method: 'PUT', url: '/api/admin/users/nobody%40example.org/password', payload: { passwordHash: newHash }, headers: bearer() })).statusCode).toBe(404);

    expect((await server.app.inject({ method: 'DELETE', url: '/api/admin/users/ada%40example.org', headers: bearer() })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'DELETE', url: '/api/admin/users/ada%40example.org', headers: bearer() })).statusCode).toBe(404);
    expect(await findUserWithHash(t.db, 'ada@example.org')).toBeNull();
  });
});

describe('a server without an admin token', () => {
  const t = useTestDatabase('pglite');
  const server = useTestApp(() => t.db);

  it('has no admin routes', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer() });
    expect(res.statusCode).toBe(404);
  });
});
