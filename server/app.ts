import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { BROTLI_QUALITY, GZIP_LEVEL } from './http/compressedPages';
import fastifyHelmet from '@fastify/helmet';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { FeatureFlags } from '../model/pageData';
import { API_BODY_LIMIT_BYTES } from '../model/tracking';
import { authSessionTtlFromEnv } from './auth/sessionCookie';
import { featureFlagsFromEnv } from './config';
import type { Database } from './db/types';
import { HttpError, installErrorHandlers } from './http/errors';
import { adminRoutes } from './routes/admin';
import { accessibilityReportRoutes } from './routes/accessibilityReport';
import { assetRoutes } from './routes/assets';
import { modelRoutes } from './routes/models';
import { invitationRoutes } from './routes/permissions';
import { publicationRoutes } from './routes/publications';
import { currentPublicationRoutes } from './routes/currentPublication';
import { annotationRoutes } from './routes/annotations';
import { embedMetadataRoutes } from './routes/embedMetadata';
import type { EmbedMetadataLookup } from './embed/metadataLookup';
import { feedbackRoutes } from './routes/feedback';
import { feedbackProviderFromEnv, type FeedbackProviderConfig } from './feedback/chatCompletions';
import { pageContentSecurityPolicy } from './http/contentSecurityPolicy';
import { pageRoutes } from './routes/pages';
import { displayFormRoutes } from './routes/displayForm';
import { cmi5Routes } from './routes/cmi5';
import { searchRoutes } from './routes/search';
import { searchAcrossRoutes } from './routes/searchAcross';
import { serviceWorkerRoute } from './routes/serviceWorker';
import { iconSpriteRoute } from './routes/iconSprite';
import { clientErrorRoutes } from './routes/clientErrors';
import { reportServerError, type ErrorReporter } from './errorReporting/errorReporter';
import { ReadinessCheck } from './health/readiness';
import { healthRoutes } from './routes/health';
import { authRoutes } from './routes/auth';
import { guestRoutes } from './routes/guests';
import { resultsRoutes } from './routes/results';
import { ltiRoutes } from './routes/lti';
import { certificateRoutes } from './routes/certificates';
import { certificateIssuerFromEnv, type CertificateIssuer } from './certificates/issuer';
import { ScoreSender, type ScoreSenderOptions } from './lti/scoreSender';
import { userdataRoutes } from './routes/userdata';
import { createLookups } from './store/lookups';
import { FeatureFlagCache } from './store/featureFlagCache';
import { featureRoutes } from './routes/features';
import { MaterialAnswers } from './store/materialAnswers';
import { xapiConfigFromEnv, type XapiConfig } from './xapi/config';
import { createXapiRecorder } from './xapi/recorder';
import { XapiSender, type SenderOptions } from './xapi/sender';

export interface BuildAppOptions {
  db: Database;
  /** The built client (`dist/client`), served under /app/; its index.html is the page template. */
  clientDir: string;
  /** Directories asset files are looked up in (content/assets, …), handed to the asset routes. */
  contentDirs: string[];
  /** Where the asset routes keep resized images. */
  cacheDir: string;
  /** Fastify's logger option (pino: a level, optionally a stream to write to); off by default (tests). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /**
   * The feature flags' defaults; stored settings override them (server/store/featureFlagCache.ts).
   * Defaults to the environment (all off unless switched on).
   */
  featureFlags?: FeatureFlags;
  /** PostgreSQL's URL of `db`: the app listens there for other servers' feature-flag changes (absent: PGlite, one server). */
  listenUrl?: string;
  /** The chat-completions provider of generated free-text feedback; defaults to the environment (LLM_BASE_URL …). */
  feedbackProvider?: FeedbackProviderConfig | null;
  /** How long a login lasts, in ms; defaults to AUTH_SESSION_TTL_MS, else 14 days. */
  authSessionTtlMs?: number;
  /** Trust X-Forwarded-* of a reverse proxy (TRUST_PROXY): the session cookie is Secure when the proxy saw https. */
  trustProxy?: boolean;
  /** The sites that may frame the pages (FRAME_ANCESTORS, server/http/contentSecurityPolicy.ts); null or absent: any site. */
  frameAncestors?: string[] | null;
  /** The token of the admin routes (/api/admin, server/routes/admin.ts) the commands use; without it there are none. */
  adminToken?: string;
  /** The embed-metadata lookup (server/embed/metadataLookup.ts); defaults to the environment's (EMBED_METADATA_LOOKUP, off unless on). */
  embedMetadata?: EmbedMetadataLookup;
  /** The error-reporting service (spec section 7): the server's own failures and the browsers' reports go there; absent: none. */
  errorReporter?: ErrorReporter | null;
  /**
   * Where reads that tolerate a little lag go (material content, search): a read replica's routing
   * (server/db/readRouting.ts); absent: `db`.
   */
  contentDb?: Database;
  /** What `GET /api/ready` answers (server/health/readiness.ts); absent: the database alone is checked. */
  readiness?: ReadinessCheck;
  /** Where learning records go (XAPI_ENDPOINT …, server/xapi); defaults to the environment's; null: nowhere. */
  xapi?: XapiConfig | null;
  /** How the xAPI sender paces itself (tests make it quick); the defaults otherwise. */
  xapiSender?: SenderOptions;
  /** How the sender of LTI scores paces itself (tests make it quick); the defaults otherwise. */
  ltiScores?: ScoreSenderOptions;
  /** Who signs certificates' credentials (docs/certificates.md); defaults to the environment's (CERTIFICATE_ISSUER_NAME, PUBLIC_ORIGIN). */
  certificateIssuer?: CertificateIssuer;
}

