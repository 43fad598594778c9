import type { ListedShare } from '../store/shares';
import { DISPLAY_FORM_CSS, DISPLAY_PAGE_CSS, type PageDisplay } from './displayOnPage';
import { escapeHtml } from './render';

export type LandingLanguage = 'de' | 'en';

const TEXTS = {
  de: {
    courses: 'Kurse',
    listedIntro: 'Diese Kurse sind hier für alle freigegeben.',
    guest: 'Du kannst deinen Lernstand speichern.',
    collection: 'Sammlung',
    noneListed: 'Öffne den Link zu einem Kurs (/s/…), den du bekommen hast.',
  },
  en: {
    courses: 'Courses',
    listedIntro: 'These courses are open to everyone here.',
    guest: 'You can save your progress.',
    collection: 'Collection',
    noneListed: 'Open the link of a course (/s/…) you were given.',
  },
} satisfies Record<LandingLanguage, Record<string, string>>;

/** German unless the browser prefers English to German (`Accept-Language`, by q-value; German is the default). */
export function landingLanguage(acceptLanguage: string | undefined): LandingLanguage {
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
  'body{font-family:system-ui,sans-serif;margin:0;color:#111827;background:#f9fafb}' +
  'main{max-width:42rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.875rem;margin:0 0 .5rem}' +
  'ul{list-style:none;padding:0;margin:1.5rem 0 0}li{margin:0 0 .75rem}' +
  'a{display:block;padding:1rem 1.25rem;border:1px solid #e5e7eb;border-radius:.5rem;background:#fff;color:inherit;text-decoration:none}' +
  'a:hover,a:focus-visible{border-color:#2563eb}a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}' +
  '.title{font-weight:600;color:#1d4ed8}.note{display:block;margin-top:.25rem;font-size:.875rem;color:#4b5563}' +
  DISPLAY_FORM_CSS +
  DISPLAY_PAGE_CSS;

/**
 * `GET /` of an installation without a demo: the shares marked for listing (`npm run import -- --listed`),
 * and nothing else. Without any, it names no share at all: whoever finds the server must not find the
 * links of its courses (issue 14). Plain server-rendered html, no script.
 */
export function landingPageHtml(shares: readonly ListedShare[], language: LandingLanguage, display: PageDisplay): string {
  const t = TEXTS[language];
  const items = shares.map((share) => {
    const notes = [share.rootModelName === 'Collection' ? t.collection : '', share.kind === 'guest' ? t.guest : ''].filter(Boolean).join(' · ');
    const note = notes ? `<span class="note">${escapeHtml(notes)}</span>` : '';
    return `<li><a href="/s/${encodeURIComponent(share.publicId)}/"><span class="title">${escapeHtml(share.title)}</span>${note}</a></li>`;
  });
  const body = shares.length ? `<p>${escapeHtml(t.listedIntro)}</p><ul>${items.join('')}</ul>` : `<p>${escapeHtml(t.noneListed)}</p>`;
  return (
    `<!doctype html>\n<html lang="${language}"${display.attributes}><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />` +
    `<title>Lernwerk</title><style>${STYLE}</style></head>` +
    `<body>${display.header}<main><h1>${shares.length ? escapeHtml(t.courses) : 'Lernwerk'}</h1>${body}</main></body></html>\n`
  );
}
