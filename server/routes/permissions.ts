import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ModelId } from '../../model/common';
import { ABILITIES, mayAuthor, type UserPermission } from '../../model/permissions';
import { currentUser } from '../auth/sessionCookie';
import type { Database } from '../db/types';
import { forbidden, HttpError, parseBody } from '../http/errors';
import { findModel } from '../store/models';
import { acceptInvitation, invite, rootPermissions } from '../store/permissions';
import type { UserAccount } from '../store/users';

/*
 * Invitations (spec sections 4, 6 and 7): `POST /api/invite` lets an account that holds `invite` on a
 * material or collection invite another account, by its email, with abilities; the invitation grants
 * nothing until the invited account accepts it, by `model/update` of its UserPermission
 * (`inviteAccepted` false → true) — what the viewer's invitation page sends (src/auth/InvitationPage.tsx).
 *
 * Refusals: no login, 403; a root that does not exist, or one the caller may not invite to, 404 at
 * `model.id` (the same answer: who may invite where is nobody else's business); an invitation that is
 * not the caller's, 404 at `model.id`. A refused call writes nothing.
 */

export const LOG_IN_MESSAGE = 'Log in first';

/** Body of `POST /api/invite`. */
export const InviteBody = z.strictObject({
  model: z.strictObject({ modelName: z.enum(['Material', 'Collection']), id: ModelId }),
  email: z.string().trim().pipe(z.email('an email address').max(320)),
  abilities: z
    .array(z.enum(ABILITIES))
    .min(1)
    .refine((abilities) => new Set(abilities).size === abilities.length, 'each ability once'),
});

/** Body of `model/update` that accepts an invitation. */
export const InvitationAcceptBody = z.strictObject({
  model: z.strictObject({ modelName: z.literal('UserPermission'), id: z.string().min(1).max(64) }),
  newValues: z.strictObject({ inviteAccepted: z.literal(true) }),
  oldValues: z.strictObject({ inviteAccepted: z.literal(false) }),
});

const notFoundAt = (path: string) => new HttpError(404, 'Not found', [{ path, message: 'Not found' }]);

async function loggedIn(db: Database, request: FastifyRequest): Promise<UserAccount> {
  const user = await currentUser(db, request);
  if (!user) throw forbidden(LOG_IN_MESSAGE);
  return user;
}

/** The handler of `model/update` for a UserPermission (registered by ./models.ts): its account accepts it. */
export function invitationUpdate(db: Database) {
  return async (request: FastifyRequest): Promise<{ data: UserPermission }> => {
    const body = parseBody(InvitationAcceptBody, request.body);
    const user = await loggedIn(db, request);
    // Accepted already (an answer that got lost, a second tab) answers the same again.
    const accepted = await acceptInvitation(db, body.model.id, user.email);
    if (!accepted) throw notFoundAt('model.id');
    return { data: accepted };
  };
}

/** `POST /api/invite` (registered under /api). */
export async function invitationRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  app.post('/invite', async (request, reply) => {
    const body = parseBody(InviteBody, request.body);
    const user = await loggedIn(db, request);
    const root = await findModel(db, body.model.id);
    const isRoot = root !== null && root.modelName === body.model.modelName && root.rootId === root.id;
    const permissions = isRoot ? await rootPermissions(db, body.model.id) : [];
    if (!isRoot || !mayAuthor(permissions, user, 'invite')) throw notFoundAt('model.id');
    // An inviter hands on what they hold, nothing more (an administrator anything).
    const beyond = body.abilities.filter((ability) => !mayAuthor(permissions, user, ability));
    if (beyond.length) throw new HttpError(403, 'You may grant only abilities you hold', [{ path: 'abilities', message: `You do not hold ${beyond.join(', ')}` }]);
    return reply.status(201).send({ data: await invite(db, body.model.id, body.email, body.abilities) });
  });
}