/** The HTTP app, not yet listening (tests call `app.inject`). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  // A larger body is answered 413 (as JSON under /api) before any handler runs.
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: API_BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // Thousands of learner calls a second: no two info lines per request. Requests are logged at
    // debug (below), failures by the error handler (4xx warn, 5xx error).
    logController: new LogController({ disableRequestLogging: true }),
    // A plugin that has not started within this time fails the start (fastify's default is 10 s). The
    // app is built while the database opens and the demo is prepared; on a busy machine that took longer.
    pluginTimeout: 60_000,
  });
  if (app.log.level === 'debug' || app.log.level === 'trace') {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    });
  }
  // The server's failures go to the error-reporting service too, named by their route (never by the ids in the address).
  installErrorHandlers(app, options.errorReporter ? reportServerError(options.errorReporter) : undefined);
  // A NUL in the address (`%00`, in the path or the query) names nothing here and no database can take it: 400 before any route.
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw new HttpError(400, 'The address must not contain the NUL character (%00)');
  });
  await app.register(fastifyCookie);
  // The usual protective headers on every answer (X-Content-Type-Options, Referrer-Policy, …). Not those
  // that would keep the viewer out of the sites and LMSs that embed it or open it in a window of their
  // own: no X-Frame-Options (any page may frame a share) and no Cross-Origin-Opener-Policy (an
  // LMS finds its API through window.opener). The pages send their own CSP (./http/contentSecurityPolicy.ts).
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    frameguard: false,
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Only heeded over https; a school's other hosts under the same domain are not ours to pin.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });

  // Vite puts content-hashed files under assets/: they never change, so they are cached for good.
  // The build writes FILE.br and FILE.gz beside each compressible file (vite.config.ts), sent as
  // they are to clients that accept them; each answer varies on Accept-Encoding for caches.
  const clientDir = path.resolve(options.clientDir);
  const staticOptions = { index: false, preCompressed: true, setHeaders: varyOnEncoding } as const;
  await app.register(fastifyStatic, { ...staticOptions, root: path.join(clientDir, 'assets'), prefix: '/app/assets/', maxAge: '365d', immutable: true });
  await app.register(fastifyStatic, { ...staticOptions, root: clientDir, prefix: '/app/', decorateReply: false });

  // Dynamic answers (the page HTML with its page data, API JSON) over 1 KiB are compressed, brotli
  // at quality 4 (about gzip's speed, smaller) or gzip; smaller ones (a userdata acknowledgement)
  // go as they are. Registered after the static files, so it applies to the routes below only:
  // static files are sent precompressed or as they are, never compressed on the fly. Large share
  // pages come compressed from their route (server/http/compressedPages.ts) and pass through.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });

  // Share, coverage, model and guest-session lookups cached across requests, cleared on import.
  const lookups = createLookups(options.db);
  // Materials as sent: serialised and compressed once per version (server/store/materialAnswers.ts).
  const content = options.contentDb ?? options.db;
  const materials = new MaterialAnswers(content);
  app.addHook('onClose', async () => {
    lookups.dispose();
    materials.dispose();
  });

  const feedbackProvider = options.feedbackProvider === undefined ? feedbackProviderFromEnv() : options.feedbackProvider;
  const featureFlags = options.featureFlags ?? featureFlagsFromEnv();
  const readiness = options.readiness ?? new ReadinessCheck({ db: options.db });
  const errorReporter = options.errorReporter ?? null;
  // The flags as they are now: the environment's with the stored settings over them, until cleared (POST /api/features/clear).
  const flags = new FeatureFlagCache(options.db, { ...featureFlags, GENERATIVE_FEEDBACK: feedbackProvider !== null, ERROR_REPORTING: errorReporter !== null });
  const currentFlags = () => flags.current();
  // Learning records (docs/xapi.md): statements written with the tracked events, sent by this server's sender.
  const xapiConfig = options.xapi === undefined ? xapiConfigFromEnv() : options.xapi;
  const xapiSender = xapiConfig ? new XapiSender(options.db, xapiConfig, { log: (line) => app.log.warn(line), ...options.xapiSender }) : null;
  const xapiRecorder = xapiConfig ? createXapiRecorder({ db: options.db, config: xapiConfig, lookups, recorded: () => xapiSender?.kick() }) : null;
  app.addHook('onReady', async () => xapiSender?.start());
  app.addHook('onClose', async () => {
    xapiRecorder?.dispose();
    await xapiSender?.stop();
  });
  const flagListener = options.listenUrl ? flags.listen(options.listenUrl, (line) => app.log.error(line)) : null;
  app.addHook('onClose', async () => flagListener?.stop());
  await app.register(pageRoutes, {
    db: options.db,
    lookups,
    materials,
    clientDir: options.clientDir,
    featureFlags: currentFlags,
    contentSecurityPolicy: pageContentSecurityPolicy(options.frameAncestors ?? null),
  });

  // The display options of the pages drawn without the app (a form: no script on those pages).
  await app.register(displayFormRoutes);

  // The cmi5 AU launch page of a share (an LMS launches it, docs/lms-and-embedding.md).
  await app.register(cmi5Routes, { db: options.db, lookups, frameAncestors: options.frameAncestors ?? null });

  // The service worker at the root (scope /): the client, share pages and their material offline (src/offline/sw.ts).
  await app.register(serviceWorkerRoute, { clientDir: options.clientDir });
  // The icon sprite at the address the spec names (/icons.svg), leading to the build's file.
  await app.register(iconSpriteRoute, { clientDir: options.clientDir });

  await app.register(authRoutes, { prefix: '/auth', db: options.db, sessionTtlMs: options.authSessionTtlMs ?? authSessionTtlFromEnv() });
  // LTI 1.3 (docs/lti.md): the platforms' logins and launches, and the tool's keys.
  const ltiScores = new ScoreSender(options.db, { log: (line) => app.log.warn(line), ...options.ltiScores });
  // A database away at the start: the sender starts with the next launch that records a line item.
  // Not awaited: a slow database does not hold up the start.
  app.addHook('onReady', async () => {
    void ltiScores.startIfUsed().catch((error: unknown) => app.log.warn(`LTI scores: ${(error as Error).message}`));
  });
  app.addHook('onClose', async () => ltiScores.stop());
  await app.register(ltiRoutes, { db: options.db, lookups, sessionTtlMs: options.authSessionTtlMs ?? authSessionTtlFromEnv(), frameAncestors: options.frameAncestors ?? null, scores: ltiScores });

  // Verifiable certificates (docs/certificates.md): issued to learners, checked by anyone at /verify/{code}.
  await app.register(certificateRoutes, { db: options.db, lookups, issuer: options.certificateIssuer ?? certificateIssuerFromEnv() });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { readiness });
      await api.register(modelRoutes, { db: options.db, lookups, materials, featureFlags: currentFlags });
      await api.register(annotationRoutes, { db: options.db, lookups, featureFlags: currentFlags });
      await api.register(searchRoutes, { db: options.db, content, lookups, featureFlags: currentFlags });
      await api.register(searchAcrossRoutes, { db: options.db, content, lookups, featureFlags: currentFlags });
      await api.register(invitationRoutes, { db: options.db });
      await api.register(publicationRoutes, { db: options.db });
      await api.register(currentPublicationRoutes, { db: options.db, lookups });
      await api.register(guestRoutes, { db: options.db, lookups });
      await api.register(resultsRoutes, { db: options.db, lookups });
      await api.register(embedMetadataRoutes, { db: options.db, lookups, lookup: options.embedMetadata });
      await api.register(userdataRoutes, { db: options.db, lookups, store: xapiRecorder?.store });
      await api.register(feedbackRoutes, { db: options.db, provider: feedbackProvider });
      await api.register(clientErrorRoutes, { reporter: errorReporter });
      await api.register(assetRoutes, { prefix: '/assets', assetDirs: options.contentDirs, cacheDir: options.cacheDir });
      await api.register(accessibilityReportRoutes, { db: options.db });
      await api.register(featureRoutes, { db: options.db, featureFlags: flags, adminToken: options.adminToken });
      if (options.adminToken) await api.register(adminRoutes, { prefix: '/admin', db: options.db, token: options.adminToken, featureFlags: flags });
    },
    { prefix: '/api' },
  );

  return app;
}

const COMPRESSIBLE_FILE = /\.(js|mjs|css|html|svg|json)(\.br|\.gz)?$/;

/** Static files that exist in several encodings say so, so that a shared cache keeps them apart. */
function varyOnEncoding(res: { setHeader(name: string, value: string): unknown }, file: string): void {
  if (COMPRESSIBLE_FILE.test(file)) res.setHeader('vary', 'accept-encoding');
}
