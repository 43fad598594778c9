/*
 * The URL rule of links in notes and comments (spec section 5, "Link URL"): non-empty; trimmed;
 * `https://` prefixed when it names no scheme; only the schemes spec section 5 allows; must parse as
 * a URL; otherwise the error key `invalid-url`. Pure, no DOM: the toolbar, the link editor statechart
 * (machines/linkEditor.ts) and the server's check of every stored document (model/richTextDoc.ts)
 * use this one rule, so a link the editor accepts is one the server stores.
 *
 * Decisions (spec section 5 leaves them open):
 * - Schemes: http, https, ftp, ftps, tel, callto, mailto, isurf (spec section 5; the content
 *   sanitiser keeps the same list). javascript:, data:, vbscript:, file: and any other scheme are
 *   refused, in any letter case. http, https, ftp and ftps need a host; the others something after the
 *   colon: a host (`isurf://server`, `callto://name`) or a path (`isurf:lesson`, `tel:+41…`), not slashes alone.
 * - A host is letters, digits, `-`, `_` and `.` (an international one in punycode), or an IPv6 address in
 *   brackets: what every URL parser reads alike. Parsers differ beyond it: Chromium takes `not a url` as
 *   the host `not%20a%20url` and `a*b.org` as `a%2Ab.org`, where Node's parser refuses the first and keeps
 *   the second; the editor (in the browser) and the server (in Node) must agree on what is a link.
 * - The answer is the URL as `new URL()` serialises it: scheme and host in lower case, an IDN host
 *   in punycode (`bücher.de` → `xn--bcher-kva.de`: what browsers send, and a look-alike host shows
 *   what it is), a `/` path for a bare host, spaces inside the path and query as `%20`. A space in
 *   the host makes the URL invalid. Spaces (and control characters) around the input are trimmed;
 *   a control character inside it (`java\tscript:`, which the URL parser would silently drop) makes
 *   it invalid rather than guessed at.
 * - `//example.org` (scheme-relative) gets `https:`, not `https://`.
 * - `example.org:8080/x` and `localhost:3000` are a host with a port, not a scheme.
 * - At most 2000 characters (the server's limit for a link address).
 * - No further check of the host (a single word like `intranet` is accepted, as `new URL()` does).
 */

/** The schemes a link may have (spec section 5); the content sanitiser (model/sanitize.ts) keeps links of these only. */
export const ALLOWED_LINK_SCHEMES = ['http', 'https', 'ftp', 'ftps', 'tel', 'callto', 'mailto', 'isurf'] as const;
const HOST_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ftp', 'ftps']);
export type LinkScheme = (typeof ALLOWED_LINK_SCHEMES)[number];

/** Longest link address (characters), as typed and as normalised. */
export const LINK_URL_MAX_LENGTH = 2000;

/** The translation key of the one link error (spec section 8). */
export type LinkUrlError = 'invalid-url';
export type LinkUrlResult = { ok: true; href: string } | { ok: false; error: LinkUrlError };

const EDGE_SPACE_OR_CONTROL = /^[\u0000-\u0020\s]+|[\u0000-\u0020\s]+$/g;
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A scheme: a letter, then letters, digits, `+`, `-` or `.`, then `:`. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** A host with a dot (or localhost) and a port at the start: not a scheme. */
const HOST_AND_PORT = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+|localhost):\d+(?:[/?#]|$)/i;
/** A host as every URL parser reads it (see the decisions above). */
const PLAIN_HOST = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])$/i;

const INVALID: LinkUrlResult = { ok: false, error: 'invalid-url' };

function isAllowedScheme(scheme: string): scheme is LinkScheme {
  return (ALLOWED_LINK_SCHEMES as readonly string[]).includes(scheme);
}

/** The scheme the (trimmed) input names, in lower case, or null when it names none. */
export function schemeOf(input: string): string | null {
  const match = SCHEME.exec(input);
  return match && !HOST_AND_PORT.test(input) ? match[1].toLowerCase() : null;
}

/** The input as the href of a link, or `invalid-url` (spec section 5). */
export function normalizeLinkUrl(input: string): LinkUrlResult {
  if (input.length > LINK_URL_MAX_LENGTH) return INVALID;
  const text = input.replace(EDGE_SPACE_OR_CONTROL, '');
  if (text === '' || CONTROL.test(text)) return INVALID;
  const scheme = schemeOf(text);
  if (scheme !== null && !isAllowedScheme(scheme)) return INVALID;
  const absolute = scheme !== null ? text : text.startsWith('//') ? `https:${text}` : `https://${text}`;
  let url: URL;
  try {
    url = new URL(absolute);
  } catch {
    return INVALID;
  }
  // What the parser made of it decides, not what the text looked like.
  const parsed = url.protocol.slice(0, -1);
  if (!isAllowedScheme(parsed)) return INVALID;
  if (url.hostname !== '' && !PLAIN_HOST.test(url.hostname)) return INVALID;
  if (url.hostname === '' && (HOST_SCHEMES.has(parsed) || url.pathname.replace(/\//g, '').trim() === '')) return INVALID;
  return url.href.length <= LINK_URL_MAX_LENGTH ? { ok: true, href: url.href } : INVALID;
}

/** Whether the input would be accepted as a link. */
export function isValidLinkUrl(input: string): boolean {
  return normalizeLinkUrl(input).ok;
}
