import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { z } from 'zod';
import type { Database } from '../db/types';
import { AGS_SCORE_SCOPE } from './claims';
import type { Platform } from './platforms';
import { currentToolKey, TOOL_ALG } from './toolKeys';

/** The answer of a platform's token endpoint (RFC 6749 section 5.1). */
const TokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string().regex(/^bearer$/i), expires_in: z.coerce.number().positive().optional() });

/** A token is used until this long before it expires. */
const EXPIRY_MARGIN_MS = 60_000;

/** The platform answered the token request with an error: `retry` when it may pass (5xx, 429, no answer). */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly retryAfter: string | null = null,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

/**
 * Access tokens of the platforms for the AGS score scope, by OAuth 2 client credentials with a JWT
 * client assertion (LTI Security Framework 1.0, 4.1; RFC 7523): RS256 by the tool's key, `iss` = `sub`
 * = the client id, `aud` the token URL (or the audience the registration names), a fresh `jti`, five
 * minutes. Cached per platform until shortly before it expires.
 */
export class PlatformTokens {
  private readonly cache = new Map<string, { token: string; until: number }>();
  constructor(
    private readonly db: Database,
    private readonly timeoutMs: number,
  ) {}

  forget(platform: Platform): void {
    this.cache.delete(platform.id);
  }

  async token(platform: Platform): Promise<string> {
    const cached = this.cache.get(platform.id);
    if (cached && cached.until > Date.now()) return cached.token;
    const key = await currentToolKey(this.db);
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: TOOL_ALG, kid: key.kid, typ: 'JWT' })
      .setIssuer(platform.clientId)
      .setSubject(platform.clientId)
      .setAudience(platform.tokenAudience ?? platform.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .setJti(randomBytes(16).toString('base64url'))
      .sign(key.privateKey);
    let response: Response;
    try {
      response = await fetch(platform.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          scope: AGS_SCORE_SCOPE,
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new TokenError(`token URL unreachable (${(error as Error).message})`, true);
    }
    if (!response.ok) {
      const text = (await response.text().catch(() => '')).slice(0, 300);
      throw new TokenError(`token URL answered ${response.status} ${text}`, response.status >= 500 || response.status === 429 || response.status === 408, response.headers.get('retry-after'));
    }
    const parsed = TokenAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new TokenError('token URL answered no bearer access_token', true);
    const lifetimeMs = (parsed.data.expires_in ?? 3600) * 1000;
    this.cache.set(platform.id, { token: parsed.data.access_token, until: Date.now() + Math.max(0, lifetimeMs - EXPIRY_MARGIN_MS) });
    return parsed.data.access_token;
  }
}
