/**
 * The Content-Security-Policy of the viewer's pages: defence in depth behind the html the server
 * sanitises at import. No inline or foreign script runs, whatever html slips through; content may
 * show images and media from anywhere and embed http(s) pages (link/embed elements, external
 * resources), and the page itself may be framed by any site (schools embed it).
 * Inline styles stay allowed: KaTeX and content html carry style attributes. Workers only from this
 * origin: the service worker that keeps the client and the share for offline use.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // The service worker (/sw.js, src/offline/sw.ts); no other workers.
  "worker-src 'self'",
  'frame-src http: https:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  // No frame-ancestors by default: any page may frame a share (spec section 1), a teacher's local html file
  // too, which a list of http(s) origins would refuse (its origin is opaque); X-Frame-Options is not sent
  // either. An installation that knows where its shares are embedded says so (FRAME_ANCESTORS, below).
].join('; ');

/** One source of FRAME_ANCESTORS: an http(s) origin, a wildcard subdomain of one, or a scheme-less host. */
const FRAME_ANCESTOR = /^(?:https?:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;

/**
 * FRAME_ANCESTORS (space-separated origins, e.g. `https://lms.school.example https://*.school.example`):
 * the sites allowed to frame this installation's pages, as the pages' `frame-ancestors` (this origin is
 * always allowed). Unset or empty: any site may. Throws a message naming the source that is not an origin.
 */
export function parseFrameAncestors(value: string | undefined): string[] | null {
  const sources = (value ?? '').split(/\s+/).filter(Boolean);
  if (!sources.length) return null;
  const bad = sources.filter((source) => !FRAME_ANCESTOR.test(source));
  if (bad.length) throw new Error(`FRAME_ANCESTORS: ${bad.map((b) => `"${b}"`).join(', ')} is not an origin (like https://lms.school.example or https://*.school.example)`);
  return sources;
}

/** The policy of the pages: CONTENT_SECURITY_POLICY, plus `frame-ancestors 'self' …` when the installation names the sites that may frame it. */
export function pageContentSecurityPolicy(frameAncestors: readonly string[] | null): string {
  return frameAncestors ? `${CONTENT_SECURITY_POLICY}; frame-ancestors 'self' ${frameAncestors.join(' ')}` : CONTENT_SECURITY_POLICY;
}
