import { createHash } from 'node:crypto';
import { formatCode, type VerifyAnswer } from '../../model/certificates';
import { DISPLAY_FORM_CSS, DISPLAY_PAGE_CSS, type PageDisplay } from '../pages/displayOnPage';
import { escapeHtml } from '../pages/render';

/*
 * The verify page (GET /verify/{code}): server-rendered html in German or English, no script, its
 * one inline style allowed by hash. It says what the JSON of GET /api/verify/{code} says.
 */

export type VerifyLanguage = 'de' | 'en';

const TEXTS = {
  de: {
    title: 'Zertifikat prüfen',
    code: 'Prüfcode',
    valid: 'Gültig: Dieses Zertifikat wurde so ausgestellt.',
    revoked: 'Widerrufen: Dieses Zertifikat gilt nicht mehr.',
    unknown: 'Unbekannt: Zu diesem Code wurde hier kein Zertifikat ausgestellt. Bitte prüfe die Eingabe.',
    revokedOn: 'Widerrufen am',
    reason: 'Grund',
    learner: 'Ausgestellt für',
    material: 'Lernmaterial',
    certificate: 'Zertifikat',
    issuedOn: 'Ausgestellt am',
    validity: 'Gültigkeit',
    issuer: 'Aussteller',
    credential: 'Signierten Nachweis (Open Badges 3.0) herunterladen',
    other: 'English',
    dateLocale: 'de-CH',
  },
  en: {
    title: 'Check a certificate',
    code: 'Verification code',
    valid: 'Valid: this certificate was issued as shown.',
    revoked: 'Revoked: this certificate is no longer valid.',
    unknown: 'Unknown: no certificate was issued here with this code. Please check what you typed.',
    revokedOn: 'Revoked on',
    reason: 'Reason',
    learner: 'Issued to',
    material: 'Learning material',
    certificate: 'Certificate',
    issuedOn: 'Issued on',
    validity: 'Validity',
    issuer: 'Issuer',
    credential: 'Download the signed credential (Open Badges 3.0)',
    other: 'Deutsch',
    dateLocale: 'en-GB',
  },
} satisfies Record<VerifyLanguage, Record<string, string>>;

/** The page's language: `?lang=` when it names one, else the best of Accept-Language, else German. */
export function verifyLanguage(query: unknown, acceptLanguage: string | undefined): VerifyLanguage {
  if (query === 'de' || query === 'en') return query;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? 1);
      return { language: tag.split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0 && (entry.language === 'de' || entry.language === 'en'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language === 'en' ? 'en' : 'de';
}

const STYLE =
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;margin:0;color:#1f2937;background:#f9fafb}' +
  'main{max-width:40rem;margin:0 auto;padding:2.5rem 1.25rem}h1{font-size:1.5rem;margin:0 0 1rem}' +
  '.status{padding:.75rem 1rem;border-radius:.4rem;border:1px solid;font-weight:600;margin:0 0 1.25rem}' +
  '.valid{background:#ecfdf5;border-color:#059669;color:#065f46}.revoked{background:#fef2f2;border-color:#dc2626;color:#991b1b}' +
  '.unknown{background:#fffbeb;border-color:#d97706;color:#92400e}dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem;margin:0 0 1.25rem}' +
  'dt{color:#4b5563}dd{margin:0;font-weight:500}a{color:#1d4ed8}.lang{margin-top:2rem;font-size:.9rem}code{font-size:1.05em}' +
  DISPLAY_FORM_CSS +
  DISPLAY_PAGE_CSS;

/** The Content-Security-Policy of the page: nothing but its own inline style. */
export const VERIFY_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  // The header's display options post to this site (server/routes/displayForm.ts).
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function formatDate(isoText: string, locale: string): string {
  const date = new Date(isoText);
  if (Number.isNaN(date.getTime())) return isoText;
  return date.toLocaleDateString(locale, { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function verifyPageHtml(answer: VerifyAnswer, typedCode: string, lang: VerifyLanguage, display: PageDisplay): string {
  const t = TEXTS[lang];
  const shownCode = answer.status === 'unknown' ? typedCode : formatCode(answer.code);
  const row = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
  let body = `<p class="status ${answer.status}" role="status">${escapeHtml(t[answer.status])}</p>`;
  if (answer.status !== 'unknown') {
    const f = answer.facts;
    body +=
      '<dl>' +
      (answer.status === 'revoked' ? row(t.revokedOn, formatDate(answer.revokedAt, t.dateLocale)) + row(t.reason, answer.reason) : '') +
      row(t.learner, f.learnerName) +
      row(t.material, f.materialTitle) +
      (f.certificateTitle && f.certificateTitle !== f.materialTitle ? row(t.certificate, f.certificateTitle) : '') +
      row(t.issuedOn, formatDate(f.issuedOn, t.dateLocale)) +
      (f.validity ? row(t.validity, f.validity) : '') +
      `<dt>${escapeHtml(t.issuer)}</dt><dd>${escapeHtml(f.issuer.name)} (<a href="${escapeHtml(f.issuer.url)}">${escapeHtml(f.issuer.url)}</a>)</dd>` +
      '</dl>' +
      `<p><a href="/api/verify/${encodeURIComponent(answer.code)}/credential" download>${escapeHtml(t.credential)}</a></p>`;
  }
  const other: VerifyLanguage = lang === 'de' ? 'en' : 'de';
  return (
    `<!doctype html>\n<html lang="${lang}"${display.attributes}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head>` +
    `<body>${display.header}<main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.code)}: <code>${escapeHtml(shownCode)}</code></p>${body}` +
    `<p class="lang"><a href="?lang=${other}" hreflang="${other}" lang="${other}">${escapeHtml(t.other)}</a></p></main></body></html>\n`
  );
}
