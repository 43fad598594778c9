import { Settings } from '../../model/settings';
import type { Queryable } from '../db/types';

/** The installation's settings; defaults when none were stored. */
export async function getSettings(db: Queryable): Promise<Settings> {
  const [row] = await db.query<{ data: unknown }>('SELECT data FROM settings WHERE id');
  return Settings.parse(row?.data ?? {});
}

/** Validates and stores the settings (throws the ZodError on bad input); answers what was stored. */
export async function putSettings(db: Queryable, input: unknown): Promise<Settings> {
  const { $schema: _schema, ...settings } = Settings.parse(input);
  await db.query(
    `INSERT INTO settings (id, data) VALUES (true, $1::jsonb)
     ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
    [JSON.stringify(settings)],
  );
  return settings;
}
