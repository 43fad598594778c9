import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GuestSessionId } from '../../model/tracking';

/*
 * The browser remembers its guest session per share: a guest who saved their progress and opens the
 * plain share link again in the same browser continues as that guest instead of being offered to save
 * (and making a second guest). One cookie per share, scoped to the share's pages (`Path=/s/{share}`),
 * holding the guest session id the share's link carries as `?guestSessionId=`. It is set when a guest
 * session is created and whenever a page of the share opens with a valid one; "Forget on this browser"
 * (POST /api/guest/forget) clears it.
 */

/** Name of the cookie; its path keeps one per share apart. HttpOnly, SameSite=Lax, Secure over https. */
export const GUEST_COOKIE = 'lernwerk_guest';

/** How long a browser remembers a guest session it has not opened since: a year (Chromium keeps cookies 400 days at most). */
export const GUEST_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

function guestCookieOptions(request: FastifyRequest, sharePublicId: string, maxAgeS: number): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: `/s/${encodeURIComponent(sharePublicId)}`,
    secure: request.protocol === 'https',
    maxAge: maxAgeS,
  };
}

/** The guest session id this browser remembers for the share of the requested page, when it has the shape of one. */
export function rememberedGuestSessionId(request: FastifyRequest): string | null {
  const id = request.cookies[GUEST_COOKIE];
  return id && GuestSessionId.safeParse(id).success ? id : null;
}

/**
 * A page the visitor opens: a navigation (`Sec-Fetch-Mode: navigate`), or a client that does not say.
 * Not a fetch of the page in the background, such as the service worker keeping a copy of a page a
 * tab shows with `?guestSessionId=`: that must not bring back a guest the browser was just told to
 * forget (in another tab).
 */
export function isPageVisit(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  return mode === undefined || mode === 'navigate';
}

/** Remembers (or keeps remembering, for another year) the guest session of a share in this browser. */
export function rememberGuestSession(request: FastifyRequest, reply: FastifyReply, sharePublicId: string, guestSessionId: string): void {
  reply.setCookie(GUEST_COOKIE, guestSessionId, guestCookieOptions(request, sharePublicId, GUEST_COOKIE_MAX_AGE_S));
}

/** Forgets the guest session this browser remembers for a share. */
export function forgetGuestSession(request: FastifyRequest, reply: FastifyReply, sharePublicId: string): void {
  reply.clearCookie(GUEST_COOKIE, { ...guestCookieOptions(request, sharePublicId, 0), maxAge: undefined });
}
