import type { Queryable } from '../db/types';

/*
 * The materials an account likes (spec section 3: a material's like state is whether its id is among the
 * user's favoriteMaterialIds; migration 010).
 */

/** The ids of the materials the account likes, oldest like first. */
export async function favoriteMaterialIds(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ material_id: string }>('SELECT material_id FROM favorite_materials WHERE user_id = $1 ORDER BY created_at, material_id', [userId]);
  return rows.map((row) => row.material_id);
}

/** Whether the account likes the material. */
export async function likes(db: Queryable, userId: string, materialId: string): Promise<boolean> {
  const rows = await db.query<{ one: number }>('SELECT 1 AS one FROM favorite_materials WHERE user_id = $1 AND material_id = $2', [userId, materialId]);
  return rows.length > 0;
}

/** Likes the material, or no longer does (both idempotent). */
export async function setLiked(db: Queryable, userId: string, materialId: string, liked: boolean): Promise<void> {
  if (liked) await db.query('INSERT INTO favorite_materials (user_id, material_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, materialId]);
  else await db.query('DELETE FROM favorite_materials WHERE user_id = $1 AND material_id = $2', [userId, materialId]);
}
