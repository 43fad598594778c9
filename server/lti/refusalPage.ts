import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../pages/render';
import type { LaunchRefused } from './verifyLaunch';

/** Seconds a browser waits before trying again after a fault of the platform (its JWKS did not answer). */
export const LAUNCH_RETRY_AFTER_S = 30;

/**
 * The page of a refused launch or login, for the learner (German and English) and the LMS
 * administrator (the check that failed, in English as the LTI specifications name it). No session
 * comes with it. A fault of the platform (503) says when to try again (Retry-After).
 */
export function sendRefusal(reply: FastifyReply, refusal: LaunchRefused, frameAncestors: readonly string[] | null): FastifyReply {
  const ancestors = frameAncestors ? `'self' ${frameAncestors.join(' ')}` : '*';
  reply
    .status(refusal.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`);
  if (refusal.status === 503) reply.header('retry-after', String(LAUNCH_RETRY_AFTER_S));
  const html = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>LTI-Start abgelehnt / LTI launch refused</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Der Kurs konnte nicht geöffnet werden</h1>
<p>Das Lernsystem (LMS) hat den Kurs nicht so gestartet, wie dieser Server es prüft. Bitte wende dich an die Verwaltung deines Lernsystems${refusal.status === 503 ? ' oder versuche es gleich noch einmal' : ''}.</p>
<h2 lang="en">The course could not be opened</h2>
<p lang="en">The learning platform (LMS) launched this course in a way this server refuses. Please tell your LMS administrator${refusal.status === 503 ? ', or try again in a moment' : ''}.</p>
<h2 lang="en">For the LMS administrator</h2>
<p lang="en">Failed check: <code data-check>${escapeHtml(refusal.check)}</code><br>${escapeHtml(refusal.message)}</p>
</body>
</html>`;
  return reply.send(html);
}
