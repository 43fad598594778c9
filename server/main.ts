import path from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { loadDemoContent, type DemoLinks } from './content/demo';
import { ensureStoredContentSanitized } from './content/sanitizeStored';
import { DataDirLockedError } from './db/lock';
import { openDatabase, pgliteDir } from './db/open';
import type { Database } from './db/types';

/** `npm run serve`: open (and lock) the database, migrate, load the demo once, listen. */
async function main(): Promise<void> {
  const config = readConfig();
  let db: Database;
  try {
    db = await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      // Without its database the server can only fail: exit, so a supervisor restarts it (the exit hook frees the lock).
      onFailure: (error) => {
        console.error(`Stopping: ${error.message}`);
        process.exit(1);
      },
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({
    db,
    clientDir: config.clientDir,
    contentDirs: [path.join(config.contentDir, 'assets')],
    cacheDir: config.cacheDir,
    logger: { level: config.logLevel },
    featureFlags: config.featureFlags,
    trustProxy: config.trustProxy,
  });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    // A close that hangs must not keep the process alive; the exit hook still removes the lock.
    setTimeout(() => {
      console.error('Shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
    try {
      await app.close();
    } finally {
      await db.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', (s) => void stop(s));
  process.on('SIGINT', (s) => void stop(s));

  let demo: DemoLinks;
  try {
    const resanitized = await ensureStoredContentSanitized(db);
    if (resanitized) console.log(`Sanitised the html of ${resanitized} stored models under the current rules`);
    demo = await loadDemoContent(db, config.contentDir, (message) => console.log(message));
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if (stopping) return; // a signal arrived while starting; stop() closes and exits
    await app.close().catch(() => undefined);
    await db.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      console.error(`Cannot start: port ${config.port} on ${config.host} is not available (${code}). Set PORT to another port.`);
      process.exit(1);
    }
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const origin = `http://localhost:${port}`;
  const database = db.kind === 'pglite' ? `PGlite in ${pgliteDir(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)';
  if (demo.material) console.log(`Demo material:   ${origin}/s/${demo.material}/`);
  if (demo.materialEn) console.log(`Demo (English):  ${origin}/s/${demo.materialEn}/?lang=en`);
  if (demo.collection) console.log(`Demo collection: ${origin}/s/${demo.collection}/`);
  if (demo.materialGuest) console.log(`Demo (guests):   ${origin}/s/${demo.materialGuest}/`);
  if (demo.materialPrivate) console.log(`Demo (private):  ${origin}/s/${demo.materialPrivate}/ (log in with an account from npm run users -- add EMAIL)`);
  console.log(`Lernwerk listening on ${origin} (host ${config.host}, ${database}); started in ${Math.round(process.uptime() * 1000)} ms`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
