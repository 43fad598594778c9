import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ImportFile } from '../../model/material';
import { ShareKind } from '../../model/pageData';
import { MAINTENANCE_TIMEOUT_MS } from '../db/deadlines';
import type { Database } from '../db/types';
import { adminTokenCheck } from '../http/adminAccess';
import { HttpError, notFound, parseBody } from '../http/errors';
import type { FeatureFlagCache } from '../store/featureFlagCache';
import { adminFeatureRoutes } from './adminFeatures';
import { adminXapiRoutes } from './adminXapi';
import { adminLtiRoutes } from './adminLti';
import { adminAccessibilityRoutes } from './accessibilityReport';
import { adminCertificateRoutes } from './adminCertificates';
import { ImportConflictError, importFile } from '../store/import';
import { getMeta } from '../store/meta';
import { listAudit } from '../store/audit';
import { listingProblem } from '../store/shares';
import { DEMO_SHARES_KEY, DemoShares } from './pages';
import { createUser, listUsers, normalizeEmail, removeUser, setPasswordHash, setRoles, UserExistsError } from '../store/users';
import { ROLE_NAME } from '../../model/permissions';

/** Largest import file the admin route takes (a course of thousands of elements is a few MiB). */
export const ADMIN_BODY_LIMIT_BYTES = 256 * 1024 * 1024;

/** The password hash format of server/auth/password.ts; the command hashes, the password never reaches the server. */
const PasswordHash = z.string().regex(/^scrypt\$N=\d+,r=\d+,p=\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/, 'not a password hash of server/auth/password.ts');
const Email = z.string().min(3).max(320);

/** The file is checked with the import command's schema; errors name its path below `file` (`file.content[3].choices[1].correct`). */
export const AdminImportBody = z
  .object({ share: ShareKind, listed: z.boolean().optional(), file: ImportFile })
  .superRefine((body, ctx) => {
    const problem = listingProblem(body.share, body.listed);
    if (problem) ctx.addIssue({ code: 'custom', path: ['listed'], message: problem });
  });
/**
 * Names are stored trimmed, as `npm run users` sends them: the answer of `GET /users` is then exactly what
 * was stored, on PGlite too, which reads a text value beginning with U+FEFF without it (its decoder takes
 * that character for a byte-order mark).
 */
const AccountName = z.string().trim().max(200);
export const AdminAddUserBody = z.object({ email: Email, firstname: AccountName, lastname: AccountName, passwordHash: PasswordHash });
export const AdminPasswordBody = z.object({ passwordHash: PasswordHash });
/** The roles an account holds from now on (role permissions name them: model/permissions.ts). */
export const AdminRolesBody = z.object({ roles: z.array(z.string().regex(ROLE_NAME, 'a role is lower-case letters, digits, "-" and "_", starting with a letter (at most 40)')).max(50) });
/** The account named in the URL (`/users/:email`). */
export const AdminUserParams = z.object({ email: Email });

