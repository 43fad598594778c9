import { z } from 'zod';
import { originOf } from '../scorm/origin';

/** Where statements go and what they may carry (docs/xapi.md); absent when XAPI_ENDPOINT is not set. */
export interface XapiConfig {
  /** The LRS's base URL, ending in `/`; statements go to `${endpoint}statements`. */
  endpoint: string;
  /** HTTP Basic credentials of the LRS (both empty: no Authorization header). */
  username: string;
  password: string;
  /** The installation's public origin: the home page of the learner accounts and the root of every activity IRI. */
  origin: string;
  /** Free-text answers go as `result.response` only when XAPI_SEND_FREE_TEXT is on. */
  sendFreeText: boolean;
  /** RFC 5646 tag of the content's language: `context.language` and the key of every language map. */
  language: string;
  /** Days a sent statement stays in the outbox for `resend` (XAPI_KEEP_SENT_DAYS); absent or null: kept for good. */
  keepSentDays?: number | null;
}

const Flag = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', '']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
// RFC 5646 in the shape the statements need (language, optional script/region/variants).
const LanguageTag = z.string().regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, 'an RFC 5646 language tag like de or en-GB');

const Env = z.object({
  XAPI_ENDPOINT: z.string().trim().optional(),
  XAPI_USERNAME: z.string().default(''),
  XAPI_PASSWORD: z.string().default(''),
  XAPI_SEND_FREE_TEXT: Flag.default(false),
  XAPI_LANGUAGE: LanguageTag.default('de'),
  XAPI_KEEP_SENT_DAYS: z
    .string()
    .trim()
    .regex(/^(\d{1,5})?$/, 'a whole number of days (like 90), or empty to keep sent statements for good')
    .refine((v) => v !== '0', 'at least 1 day (leave it empty to keep sent statements for good)')
    .default(''),
  PUBLIC_ORIGIN: z.string().trim().optional(),
});

/**
 * The xAPI settings of the environment: null without XAPI_ENDPOINT (nothing is recorded, nothing
 * leaves). With it, PUBLIC_ORIGIN is required: activity IRIs and learner accounts must not change
 * when the server moves behind another address. Throws naming what is wrong.
 */
export function xapiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): XapiConfig | null {
  const parsed = Env.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  '));
  const e = parsed.data;
  if (!e.XAPI_ENDPOINT) return null;
  let endpoint: URL;
  try {
    endpoint = new URL(e.XAPI_ENDPOINT);
  } catch {
    throw new Error(`XAPI_ENDPOINT: ${e.XAPI_ENDPOINT} is not a URL`);
  }
  if ((endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:') || !endpoint.pathname.endsWith('/') || endpoint.search || endpoint.hash) {
    throw new Error(`XAPI_ENDPOINT: ${e.XAPI_ENDPOINT} is not an http(s) base URL ending in "/" (like https://lrs.example/xapi/)`);
  }
  const origin = e.PUBLIC_ORIGIN ? originOf(e.PUBLIC_ORIGIN) : null;
  if (!origin) throw new Error('PUBLIC_ORIGIN: XAPI_ENDPOINT needs the server\'s public origin (like https://lernwerk.school.example): it names the learners\' accounts and the activities');
  return {
    endpoint: endpoint.href,
    username: e.XAPI_USERNAME,
    password: e.XAPI_PASSWORD,
    origin,
    sendFreeText: e.XAPI_SEND_FREE_TEXT,
    language: e.XAPI_LANGUAGE,
    keepSentDays: e.XAPI_KEEP_SENT_DAYS ? Number(e.XAPI_KEEP_SENT_DAYS) : null,
  };
}
