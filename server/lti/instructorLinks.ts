import type { Queryable } from '../db/types';

/*
 * Which accounts launched a share as instructors of an LMS's resource link (migration 020): they may
 * read the share's results (server/results/access.ts). Each launch of a link decides anew by its
 * roles claim: an instructor's launch records the link, a learner's launch of the same link removes it.
 */

export interface LinkLaunch {
  platformId: string;
  resourceLinkId: string;
  shareId: string;
  sub: string;
  /** The account of an instructor's launch (null for a learner's launch that made no account). */
  userId: string | null;
  instructor: boolean;
}

/** Records what a resource link launch says about its user's role on the share. Call in the launch's transaction. */
export async function recordLinkLaunch(tx: Queryable, launch: LinkLaunch): Promise<void> {
  if (launch.instructor && launch.userId) {
    await tx.query(
      `INSERT INTO lti_instructor_links (platform_id, resource_link_id, share_id, user_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (platform_id, resource_link_id, share_id, user_id) DO UPDATE SET last_launch_at = now()`,
      [launch.platformId, launch.resourceLinkId, launch.shareId, launch.userId],
    );
    return;
  }
  await tx.query(
    `DELETE FROM lti_instructor_links WHERE platform_id = $1 AND resource_link_id = $2 AND share_id = $3
       AND user_id = (SELECT user_id FROM lti_learners WHERE platform_id = $1 AND sub = $4)`,
    [launch.platformId, launch.resourceLinkId, launch.shareId, launch.sub],
  );
}

/** Whether the account launched the share as an instructor of one of its resource links (and has not since as a learner). */
export async function isLinkInstructor(db: Queryable, userId: string, shareId: string): Promise<boolean> {
  const rows = await db.query<{ one: number }>('SELECT 1 AS one FROM lti_instructor_links WHERE user_id = $1 AND share_id = $2 LIMIT 1', [userId, shareId]);
  return rows.length > 0;
}
