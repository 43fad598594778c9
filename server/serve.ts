import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { newAdminToken, publicOrigin, adminOrigin, databaseId, removeServerFile, writeServerFile } from './admin/serverFile';
import { buildApp } from './app';
import { readConfig, type ServerConfig } from './config';
import { loadDemoContent, prepareDemo, type DemoLinks } from './content/demo';
import { renditionsOf, prepareRenditions } from './assets/prepareRenditions';
import { ensureStoredContentSanitized } from './content/sanitizeStored';
import { DataDirLockedError } from './db/lock';
import { ReadinessCheck } from './health/readiness';
import { listenForContentChanges } from './store/contentChanges';
import { contentChanged, onContentChanged } from './store/lookups';
import { ReadRouting } from './db/readRouting';
import { MAINTENANCE_TIMEOUT_MS } from './db/deadlines';
import { deferredDatabase } from './db/deferred';
import { pgliteDir } from './db/open';
import type { Database } from './db/types';
import { ensureSearchIndex } from './store/searchIndex';
import { errorReporterFromConfig, reportCrashes } from './errorReporting/processErrors';

export interface ServeOptions {
  /** The database being opened (server/main.ts starts it first). */
  opening: Promise<Database>;
  /** The PGlite data dir had no database: the demo will be loaded. */
  newDatabase: boolean;
  /** When (ms since the process started) each step of the start was done; printed with "started in". */
  timeline?: Record<string, number>;
}

/**
 * The server after its database: migrate (done by openDatabase), sanitise old content if the rules
 * changed, load the demo once, listen, and write `DATA_DIR/servers/PID.json` (address and admin token
 * for the commands, server/admin/serverFile.ts). SIGTERM and SIGINT shut it down: the server file goes
 * first, then requests in flight are answered (new ones refused), then the database is closed and
 * its lock removed.
 */
