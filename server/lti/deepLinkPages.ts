import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../pages/render';
import type { PickableShare } from './deepLinks';
import { LTI_PATHS } from './toolUrls';

const KIND_LABEL: Record<string, string> = { private: 'angemeldet / logged in', guest: 'Gast / guest', scorm: 'Gast / guest', public: 'öffentlich / public' };

const page = (title: string, body: string) => `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 1.5rem auto; padding: 0 1rem; line-height: 1.5">
${body}
</body>
</html>`;

/**
 * The picker of a deep linking request (instructors, inside the LMS's frame): a search over the
 * titles, then one checkbox (or radio, when the platform takes one item) per share.
 */
export function sendPicker(reply: FastifyReply, opts: { id: string; search: string; shares: readonly PickableShare[]; multiple: boolean; frameAncestors: string }): FastifyReply {
  const input = opts.multiple ? 'checkbox' : 'radio';
  const items = opts.shares
    .map(
      (s) => `<li><label><input type="${input}" name="share" value="${escapeHtml(s.publicId)}"> ${escapeHtml(s.title || s.publicId)}</label>
 <small>(${s.rootModelName === 'Collection' ? 'Sammlung / collection' : 'Material'}, ${KIND_LABEL[s.kind] ?? s.kind})</small></li>`,
    )
    .join('\n');
  const body = `<h1>Lernmaterial auswählen <small lang="en">(choose learning material)</small></h1>
<form method="get" action="${LTI_PATHS.deepLink}" role="search">
<input type="hidden" name="dl" value="${escapeHtml(opts.id)}">
<label>Suche <span lang="en">(search)</span> <input type="search" name="q" value="${escapeHtml(opts.search)}"></label> <button type="submit">Suchen</button>
</form>
<form method="post" action="${LTI_PATHS.deepLink}" aria-label="Auswahl">
<input type="hidden" name="dl" value="${escapeHtml(opts.id)}">
${opts.shares.length ? `<ul style="list-style: none; padding: 0">${items}</ul>` : '<p>Nichts gefunden. <span lang="en">Nothing found.</span></p>'}
<button type="submit">Ins Lernsystem übernehmen <span lang="en">(add to the LMS)</span></button>
</form>`;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors ${opts.frameAncestors}`)
    .send(page('Lernmaterial auswählen', body));
}

/** The page that posts the signed response to the platform's return URL at once (a button without script). */
export function sendDeepLinkReturn(reply: FastifyReply, opts: { returnUrl: string; jwt: string; frameAncestors: string }): FastifyReply {
  const nonce = randomBytes(16).toString('base64url');
  const body = `<form id="return" method="post" action="${escapeHtml(opts.returnUrl)}">
<input type="hidden" name="JWT" value="${escapeHtml(opts.jwt)}">
<button type="submit">Zurück zum Lernsystem <span lang="en">(back to the LMS)</span></button>
</form>
<script nonce="${nonce}">document.getElementById('return').submit();</script>`;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action ${new URL(opts.returnUrl).origin}; frame-ancestors ${opts.frameAncestors}`)
    .send(page('Zurück zum Lernsystem', body));
}
