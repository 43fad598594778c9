import { mayAuthor } from '../../model/permissions';
import type { Queryable } from '../db/types';
import { isLinkInstructor } from '../lti/instructorLinks';
import { rootPermissions } from '../store/permissions';
import type { Share } from '../store/shares';
import type { UserAccount } from '../store/users';

/**
 * Whether the account may read the share's results: an administrator; an account that its root (the
 * material or collection) grants `results`, by user or role permission; or an instructor an LMS
 * launched into the share by one of its resource links (server/lti/instructorLinks.ts).
 */
export async function mayReadResults(db: Queryable, share: Share, user: UserAccount): Promise<boolean> {
  if (mayAuthor(await rootPermissions(db, share.rootId), user, 'results')) return true;
  return isLinkInstructor(db, user.id, share.publicId);
}