export async function serve({ opening, newDatabase, timeline = {} }: ServeOptions): Promise<void> {
  const at = () => Math.round(process.uptime() * 1000);
  let config: ServerConfig;
  try {
    config = readConfig();
  } catch (error) {
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  // The error-reporting service (spec section 7) when a DSN is configured: crashes, failed requests and the browsers' reports.
  const errorReporter = errorReporterFromConfig(config);
  const token = newAdminToken();
  let app: FastifyInstance | null = null;
  if (errorReporter) reportCrashes(errorReporter, () => app?.server.close());
  let serverFileWritten = false;
  let stopping = false;
  let contentListener: { stop: () => Promise<void> } | null = null;
  const database = deferredDatabase(config.databaseUrl ? 'postgres' : 'pglite', opening);
  // A read replica (DATABASE_READ_URL): content and search read there once it has replayed every change this server heard of.
  const routing = config.databaseReadUrl ? openReadRouting(config, opening) : null;
  const readiness = new ReadinessCheck({
    db: database,
    diskProbeDir: config.dataDir,
    onChange: (now) =>
      now.ready ? console.log('Ready again: /api/ready answers 200') : console.error(`Not ready: ${now.failed.map((f) => `${f.check}: ${f.message}`).join('; ')}`),
  });
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // A load balancer watching /api/ready stops sending new requests meanwhile; those that come are still answered.
    readiness.drain();
    const drainMs = app?.server.listening ? config.shutdownDrainMs : 0;
    console.log(drainMs ? `${signal}: draining for ${drainMs} ms, then shutting down` : `${signal}: shutting down`);
    // A close that hangs must not keep the process alive; the exit hook still removes the lock.
    setTimeout(() => {
      console.error('Shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, drainMs + 10_000).unref();
    if (drainMs) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // Commands started from now on work on the database directly (once it is closed) instead of through this server.
    if (serverFileWritten) removeServerFile(config.dataDir, token);
    try {
      await app?.close();
      await contentListener?.stop();
      await (await routing?.catch(() => null))?.content.close();
      await errorReporter?.flush();
    } finally {
      const db = await opening.catch(() => null);
      await db?.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', (s) => void stop(s));
  process.on('SIGINT', (s) => void stop(s));

  // The HTTP app is built while the database opens (its routes wait for it: server/db/deferred.ts).
  const building = buildApp({
    db: database,
    contentDb: routing ? deferredDatabase('postgres', routing.then((r) => r.content)) : undefined,
    readiness,
    clientDir: config.clientDir,
    contentDirs: [path.join(config.contentDir, 'assets')],
    cacheDir: config.cacheDir,
    logger: { level: config.logLevel },
    featureFlags: config.featureFlags,
    listenUrl: config.databaseUrl,
    trustProxy: config.trustProxy,
    frameAncestors: config.frameAncestors,
    adminToken: token,
    errorReporter,
    xapi: config.xapi,
  }).then((built) => {
    timeline.app = at();
    return built;
  });
  // Then, while the new database is still being made, the demo's files are read and checked (and
  // sanitised, seconds for the sanitiser's DOM, unless the build's demo cache has them:
  // server/content/demoCache.ts). After the app, not beside it: both work on this thread.
  const demoFiles = newDatabase ? building.then(() => prepareDemo(config.contentDir)) : undefined;
  demoFiles?.then(
    () => (timeline.demoPrepared = at()),
    () => undefined,
  );
  // The demo's images are rendered (those of the first paints first) on the thread pool while the database is
  // made, so the first visit after the start waits for no rendition (server/assets/prepareRenditions.ts).
  demoFiles
    ?.then((demo) => {
      const prepared = (kind: keyof typeof demo.imports) => {
        const entry = demo.imports[kind];
        return entry && 'prepared' in entry ? entry.prepared.file : null;
      };
      // Every first paint; the content images of the German material only, the one `/` opens.
      const wanted = [...renditionsOf([demo.settings?.value, prepared('material'), prepared('materialEn'), prepared('collection')], { content: false }), ...renditionsOf(prepared('material'))];
      return prepareRenditions([path.join(config.contentDir, 'assets')], config.cacheDir, wanted);
    })
    .then(
      () => (timeline.renditions = at()),
      () => undefined,
    );
  let db: Database;
  try {
    [db, app] = await Promise.all([opening, building]);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (stopping) return;
  // Imports through other servers (or the CLI) on the same PostgreSQL clear this server's caches at once.
  if (config.databaseUrl) contentListener = listenForContentChanges({ connectionString: config.databaseUrl, onChange: (lsn) => contentChanged(lsn) });

  let demo: DemoLinks;
  try {
    const maintenance = db.withDeadline(MAINTENANCE_TIMEOUT_MS);
    const resanitized = await ensureStoredContentSanitized(maintenance);
    if (resanitized) console.log(`Sanitised the html of ${resanitized} stored models under the current rules`);
    const indexed = await ensureSearchIndex(maintenance);
    if (indexed) console.log(`Indexed ${indexed} stored materials for full-text search`);
    demo = await loadDemoContent(maintenance, config.contentDir, (message) => console.log(message), demoFiles);
    await readiness.forgetOldServers();
    timeline.demo = at();
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
  if (stopping) return;

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const origin = publicOrigin(config.host, port);
  readiness.listensAt(`${config.host}:${port}`);
  writeServerFile(config.dataDir, {
    origin,
    adminOrigin: adminOrigin(config.host, port),
    token,
    database: db.kind,
    databaseId: config.databaseUrl ? databaseId(config.databaseUrl) : null,
  });
  serverFileWritten = true;

  const databaseName = db.kind === 'pglite' ? `PGlite in ${pgliteDir(config.dataDir)}` : 'PostgreSQL (DATABASE_URL)';
  if (demo.material) console.log(`Demo material:   ${origin}/s/${demo.material}/`);
  if (demo.materialEn) console.log(`Demo (English):  ${origin}/s/${demo.materialEn}/?lang=en`);
  if (demo.collection) console.log(`Demo collection: ${origin}/s/${demo.collection}/`);
  if (demo.materialGuest) console.log(`Demo (guests):   ${origin}/s/${demo.materialGuest}/`);
  if (demo.materialPrivate) console.log(`Demo (private):  ${origin}/s/${demo.materialPrivate}/ (log in with an account from npm run users -- add EMAIL)`);
  // When each step was done, in ms since the process started (steps run in parallel: the database opens in its worker meanwhile).
  const steps = Object.entries(timeline)
    .sort((a, b) => a[1] - b[1])
    .map(([step, ms]) => `${step} ${ms}`)
    .join(', ');
  console.log(`Lernwerk listening on ${origin} (host ${config.host}, ${databaseName}); started in ${at()} ms (${steps})`);
}

/** The replica's pool (opened without waiting for it: a replica that is away at start is read from once it answers) and the routing over both. */
async function openReadRouting(config: ServerConfig, opening: Promise<Database>): Promise<ReadRouting> {
  const [{ openPostgres }, primary] = await Promise.all([import('./db/postgres'), opening]);
  const replica = await openPostgres(config.databaseReadUrl as string, {
    poolSize: config.databasePoolSize,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    applicationName: 'lernwerk-read',
    verify: false,
  });
  const routing = new ReadRouting({ primary, replica });
  onContentChanged((lsn) => routing.contentChangedAt(lsn));
  return routing;
}
