/*
 * What a link/embed element's URL shows when embedded (spec section 9): providers recognised in
 * order, the first that matches wins.
 *
 *   iframe   an embed code `<iframe src=…>`: its src, width/height (as the ratio), allow and title; nothing else of it
 *   quizlet  the flashcard service: quizlet.com/{set id}/…, a mode segment picks the study mode (below)
 *   youtube  youtube.com/watch?v=, youtu.be/, /shorts/, /embed/, /live/, playlists (`list`), start (`t`, `start`)
 *   vimeo    vimeo.com/{id}[/{hash}], vimeo.com/channels|groups/…/{id}, player.vimeo.com/video/{id}, start `#t=`
 *   h5p      the generic embed service: H5P content, as Drupal/h5p.org (/h5p/embed/{id}, h5p.org/node/{id}),
 *            Moodle's mod_hvp (/mod/hvp/view.php?id= → embed.php) and Moodle core (/h5p/embed.php?url=)
 *   src      any other http(s) or protocol-relative URL, as it is
 *
 * Only http(s) and `//` URLs are displayable (spec section 5); everything else gives null.
 */

/** Embedded frames default to 4:3 (spec section 9). */
export const EMBED_DEFAULT_RATIO = 4 / 3;

export type EmbedProvider = 'iframe' | 'quizlet' | 'youtube' | 'vimeo' | 'h5p' | 'src';

/** The frame an embedded URL becomes. */
export interface Embed {
  provider: EmbedProvider;
  /** The frame's src; placeholders of the URL are still in it (identityPlaceholders.ts fills them). */
  src: string;
  /** Width / height; the element's own aspectRatio takes precedence. */
  ratio: number;
  /** The frame's permissions policy (`allow` attribute). */
  allow: string;
  allowFullscreen: true;
  /** A title the embed code gave its frame. */
  title?: string;
}

/** Quizlet's study modes: the spec's names (their names in older embed codes) and today's, each to the path segment the embed uses. */
const QUIZLET_MODES: Record<string, string> = {
  flashcards: 'flashcards',
  learn: 'learn',
  scatter: 'match',
  match: 'match',
  speller: 'spell',
  spell: 'spell',
  test: 'test',
};
export const QUIZLET_DEFAULT_MODE = 'flashcards';

export const VIDEO_RATIO = 16 / 9;
const PORTRAIT_VIDEO_RATIO = 9 / 16;
const DEFAULT_ALLOW = 'fullscreen; picture-in-picture; encrypted-media';
const VIDEO_ALLOW = 'fullscreen; picture-in-picture; encrypted-media; autoplay; clipboard-write; web-share';
const H5P_ALLOW = 'fullscreen; autoplay; clipboard-write';
/** The features an embed code's `allow` may keep (the others are dropped): none reaches camera, microphone, location or payment. */
const GRANTABLE_FEATURES = new Set([
  'accelerometer', 'autoplay', 'clipboard-write', 'encrypted-media', 'fullscreen', 'gyroscope', 'picture-in-picture', 'web-share',
]);

const DISPLAYABLE = /^(https?:)?\/\//i;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const LIST_ID = /^[A-Za-z0-9_-]{2,64}$/;

/** True for http(s) and protocol-relative URLs, the only ones a frame may show (spec section 5). */
function isDisplayableUrl(url: string): boolean {
  return DISPLAYABLE.test(url.trim());
}

/** The embed a link/embed element's URL (or embed code) shows, or null when it cannot be displayed. */
export function recogniseEmbed(input: string): Embed | null {
  const text = input.trim();
  if (/^<iframe\b/i.test(text)) return fromEmbedCode(text);
  if (!isDisplayableUrl(text)) return null;
  let url: URL;
  try {
    url = new URL(text, 'https://protocol-relative.invalid');
  } catch {
    return null;
  }
  return quizlet(url) ?? youtube(url) ?? vimeo(url) ?? h5p(url) ?? { provider: 'src', src: text, ratio: EMBED_DEFAULT_RATIO, allow: DEFAULT_ALLOW, allowFullscreen: true };
}

