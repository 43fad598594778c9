import { z } from 'zod';
import { AssignmentQuestionItem, AssignmentQuestionZone, Choice, ContentElement } from '../../model/elements';
import { Collection, Material } from '../../model/material';
import { SANITIZER_VERSION } from '../../model/sanitize';
import type { Database } from '../db/types';
import { getMeta, setMeta } from '../store/meta';
import { loadSanitizer, sanitizeContent } from './sanitizeContent';

/** The sanitiser version the stored content was last sanitised with. */
const SANITIZED_KEY = 'content_html_sanitized';

/** The schema of a stored row's own fields, by its modelName (rows of child arrays hold no children). */
const rowSchemas = new Map<string, z.ZodType>([
  ...ContentElement.options.map((option) => [option.shape.modelName.value, option] as [string, z.ZodType]),
  ['Material', Material],
  ['Collection', Collection],
  ['Choice', Choice],
  ['AssignmentQuestionZone', AssignmentQuestionZone],
  ['AssignmentQuestionItem', AssignmentQuestionItem],
]);

/**
 * Content imported before html was sanitised at import (or under older rules) is sanitised once,
 * at start-up, in one transaction: every row whose html changes is rewritten. Answers how many
 * rows changed.
 */
export async function ensureStoredContentSanitized(db: Database): Promise<number> {
  if ((await getMeta(db, SANITIZED_KEY, z.number())) === SANITIZER_VERSION) return 0;
  // A new database has nothing to sanitise: its first start need not load the sanitiser's DOM
  // (loaded before the transaction, which would otherwise hold every other query meanwhile).
  const [{ stored }] = await db.query<{ stored: boolean }>('SELECT EXISTS (SELECT 1 FROM models) AS stored');
  if (stored) await loadSanitizer();
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string; model_name: string; fields: Record<string, unknown> }>('SELECT id, model_name, fields FROM models');
    if (rows.length) await loadSanitizer();
    const changed: { id: string; fields: Record<string, unknown> }[] = [];
    for (const row of rows) {
      const schema = rowSchemas.get(row.model_name);
      if (!schema) continue;
      const fields = sanitizeContent(schema, row.fields);
      if (fields !== row.fields && JSON.stringify(fields) !== JSON.stringify(row.fields)) changed.push({ id: row.id, fields });
    }
    if (changed.length) {
      await tx.query(
        `UPDATE models SET fields = r.fields, updated_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS r(id text, fields jsonb) WHERE models.id = r.id`,
        [JSON.stringify(changed)],
      );
    }
    await setMeta(tx, SANITIZED_KEY, SANITIZER_VERSION);
    return changed.length;
  });
}
