import type { FastifyRequest } from 'fastify';
import { currentUser } from '../auth/sessionCookie';
import type { Queryable } from '../db/types';
import { mayView } from '../../model/permissions';
import { findGuestSession } from '../store/guestSessions';
import { rootPermissions } from '../store/permissions';
import type { Lookups } from '../store/lookups';
import type { Share } from '../store/shares';
import type { UserAccount } from '../store/users';
import { forbidden, HttpError, notFound } from './errors';

/** Whose learning state a call writes: the logged-in user of a private share, or a guest session of a guest/scorm share. */
export type Learner = { kind: 'user'; userId: string } | { kind: 'guest'; guestSessionId: string };

const forbiddenAt = (path: string, message: string) => new HttpError(403, message, [{ path, message }]);

export const NO_ACCESS_MESSAGE = 'This account may not open this share';

/**
 * Whether the account may open a private share: when the share's root has permissions, only an account
 * they grant `view` may (model/permissions.ts); a root without any is open to every account.
 */
export async function mayOpenPrivateShare(db: Queryable, share: Share, user: UserAccount): Promise<boolean> {
  return mayView(await rootPermissions(db, share.rootId), user);
}

/**
 * A private share answers only a logged-in user its root's permissions let in (403 otherwise); other
 * shares are open to whoever has the link.
 */
export async function requireShareAccess(db: Queryable, request: FastifyRequest, share: Share): Promise<void> {
  if (!share.settings.private) return;
  const user = await currentUser(db, request);
  if (!user) throw forbidden('Log in to open this share');
  if (!(await mayOpenPrivateShare(db, share, user))) throw forbidden(NO_ACCESS_MESSAGE);
}

/**
 * The learner a call may write for on `share`, or a 403 naming the offending field: nothing is
 * saved on preview shares and on shares that track nobody; a private share needs the session
 * cookie (and no guest session id); a guest or scorm share needs a guest session of that share.
 */
export async function trackedLearner(
  db: Queryable,
  request: FastifyRequest,
  share: Share,
  guestSessionId: string | null,
  paths: { share: string; guestSessionId: string },
  /** How the share of a guest session is found (default: asks the database; the routes pass their cached lookup). */
  guestSessionShare: (publicId: string) => Promise<string | null> = async (publicId) => (await findGuestSession(db, publicId))?.shareId ?? null,
): Promise<Learner> {
  if (share.preview) throw forbiddenAt(paths.share, 'Nothing is saved on a preview share');
  if (share.settings.private) {
    const user = await currentUser(db, request);
    if (!user) throw forbiddenAt(paths.share, 'Log in to save learning progress on this share');
    if (!(await mayOpenPrivateShare(db, share, user))) throw forbiddenAt(paths.share, NO_ACCESS_MESSAGE);
    if (guestSessionId !== null) throw forbiddenAt(paths.guestSessionId, 'A logged-in user sends no guest session id');
    return { kind: 'user', userId: user.id };
  }
  if (share.settings.saveGuestSessions || share.settings.scorm) {
    const sessionShare = guestSessionId === null ? null : await guestSessionShare(guestSessionId);
    if (guestSessionId === null || sessionShare !== share.publicId) throw forbiddenAt(paths.guestSessionId, 'No guest session of this share has this id');
    return { kind: 'guest', guestSessionId };
  }
  throw forbiddenAt(paths.share, 'This share does not save learning progress');
}

/**
 * The material `id` of a share, for a caller the share lets in: a material share's own, or a material of a
 * collection share's collection. A share that does not exist is a 404 `Share not found`; a model that is no
 * material root, or one the share does not cover, the same 404 as an id that exists nowhere (issue 14).
 */
export async function requireShareMaterial(db: Queryable, lookups: Lookups, request: FastifyRequest, sharePublicId: string, id: string): Promise<Share> {
  const share = await lookups.share(sharePublicId);
  if (!share) throw notFound('Share not found');
  await requireShareAccess(db, request, share);
  const place = (await lookups.models([id])).get(id);
  if (!place || place.modelName !== 'Material' || place.rootId !== id || !(await lookups.coveredRoots(share)).has(id)) throw notFound();
  return share;
}