function frame(provider: EmbedProvider, src: string, ratio: number, allow: string): Embed {
  return { provider, src, ratio, allow, allowFullscreen: true };
}

const hostIs = (url: URL, ...hosts: string[]) => hosts.includes(url.hostname.toLowerCase().replace(/^(www|m)\./, ''));
const segments = (url: URL) => url.pathname.split('/').filter(Boolean);

function quizlet(url: URL): Embed | null {
  if (!hostIs(url, 'quizlet.com')) return null;
  const parts = segments(url);
  // a language prefix (quizlet.com/de/123/…) comes before the set id
  const at = parts.findIndex((part) => /^\d+$/.test(part));
  if (at < 0 || at > 1) return null;
  const mode = QUIZLET_MODES[parts[at + 1]?.toLowerCase() ?? ''] ?? QUIZLET_DEFAULT_MODE;
  const src = new URL(`https://quizlet.com/${parts[at]}/${mode}/embed`);
  // a shared embed code carries these two (share token and display options)
  for (const key of ['i', 'x']) {
    const value = url.searchParams.get(key);
    if (value && /^[A-Za-z0-9_-]{1,64}$/.test(value)) src.searchParams.set(key, value);
  }
  return frame('quizlet', src.href, EMBED_DEFAULT_RATIO, DEFAULT_ALLOW);
}

/** Seconds of a start time: `90`, `90s`, `2m`, `1h2m3s` (YouTube's `t`); null when it is none of these. */
export function startSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/i.exec(value);
  if (!match || !match[0]) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

function youtubeVideo(url: URL): { id: string | null; portrait: boolean } | null {
  if (hostIs(url, 'youtu.be')) return { id: segments(url)[0] ?? null, portrait: false };
  if (!hostIs(url, 'youtube.com', 'music.youtube.com', 'youtube-nocookie.com')) return null;
  const [first, second] = segments(url);
  if (first === 'watch') return { id: url.searchParams.get('v'), portrait: false };
  if (first === 'shorts') return { id: second ?? null, portrait: true };
  if (first === 'embed' || first === 'live' || first === 'v') return { id: second === 'videoseries' ? null : (second ?? null), portrait: false };
  if (first === 'playlist') return { id: null, portrait: false };
  return null;
}

function youtube(url: URL): Embed | null {
  const video = youtubeVideo(url);
  if (!video) return null;
  const id = video.id && YOUTUBE_ID.test(video.id) ? video.id : null;
  const list = url.searchParams.get('list');
  const playlist = list && LIST_ID.test(list) ? list : null;
  if (!id && !playlist) return null;
  const src = new URL(`https://www.youtube-nocookie.com/embed/${id ?? 'videoseries'}`);
  const fragmentTime = new URLSearchParams(url.hash.slice(1)).get('t');
  const start = startSeconds(url.searchParams.get('start')) ?? startSeconds(url.searchParams.get('t')) ?? startSeconds(fragmentTime);
  if (start) src.searchParams.set('start', String(start));
  if (playlist) src.searchParams.set('list', playlist);
  return frame('youtube', src.href, video.portrait ? PORTRAIT_VIDEO_RATIO : VIDEO_RATIO, VIDEO_ALLOW);
}

