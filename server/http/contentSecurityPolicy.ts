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
  // No frame-ancestors: any page may frame a share (spec section 1), a teacher's local html file too, which
  // a list of http(s) origins would refuse (its origin is opaque); X-Frame-Options is not sent either.
].join('; ');
