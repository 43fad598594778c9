import type { Queryable } from '../db/types';

/**
 * True when a link/embed element (Link) or an external resource (IFrame) within these roots names
 * this URL, as the content has it (surrounding whitespace aside, as the viewer trims it).
 */
export async function rootsLinkTo(db: Queryable, rootIds: readonly string[], url: string): Promise<boolean> {
  if (!rootIds.length) return false;
  const rows = await db.query<{ found: number }>(
    `SELECT 1 AS found FROM models
     WHERE root_id IN (SELECT jsonb_array_elements_text($1::jsonb))
       AND model_name IN ('Link', 'IFrame')
       AND btrim(fields->>'url') = $2
     LIMIT 1`,
    [JSON.stringify(rootIds), url],
  );
  return rows.length > 0;
}
