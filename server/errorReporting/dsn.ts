/**
 * A DSN of an error-reporting service that speaks Sentry's envelope protocol (Sentry itself, GlitchTip,
 * Bugsink …): `https://PUBLIC_KEY@HOST[:PORT][/PATH]/PROJECT_ID`. Spec section 7: the service is started
 * when a configuration with a DSN is present (ERROR_REPORTING_DSN, server/config.ts).
 */
export interface Dsn {
  /** The DSN as configured; sent in each envelope's header. */
  text: string;
  publicKey: string;
  projectId: string;
  /** Where envelopes are posted: `PROTOCOL://HOST[:PORT][/PATH]/api/PROJECT_ID/envelope/`. */
  envelopeUrl: string;
}

/** Reads a DSN; throws an error saying what is wrong with it. */
export function parseDsn(text: string): Dsn {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('is not a URL (expected https://PUBLIC_KEY@HOST/PROJECT_ID)');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`must be an http or https URL, not ${url.protocol}`);
  if (!url.username) throw new Error('names no public key (the part before @)');
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!projectId || !/^\d+$/.test(projectId)) throw new Error('must end with the numeric project id');
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return {
    text,
    publicKey: decodeURIComponent(url.username),
    projectId,
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/`,
  };
}
