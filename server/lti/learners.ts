import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { createGuestSession } from '../store/guestSessions';
import { createUser } from '../store/users';

/** The roles an LTI learner's account holds besides those an administrator gave it (model/permissions.ts role names). */
export const LTI_ROLE_LEARNER = 'lti-learner';
export const LTI_ROLE_INSTRUCTOR = 'lti-instructor';

/** No password verifies against this (server/auth/password.ts reads no hash in it): an LTI account logs in only by launch. */
const NO_PASSWORD = 'lti-launch-only';

export interface LtiPerson {
  platformId: string;
  sub: string;
  firstname: string;
  lastname: string;
  /** The learner's name as one text (a guest session's name). */
  displayName: string;
  roles: string[];
  instructor: boolean;
}

/**
 * The account of a platform's user (issuer and sub), made at the first launch with an address of its
 * own under `.invalid` (RFC 2606: never delivered); each launch updates its name, the LTI roles of
 * the launch, and the role lti-instructor or lti-learner among its roles. Call in a transaction.
 */
export async function accountOfPerson(tx: Queryable, person: LtiPerson): Promise<string> {
  // Two first launches of one user at once (two frames) make one account: the second waits for the first.
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`lti-learner:${person.platformId}:${person.sub}`]);
  const [found] = await tx.query<{ user_id: string }>('SELECT user_id FROM lti_learners WHERE platform_id = $1 AND sub = $2 FOR UPDATE', [person.platformId, person.sub]);
  let userId = found?.user_id;
  if (!userId) {
    const account = await createUser(tx, { email: `${randomBytes(12).toString('hex')}@lti.invalid`, passwordHash: NO_PASSWORD, firstname: person.firstname, lastname: person.lastname });
    userId = account.id;
    await tx.query('INSERT INTO lti_learners (platform_id, sub, user_id, roles, instructor) VALUES ($1, $2, $3, $4, $5)', [person.platformId, person.sub, userId, person.roles, person.instructor]);
  } else {
    await tx.query('UPDATE lti_learners SET roles = $3, instructor = $4, last_launch_at = now() WHERE platform_id = $1 AND sub = $2', [person.platformId, person.sub, person.roles, person.instructor]);
  }
  const role = person.instructor ? LTI_ROLE_INSTRUCTOR : LTI_ROLE_LEARNER;
  await tx.query(
    `UPDATE users SET firstname = $2, lastname = $3,
       roles = array_append(array_remove(array_remove(COALESCE(roles, '{}'), $4), $5), $6)
     WHERE id = $1`,
    [userId, person.firstname, person.lastname, LTI_ROLE_LEARNER, LTI_ROLE_INSTRUCTOR, role],
  );
  return userId;
}

/** The guest session a platform's user works in on a guest or scorm share, made at the first launch there. Call in a transaction. */
export async function guestSessionOfPerson(tx: Queryable, person: LtiPerson, sharePublicId: string): Promise<string> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`lti-guest:${person.platformId}:${person.sub}:${sharePublicId}`]);
  const [found] = await tx.query<{ guest_session_id: string }>('SELECT guest_session_id FROM lti_guests WHERE platform_id = $1 AND sub = $2 AND share_id = $3 FOR UPDATE', [
    person.platformId,
    person.sub,
    sharePublicId,
  ]);
  if (found) return found.guest_session_id;
  const session = await createGuestSession(tx, sharePublicId, person.displayName);
  await tx.query('INSERT INTO lti_guests (platform_id, sub, share_id, guest_session_id) VALUES ($1, $2, $3, $4)', [person.platformId, person.sub, sharePublicId, session.publicId]);
  return session.publicId;
}
