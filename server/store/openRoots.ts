import type { PermissionHolder } from '../../model/permissions';
import type { ResultShare } from '../../model/searchAcross';
import type { Queryable } from '../db/types';
import { normalizeEmail } from './users';

/*
 * What a caller may open across the installation without naming a share (the search calls of spec
 * section 7 over "what you may open"):
 * - the roots of listed shares (public and guest, the shares the landing page lists to everyone);
 * - for a logged-in account, also the roots whose private share it may open, by the rules of
 *   model/permissions.ts (`mayView`: a root without permissions opens to every account; once it has
 *   any, only to an account an accepted user permission or a role permission grants `view`), spelled
 *   here in SQL so that the database picks the roots (tests/server/searchAcross.test.ts holds it against
 *   `mayView`).
 * Unlisted public and guest shares, scorm and preview shares are not among them: their links are keys
 * that nobody lists (docs/learners.md, "No share directory"); whoever holds one names it.
 */

/** A root a caller may open, with the share it opens through (its oldest such share). */
export interface OpenRoot {
  rootId: string;
  rootModelName: 'Material' | 'Collection';
  share: string;
}

/** A material a caller may open, with the share it opens through. */
export interface OpenMaterial {
  materialId: string;
  share: ResultShare;
}

/** The roots open to the caller ($1 its email or null without a login, $2 its roles), each with its oldest share that opens it. */
const OPEN_ROOTS_SQL = `SELECT DISTINCT ON (s.root_id) s.root_id, s.root_model_name, s.public_id
  FROM shares s
  WHERE (s.listed AND s.kind IN ('public', 'guest'))
     OR ($1::text IS NOT NULL AND s.kind = 'private'
         AND (NOT EXISTS (SELECT 1 FROM permissions p WHERE p.root_id = s.root_id)
              OR EXISTS (SELECT 1 FROM permissions p
                         WHERE p.root_id = s.root_id AND 'view' = ANY (p.abilities)
                           AND ((p.email = $1 AND p.invite_accepted) OR p.role = ANY ($2::text[])))))
  ORDER BY s.root_id, s.created_at, s.public_id`;

const holderParams = (user: PermissionHolder | null) => (user ? [normalizeEmail(user.email), [...user.roles]] : [null, []]);

/** The roots open to `user` (null: without a login), by id. */
export async function rootsOpenTo(db: Queryable, user: PermissionHolder | null): Promise<OpenRoot[]> {
  const rows = await db.query<{ root_id: string; root_model_name: 'Material' | 'Collection'; public_id: string }>(OPEN_ROOTS_SQL, holderParams(user));
  return rows.map((r) => ({ rootId: r.root_id, rootModelName: r.root_model_name, share: r.public_id }));
}

/**
 * The materials open to `user` (null: without a login): the open roots that are materials (through
 * their share), and the materials of the open collections (through the collection's share, the first
 * collection by id when several hold it; a material's own share comes first). In the order of their
 * titles (then ids), the order equally ranked hits come in.
 */
export async function materialsOpenTo(db: Queryable, user: PermissionHolder | null): Promise<OpenMaterial[]> {
  const rows = await db.query<{ material_id: string; share: string; via: 'Material' | 'Collection' }>(
    `WITH open_roots AS (${OPEN_ROOTS_SQL}),
     routes AS (
       SELECT r.root_id AS material_id, r.public_id AS share, 'Material' AS via, 0 AS preference, r.root_id AS through
       FROM open_roots r WHERE r.root_model_name = 'Material'
       UNION ALL
       SELECT ci.material_id, r.public_id, 'Collection', 1, r.root_id
       FROM open_roots r JOIN collection_items ci ON ci.collection_id = r.root_id
       WHERE r.root_model_name = 'Collection'
     ),
     chosen AS (SELECT DISTINCT ON (material_id) material_id, share, via FROM routes ORDER BY material_id, preference, through)
     SELECT c.material_id, c.share, c.via
     FROM chosen c JOIN models m ON m.id = c.material_id AND m.model_name = 'Material'
     LEFT JOIN search_materials sm ON sm.material_id = c.material_id
     ORDER BY COALESCE(sm.sort_title, lower(m.fields ->> 'title')), c.material_id`,
    holderParams(user),
  );
  return rows.map((r) => ({ materialId: r.material_id, share: { publicId: r.share, rootModelName: r.via } }));
}
