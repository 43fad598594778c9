import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { ALLOWED_LINK_SCHEMES } from './linkUrl';

/*
 * Sanitising of content html (spec section 5). Works in the browser and, given a window
 * (`useSanitizerWindow(new JSDOM('').window)`), in Node. Without any window it fails closed:
 * the html comes back escaped as plain text.
 */

/**
 * The version of the sanitising rules. The server stores content sanitised (server/content);
 * raising this makes it sanitise what it stored before once more, at its next start.
 */
export const SANITIZER_VERSION = 2;

/** Schemes a link may keep; every other scheme becomes a blank page (spec section 5): the same list notes and comments allow. */
export const SAFE_LINK_SCHEMES = ALLOWED_LINK_SCHEMES;
const BLANK = 'about:blank';
const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'action', 'formaction', 'src', 'poster', 'background', 'srcset']);
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href']);
const MEDIA_SCHEMES = new Set(['http', 'https']);
const EXTERNAL_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps']);
const LINK_TARGETS = new Set(['_blank', '_self']);
/** Whitespace and control characters browsers ignore inside a URL scheme (`java\tscript:`). */
const URL_NOISE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;
const DANGEROUS_STYLE = /expression\s*\(|url\s*\(|javascript:|vbscript:|behaviou?r\s*:|-moz-binding|@import|\\/i;

const BASE_CONFIG: Config = {
  USE_PROFILES: { html: true, svg: true, svgFilters: true },
  ADD_ATTR: ['target'],
  FORBID_TAGS: [
    'script', 'style', 'object', 'embed', 'iframe', 'frame', 'frameset', 'applet', 'base', 'meta', 'link',
    'form', 'input', 'button', 'textarea', 'select', 'option', 'noscript', 'template', 'portal',
  ],
  FORBID_ATTR: ['srcdoc', 'formaction', 'action', 'ping'],
  // relative URLs, the safe schemes, and the blank page our hook writes in place of a dangerous one
  ALLOWED_URI_REGEXP: /^(?:(?:https?|ftps?|tel|callto|mailto|isurf):|about:blank$|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

/** The scheme of a URL as a browser reads it (lower case, noise removed), or null for a relative URL. */
export function urlScheme(url: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(URL_NOISE, ''));
  return match ? match[1].toLowerCase() : null;
}

/** A link target that is safe to render: relative or one of the safe schemes, else `about:blank`. */
export function safeLinkUrl(url: string): string {
  const scheme = urlScheme(url);
  return scheme === null || (SAFE_LINK_SCHEMES as readonly string[]).includes(scheme) ? url.trim() : BLANK;
}

/** True for absolute links that leave the site: http(s), ftp(s) or protocol-relative `//host`. */
export function isExternalUrl(url: string): boolean {
  const cleaned = url.replace(URL_NOISE, '');
  const scheme = urlScheme(cleaned);
  return cleaned.startsWith('//') || (scheme !== null && EXTERNAL_SCHEMES.has(scheme));
}

function isSafeMediaUrl(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme === null || MEDIA_SCHEMES.has(scheme);
}

function addLinkRules(purifier: Purifier): Purifier {
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (name === 'style' && DANGEROUS_STYLE.test(data.attrValue)) {
      data.keepAttr = false;
    } else if (LINK_ATTRIBUTES.has(name)) {
      data.attrValue = safeLinkUrl(data.attrValue);
    } else if (name === 'srcset') {
      const urls = data.attrValue.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
      if (!urls.every(isSafeMediaUrl)) data.keepAttr = false;
    } else if (URL_ATTRIBUTES.has(name) && !isSafeMediaUrl(data.attrValue)) {
      data.keepAttr = false;
    }
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase();
    if ((tag !== 'a' && tag !== 'area') || !node.hasAttribute('href')) {
      if (node.hasAttribute('target')) node.removeAttribute('target');
      return;
    }
    const href = node.getAttribute('href') ?? '';
    if (href.startsWith('#')) {
      node.removeAttribute('target');
      return;
    }
    const target = node.getAttribute('target');
    if (!target || !LINK_TARGETS.has(target)) node.setAttribute('target', '_blank');
    if (isExternalUrl(href) || node.getAttribute('target') === '_blank') {
      const kept = (node.getAttribute('rel') ?? '').split(/\s+/).filter((t) => t && t !== 'opener' && t !== 'noopener' && t !== 'noreferrer');
      node.setAttribute('rel', [...kept, 'noopener', 'noreferrer'].join(' '));
    }
  });
  return purifier;
}

let purifier: Purifier | null = null;

/** Makes the sanitiser use this window (jsdom's in Node). */
export function useSanitizerWindow(window: unknown): void {
  purifier = addLinkRules(DOMPurify(window as never));
}

function currentPurifier(): Purifier | null {
  if (!purifier && typeof globalThis.window !== 'undefined') useSanitizerWindow(globalThis.window);
  return purifier?.isSupported ? purifier : null;
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Content html made safe: no scripts, handlers, frames or forms; links follow spec section 5. */
export function sanitizeHtml(html: string): string {
  const p = currentPurifier();
  if (!p) return escapeText(html);
  return p.sanitize(html, BASE_CONFIG);
}

/** The attributes of the one iframe an embed code may hold. */
export type EmbedFrame = {
  src: string;
  title?: string;
  width?: number;
  height?: number;
  allow?: string;
  allowFullScreen: boolean;
  sandbox?: string;
  referrerPolicy?: string;
};

const ALLOWED_FEATURES = new Set([
  'accelerometer', 'autoplay', 'clipboard-write', 'encrypted-media', 'fullscreen', 'gyroscope', 'picture-in-picture', 'web-share',
]);
const EMBED_ATTRIBUTES = ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'sandbox', 'referrerpolicy', 'loading', 'frameborder'];

function pixels(value: string | null): number | undefined {
  if (!value || !/^\s*\d+(\.\d+)?\s*(px)?\s*$/i.test(value)) return undefined;
  const n = Number.parseFloat(value);
  return n > 0 ? n : undefined;
}

/**
 * Embed code is accepted only as an iframe string (spec section 5): the first iframe with an
 * http(s) or protocol-relative src, reduced to safe attributes; anything else gives null.
 */
export function embedFrame(html: string): EmbedFrame | null {
  const p = currentPurifier();
  if (!p) return null;
  const fragment = p.sanitize(html, {
    ALLOWED_TAGS: ['iframe'],
    ALLOWED_ATTR: EMBED_ATTRIBUTES,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const frame of Array.from(fragment.querySelectorAll('iframe'))) {
    const src = (frame.getAttribute('src') ?? '').trim();
    const scheme = urlScheme(src);
    if (!(src.startsWith('//') || scheme === 'http' || scheme === 'https')) continue;
    const allow = (frame.getAttribute('allow') ?? '')
      .split(';')
      .map((feature) => feature.trim())
      .filter((feature) => ALLOWED_FEATURES.has(feature.split(/\s+/)[0]?.toLowerCase() ?? ''))
      .join('; ');
    const allowFullScreen = frame.hasAttribute('allowfullscreen') || /(^|;\s*)fullscreen\b/i.test(allow);
    const referrerPolicy = frame.getAttribute('referrerpolicy') ?? undefined;
    return {
      src,
      title: frame.getAttribute('title') ?? undefined,
      width: pixels(frame.getAttribute('width')),
      height: pixels(frame.getAttribute('height')),
      allow: allow || undefined,
      allowFullScreen,
      sandbox: frame.getAttribute('sandbox') ?? undefined,
      referrerPolicy: referrerPolicy && /^[a-z-]+$/.test(referrerPolicy) ? referrerPolicy : undefined,
    };
  }
  return null;
}

/** The embed code as safe html: exactly one iframe, or the empty string. */
export function sanitizeEmbed(html: string): string {
  const frame = embedFrame(html);
  if (!frame) return '';
  const attributes: [string, string | number | undefined][] = [
    ['src', frame.src],
    ['title', frame.title],
    ['width', frame.width],
    ['height', frame.height],
    ['allow', frame.allow],
    ['sandbox', frame.sandbox],
    ['referrerpolicy', frame.referrerPolicy],
  ];
  const rendered = attributes
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeText(String(value))}"`)
    .join('');
  return `<iframe${rendered}${frame.allowFullScreen ? ' allowfullscreen' : ''}></iframe>`;
}
