import type { Queryable } from '../db/types';
import { KIND_INDEXING } from '../../src/kinds/indexing';

/** The kinds whose `url` a learner follows (link and embed elements, external resources). */
const LINKING_KINDS = Object.entries(KIND_INDEXING).flatMap(([modelName, indexing]) => (indexing.linksUrl ? [modelName] : []));

/**
 * True when an element of a linking kind within these roots names this URL, as the content has it
 * (surrounding whitespace aside, as the viewer trims it).
 */
export async function rootsLinkTo(db: Queryable, rootIds: readonly string[], url: string): Promise<boolean> {
  if (!rootIds.length) return false;
  const rows = await db.query<{ found: number }>(
    `SELECT 1 AS found FROM models
     WHERE root_id IN (SELECT jsonb_array_elements_text($1::jsonb))
       AND model_name IN (SELECT jsonb_array_elements_text($3::jsonb))
       AND btrim(fields->>'url') = $2
     LIMIT 1`,
    [JSON.stringify(rootIds), url, JSON.stringify(LINKING_KINDS)],
  );
  return rows.length > 0;
}
