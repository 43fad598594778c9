import path from 'node:path';
import { z } from 'zod';
import type { FeatureFlags } from '../model/pageData';
import { parseFrameAncestors } from './http/contentSecurityPolicy';
import { parseDsn, type Dsn } from './errorReporting/dsn';
import { APP_ROOT, dataDirFromEnv } from './paths';
import { xapiConfigFromEnv, type XapiConfig } from './xapi/config';

const Flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_READ_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  CONTENT_DIR: z.string().min(1).optional(),
  CLIENT_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  TRUST_PROXY: Flag.default(false),
  FRAME_ANCESTORS: z.string().optional(),
  ERROR_REPORTING_DSN: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return null;
      try {
        return parseDsn(text.trim());
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  ERROR_REPORTING_ENVIRONMENT: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((name) => name || 'production'),
});

/** Everything the server and the CLI read from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL instead of the embedded PGlite when set. */
  databaseUrl: string | undefined;
  /** A streaming replica of DATABASE_URL for reads that tolerate a little lag (server/db/readRouting.ts). */
  databaseReadUrl: string | undefined;
  /** Connections of the PostgreSQL pool (default server/db/postgres.ts DEFAULT_POOL_SIZE). */
  databasePoolSize: number | undefined;
  /** Deadline per query and of connecting, in ms (server/db/deadlines.ts). */
  databaseQueryTimeoutMs: number | undefined;
  databaseConnectTimeoutMs: number | undefined;
  /**
   * After SIGTERM, how long the server goes on answering while /api/ready says it is not ready, so a
   * load balancer stops sending before it closes (SHUTDOWN_DRAIN_MS, default 0).
   */
  shutdownDrainMs: number;
  contentDir: string;
  clientDir: string;
  cacheDir: string;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  featureFlags: FeatureFlags;
  /** Behind a reverse proxy that terminates https: trust its X-Forwarded-* headers (Secure cookies, client ip). */
  trustProxy: boolean;
  /** The sites that may frame the pages (FRAME_ANCESTORS); null: any site. */
  frameAncestors: string[] | null;
  /** The error-reporting service (ERROR_REPORTING_DSN, spec section 7) and the environment its reports name; null: none. */
  errorReporting: { dsn: Dsn; environment: string } | null;
  /** Where learning records go (XAPI_ENDPOINT …, docs/xapi.md); null: nowhere. */
  xapi: XapiConfig | null;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Bad environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = dataDirFromEnv(env);
  let xapi: XapiConfig | null;
  try {
    xapi = xapiConfigFromEnv(env);
  } catch (error) {
    throw new Error(`Bad environment:\n  ${(error as Error).message}`, { cause: error });
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databaseReadUrl: e.DATABASE_URL && e.DATABASE_READ_URL ? e.DATABASE_READ_URL : undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    contentDir: e.CONTENT_DIR ? path.resolve(e.CONTENT_DIR) : path.join(APP_ROOT, 'content'),
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : path.join(APP_ROOT, 'dist', 'client'),
    cacheDir: path.join(dataDir, 'cache'),
    logLevel: e.LOG_LEVEL,
    featureFlags: featureFlagsFromEnv(env),
    trustProxy: e.TRUST_PROXY,
    frameAncestors: parseFrameAncestors(e.FRAME_ANCESTORS),
    errorReporting: e.ERROR_REPORTING_DSN ? { dsn: e.ERROR_REPORTING_DSN, environment: e.ERROR_REPORTING_ENVIRONMENT } : null,
    xapi,
  };
}

/** Feature flags from the environment, each off unless switched on (`1`, `true`, `on` …). */
export function featureFlagsFromEnv(env: NodeJS.ProcessEnv = process.env): FeatureFlags {
  const pick = (name: keyof FeatureFlags, fallback: boolean) => {
    const raw = (env[name] ?? '').trim().toLowerCase();
    const parsed = Flag.safeParse(raw);
    if (!raw || !parsed.success) return fallback;
    return parsed.data;
  };
  return {
    FULLTEXT_SEARCH: pick('FULLTEXT_SEARCH', false),
    ANNOTATION_COMMENTS: pick('ANNOTATION_COMMENTS', false),
    USE_GRAVATAR: pick('USE_GRAVATAR', false),
    PRIVATE_MODE: pick('PRIVATE_MODE', false),
    // Set by the app from whether a feedback provider is configured (LLM_BASE_URL).
    GENERATIVE_FEEDBACK: false,
    // Set by the app from whether an error-reporting service is configured (ERROR_REPORTING_DSN).
    ERROR_REPORTING: false,
  };
}