/** The account fields the `users list` command prints. */
export const AdminAuditQuery = z.strictObject({
  root: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'a model id').optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export interface AdminUser {
  email: string;
  firstname: string;
  lastname: string;
  roles: string[];
  createdAt: string;
}

/**
 * The admin routes the commands use while a server runs (registered under /api/admin, only when
 * the server has a token): `npm run import` and `npm run users` send their work here instead of
 * opening the database, which the server holds (server/cli/viaServer.ts).
 *
 * Every request needs `Authorization: Bearer TOKEN` with the token of this server's start (in
 * `DATA_DIR/servers/PID.json`, mode 0600: server/admin/serverFile.ts) and must come from this machine
 * (loopback or the server's own address) and not through a proxy (no Forwarded / X-Forwarded-For);
 * all of it is checked before the body is read. Refused: 403 (not from here), 401 (token missing or wrong).
 *
 * `POST /import` `{ share, file }` → `{ data: ImportResult }` (the file is checked with the same zod
 * schema as the command's: 400 with every issue, paths below `file`; an id of another root: 409); the import clears
 * this server's caches (`importFile` calls `contentChanged`). `GET /users` → `{ data: AdminUser[] }`;
 * `POST /users` `{ email, firstname, lastname, passwordHash }` → 201 (409: exists);
 * `DELETE /users/:email` (404: none); `PUT /users/:email/password` `{ passwordHash }` (404: none; ends its sessions);
 * `PUT /users/:email/roles` `{ roles }` (404: none). The feature flags: ./adminFeatures.ts; the accessibility
 * report of a share: ./accessibilityReport.ts.
 */
export async function adminRoutes(app: FastifyInstance, opts: { db: Database; token: string; featureFlags: FeatureFlagCache }): Promise<void> {
  const { db } = opts;
  const checkToken = adminTokenCheck(opts.token);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    checkToken(request);
  });
  await app.register(adminFeatureRoutes, { db, featureFlags: opts.featureFlags });
  await app.register(adminXapiRoutes, { db });
  await app.register(adminLtiRoutes, { db });
  await app.register(adminAccessibilityRoutes, { db });
  await app.register(adminCertificateRoutes, { db });

  app.post('/import', { bodyLimit: ADMIN_BODY_LIMIT_BYTES }, async (request) => {
    // A material nests chapters in chapters: deeper than a learner's call may be.
    const body = parseBody(AdminImportBody, request.body, { maxDepth: 512 });
    try {
      return { data: await importFile(db.withDeadline(MAINTENANCE_TIMEOUT_MS), body.file, { share: body.share, listed: body.listed, actor: 'admin-token' }) };
    } catch (error) {
      if (error instanceof ImportConflictError) throw new HttpError(409, 'Import conflict', error.issues.map((message) => ({ path: '', message })));
      throw error;
    }
  });

  /** The audit log, newest first (`root`: of one material or collection; `before`: a seq, to page back; `limit` ≤ 1000). */
  app.get('/audit', async (request) => {
    const query = parseBody(AdminAuditQuery, request.query);
    return { data: await listAudit(db, { rootId: query.root, before: query.before, limit: query.limit }) };
  });

  /** The demo's shares (the server prints them on start), for the e2e suite; an admin route since it names a private share. */
  app.get('/demo-shares', async () => ({ data: (await getMeta(db, DEMO_SHARES_KEY, DemoShares)) ?? {} }));

  app.get('/users', async () => ({
    data: (await listUsers(db)).map((u): AdminUser => ({ email: u.email, firstname: u.firstname, lastname: u.lastname, roles: u.roles, createdAt: u.createdAt.toISOString() })),
  }));

  app.post('/users', async (request, reply) => {
    const body = parseBody(AdminAddUserBody, request.body);
    try {
      const user = await createUser(db, { email: normalizeEmail(body.email), passwordHash: body.passwordHash, firstname: body.firstname, lastname: body.lastname });
      return reply.status(201).send({ data: { email: user.email } });
    } catch (error) {
      if (error instanceof UserExistsError) throw new HttpError(409, error.message);
      throw error;
    }
  });

  app.delete('/users/:email', async (request) => {
    const { email } = parseBody(AdminUserParams, request.params);
    if (!(await removeUser(db, email))) throw notFound(`No user with the email ${normalizeEmail(email)}.`);
    return { data: null };
  });

  app.put('/users/:email/password', async (request) => {
    const { email } = parseBody(AdminUserParams, request.params);
    const body = parseBody(AdminPasswordBody, request.body);
    if (!(await setPasswordHash(db, email, body.passwordHash))) throw notFound(`No user with the email ${normalizeEmail(email)}.`);
    return { data: null };
  });

  app.put('/users/:email/roles', async (request) => {
    const { email } = parseBody(AdminUserParams, request.params);
    const body = parseBody(AdminRolesBody, request.body);
    if (!(await setRoles(db, email, body.roles))) throw notFound(`No user with the email ${normalizeEmail(email)}.`);
    return { data: null };
  });
}
