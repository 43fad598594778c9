import type { z } from 'zod';
import type { Queryable } from '../db/types';

/** A value of the `meta` table, checked with `schema`; null when missing or of another shape. */
export async function getMeta<S extends z.ZodType>(db: Queryable, key: string, schema: S): Promise<z.infer<S> | null> {
  const [row] = await db.query<{ value: unknown }>('SELECT value FROM meta WHERE key = $1', [key]);
  if (!row) return null;
  const parsed = schema.safeParse(row.value);
  return parsed.success ? parsed.data : null;
}

export async function setMeta(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO meta (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}
