/**
 * The server's entry: `npm start` and `npm run serve` run it compiled (`node dist/server/main.js`,
 * built by scripts/server-build.mjs); tests and development may run it from source
 * (`node --import tsx server/main.ts`).
 *
 * It opens the database before anything else: PGlite's worker thread then copies or opens the
 * embedded database (and compiles PostgreSQL's WASM) on the second core while this thread loads the
 * HTTP server's modules (server/serve.ts: fastify, zod, the schemas) and builds the HTTP app.
 * This module imports only what opening needs (no zod, no fastify).
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, pgliteDir } from './db/open';
import { dataDirFromEnv } from './paths';

const at = () => Math.round(process.uptime() * 1000);
const timeline: Record<string, number> = { main: at() };
const dataDir = dataDirFromEnv();
const databaseUrl = process.env.DATABASE_URL || undefined;
// A PGlite data dir without a database yet: the demo will be loaded, so its files are prepared while the database is made.
const newDatabase = !databaseUrl && !fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));

const opening = openDatabase({
  dataDir,
  databaseUrl,
  // Checked by readConfig (server/config.ts) before the database is used; a bad value stops the server there.
  poolSize: Number(process.env.DATABASE_POOL_SIZE) || undefined,
  queryTimeoutMs: Number(process.env.DATABASE_QUERY_TIMEOUT_MS) || undefined,
  connectTimeoutMs: Number(process.env.DATABASE_CONNECT_TIMEOUT_MS) || undefined,
  // A stuck embedded database that cannot even be stopped to be restarted: exit, so a supervisor restarts the server (the exit hook frees the lock).
  onFailure: (error) => {
    console.error(`Stopping: ${error.message}`);
    process.exit(1);
  },
});
// Awaited by serve(); meanwhile a failure (the data dir locked by another process) must not count as unhandled.
opening.then(
  () => (timeline.database = at()),
  () => undefined,
);

try {
  const { serve } = await import('./serve');
  timeline.modules = at();
  await serve({ opening, newDatabase, timeline });
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}