function vimeo(url: URL): Embed | null {
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  const parts = segments(url);
  if (url.hostname.toLowerCase() === 'player.vimeo.com') {
    if (parts[0] === 'video') id = parts[1];
  } else if (hostIs(url, 'vimeo.com')) {
    const at = parts.findIndex((part) => /^\d+$/.test(part));
    if (at >= 0 && (at === 0 || parts[0] === 'channels' || parts[0] === 'groups' || parts[0] === 'album' || parts[0] === 'showcase')) {
      id = parts[at];
      if (!hash && parts[at + 1] && /^[0-9a-f]{6,20}$/i.test(parts[at + 1])) hash = parts[at + 1];
    }
  }
  if (!id || !/^\d{1,12}$/.test(id)) return null;
  const src = new URL(`https://player.vimeo.com/video/${id}`);
  if (hash && /^[0-9a-f]{6,20}$/i.test(hash)) src.searchParams.set('h', hash);
  const start = startSeconds(new URLSearchParams(url.hash.slice(1)).get('t'));
  if (start) src.hash = `t=${start}s`;
  return frame('vimeo', src.href, VIDEO_RATIO, VIDEO_ALLOW);
}

function h5p(url: URL): Embed | null {
  const parts = segments(url);
  const origin = url.protocol === 'http:' ? url.origin : `https://${url.host}`;
  if (hostIs(url, 'h5p.org') && parts[0] === 'node' && /^\d+$/.test(parts[1] ?? '')) {
    return frame('h5p', `https://h5p.org/h5p/embed/${parts[1]}`, EMBED_DEFAULT_RATIO, H5P_ALLOW);
  }
  if (parts[0] === 'h5p' && parts[1] === 'embed' && /^\d+$/.test(parts[2] ?? '')) {
    return frame('h5p', `${origin}/h5p/embed/${parts[2]}`, EMBED_DEFAULT_RATIO, H5P_ALLOW);
  }
  const moodleId = url.searchParams.get('id');
  if (url.pathname.endsWith('/mod/hvp/view.php') && moodleId && /^\d+$/.test(moodleId)) {
    return frame('h5p', `${origin}${url.pathname.replace(/view\.php$/, 'embed.php')}?id=${moodleId}`, EMBED_DEFAULT_RATIO, H5P_ALLOW);
  }
  if (url.pathname.endsWith('/h5p/embed.php') && url.searchParams.get('url')) {
    return frame('h5p', `${origin}${url.pathname}${url.search}`, EMBED_DEFAULT_RATIO, H5P_ALLOW);
  }
  return null;
}

/* Embed code (spec section 5: accepted only as an iframe string). */

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The attributes of the first `<iframe …>` tag of an embed code, names lower-cased, values entity-decoded. */
export function iframeAttributes(code: string): Map<string, string> | null {
  const tag = /^\s*<iframe\b([^>]*)>/i.exec(code);
  if (!tag) return null;
  const attributes = new Map<string, string>();
  const attribute = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of tag[1].matchAll(attribute)) {
    const name = match[1].toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

function pixels(value: string | undefined): number | null {
  if (!value || !/^\s*\d+(\.\d+)?\s*(px)?\s*$/i.test(value)) return null;
  const n = Number.parseFloat(value);
  return n > 0 ? n : null;
}

/** The features of an `allow` attribute that GRANTABLE_FEATURES lists, with fullscreen always granted (spec section 9). */
function grantableAllow(allow: string | undefined): string {
  const features = (allow ?? '')
    .split(';')
    .map((feature) => feature.trim().split(/\s+/)[0]?.toLowerCase() ?? '')
    .filter((feature) => GRANTABLE_FEATURES.has(feature));
  return [...new Set(['fullscreen', ...features])].join('; ');
}

function fromEmbedCode(code: string): Embed | null {
  const attributes = iframeAttributes(code);
  const src = attributes?.get('src')?.trim();
  if (!attributes || !src || !isDisplayableUrl(src) || /[\s<>"]/.test(src)) return null;
  const width = pixels(attributes.get('width'));
  const height = pixels(attributes.get('height'));
  const title = attributes.get('title')?.trim();
  return {
    ...frame('iframe', src, width && height ? width / height : EMBED_DEFAULT_RATIO, grantableAllow(attributes.get('allow'))),
    ...(title ? { title } : {}),
  };
}
