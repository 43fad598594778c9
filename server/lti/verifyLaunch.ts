import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { CLAIM, DEEP_LINKING_REQUEST, LaunchClaims, RESOURCE_LINK_REQUEST } from './claims';
import type { Platform } from './platforms';

/** How far the platform's clock may be off ours for `exp` and `iat`, in seconds. */
export const CLOCK_SKEW_S = 60;
/** An id_token older than this (by its `iat`) is refused even before its `exp`. */
export const MAX_ID_TOKEN_AGE_S = 60 * 60;
/** The deadline of fetching a platform's JWKS. */
export const JWKS_TIMEOUT_MS = 5_000;
/** A platform's keys are fetched again after this long, or sooner when a token names an unknown `kid` (at most every 30 s). */
export const JWKS_CACHE_MS = 10 * 60_000;
const JWKS_COOLDOWN_MS = 30_000;

/** A launch that failed a check: `check` names it (for the LMS administrator), `status` the HTTP answer. */
export class LaunchRefused extends Error {
  constructor(
    readonly check: string,
    message: string,
    readonly status = 401,
  ) {
    super(message);
    this.name = 'LaunchRefused';
  }
}

/** The platforms' key sets, one remote JWKS per URL, cached (server-wide). */
export class PlatformKeySets {
  private readonly sets = new Map<string, JWTVerifyGetKey>();
  keysOf(platform: Pick<Platform, 'jwksUrl'>): JWTVerifyGetKey {
    let set = this.sets.get(platform.jwksUrl);
    if (!set) {
      set = createRemoteJWKSet(new URL(platform.jwksUrl), { timeoutDuration: JWKS_TIMEOUT_MS, cooldownDuration: JWKS_COOLDOWN_MS, cacheMaxAge: JWKS_CACHE_MS });
      this.sets.set(platform.jwksUrl, set);
    }
    return set;
  }
}

function refusalOf(error: unknown): LaunchRefused {
  if (error instanceof LaunchRefused) return error;
  if (error instanceof errors.JWTExpired) return new LaunchRefused('exp', 'The id_token has expired (exp).');
  if (error instanceof errors.JWTClaimValidationFailed) return new LaunchRefused(error.claim, `The id_token's "${error.claim}" claim is wrong: ${error.reason === 'check_failed' ? 'it does not match this registration' : error.message}.`);
  if (error instanceof errors.JWSSignatureVerificationFailed) return new LaunchRefused('signature', "The id_token's signature does not verify with the platform's key of its kid.");
  if (error instanceof errors.JWKSNoMatchingKey) return new LaunchRefused('kid', "The platform's JWKS has no key of the id_token's kid.");
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return new LaunchRefused('alg', 'The id_token must be signed with RS256.');
  if (error instanceof errors.JWKSTimeout) return new LaunchRefused('jwks', "The platform's JWKS URL did not answer in time; try again.", 503);
  if (error instanceof errors.JWKSInvalid || error instanceof errors.JWKInvalid) return new LaunchRefused('jwks', "The platform's JWKS URL answered no usable key set.", 503);
  if (error instanceof errors.JOSEError) return new LaunchRefused('id_token', `The id_token is not a valid JWT (${error.code}).`);
  // fetch failed: the platform's JWKS cannot be reached.
  if (error instanceof TypeError) return new LaunchRefused('jwks', "The platform's JWKS URL cannot be reached; try again.", 503);
  throw error;
}

/**
 * Verifies an id_token of a launch (LTI 1.3 Core section 5, Security Framework 5.1.3): RS256 by the
 * platform's key of its `kid`, `iss` the platform's issuer, `aud` containing the client id (`azp` the
 * client id when present, required when `aud` names several), `exp` and `iat` within CLOCK_SKEW_S,
 * `nonce` the one of the login, then the LTI claims (message type, version 1.3.0, a registered
 * deployment, a `target_link_uri` of `origin`, the claims the message type needs).
 */
export async function verifyIdToken(idToken: string, platform: Platform, keys: JWTVerifyGetKey, expected: { nonce: string; origin: string }): Promise<LaunchClaims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, keys, {
      algorithms: ['RS256'],
      issuer: platform.issuer,
      audience: platform.clientId,
      clockTolerance: CLOCK_SKEW_S,
      maxTokenAge: MAX_ID_TOKEN_AGE_S,
      requiredClaims: ['iss', 'aud', 'exp', 'iat', 'sub', 'nonce'],
    }));
  } catch (error) {
    throw refusalOf(error);
  }
  const aud = payload.aud;
  if (Array.isArray(aud) && aud.length > 1 && payload.azp === undefined) throw new LaunchRefused('azp', 'The id_token names several audiences but no azp.');
  if (payload.azp !== undefined && payload.azp !== platform.clientId) throw new LaunchRefused('azp', "The id_token's azp is not this tool's client id.");
  if (payload.nonce !== expected.nonce) throw new LaunchRefused('nonce', "The id_token's nonce is not the one of this browser's login (replayed or foreign).");
  const parsed = LaunchClaims.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue.path.map(String).join('.');
    throw new LaunchRefused(path || 'claims', `The id_token's claim ${path || '(root)'} is wrong: ${issue.message}.`);
  }
  const claims = parsed.data;
  if (!platform.deploymentIds.includes(claims[CLAIM.deploymentId])) {
    throw new LaunchRefused(CLAIM.deploymentId, `The deployment "${claims[CLAIM.deploymentId]}" is not registered for this platform (npm run lti -- add-platform … --deployment-id).`, 403);
  }
  if (new URL(claims[CLAIM.targetLinkUri]).origin !== expected.origin) throw new LaunchRefused(CLAIM.targetLinkUri, `The target_link_uri is not on this server (${expected.origin}).`, 403);
  const type = claims[CLAIM.messageType];
  if (type === RESOURCE_LINK_REQUEST && !claims[CLAIM.resourceLink]) throw new LaunchRefused(CLAIM.resourceLink, 'A resource link launch needs the resource_link claim.');
  if (type === DEEP_LINKING_REQUEST && !claims[CLAIM.deepLinkingSettings]) throw new LaunchRefused(CLAIM.deepLinkingSettings, 'A deep linking request needs the deep_linking_settings claim.');
  return claims;
}
