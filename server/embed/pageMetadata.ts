import { Parser } from 'htmlparser2';
import { EMBED_DESCRIPTION_MAX, EMBED_LINKS_MAX, EMBED_TITLE_MAX, type EmbedMetadata } from '../../model/embedMetadata';
import { MAX_URL_LENGTH } from './addressPolicy';

/*
 * Title, description, icons and thumbnails of an html page, read with htmlparser2's streaming parser
 * (no DOM is built). Preferred: Open Graph, then Twitter cards, then <title> and
 * <meta name=description>. Icons from <link rel=…icon…>, thumbnails from og:image / twitter:image /
 * <link rel=image_src>. Links are resolved against the page's URL; only http(s) ones are kept.
 */

const TITLE_KEYS = ['og:title', 'twitter:title'];
const DESCRIPTION_KEYS = ['og:description', 'twitter:description', 'description'];
const THUMBNAIL_KEYS = new Set(['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src']);

const clean = (text: string, max: number) => {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
};

function absoluteHref(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.href.length <= MAX_URL_LENGTH ? url.href : null;
  } catch {
    return null;
  }
}

/** The metadata of a page's html; `pageUrl` is where it was finally fetched from (after redirects). */
export function pageMetadata(html: string, pageUrl: string): EmbedMetadata {
  const metas = new Map<string, string>();
  const icons: string[] = [];
  const thumbnails: string[] = [];
  let title = '';
  let inTitle = false;
  let titleDone = false;
  const add = (list: string[], href: string | undefined) => {
    const absolute = href ? absoluteHref(href, pageUrl) : null;
    if (absolute && list.length < EMBED_LINKS_MAX && !list.includes(absolute)) list.push(absolute);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && !titleDone) inTitle = true;
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
          const content = attributes.content;
          if (!key || content === undefined) return;
          if (THUMBNAIL_KEYS.has(key)) add(thumbnails, content);
          else if (!metas.has(key)) metas.set(key, content);
        }
        if (name === 'link' && attributes.href) {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
          if (rel.some((token) => token === 'icon' || token === 'apple-touch-icon')) add(icons, attributes.href);
          if (rel.includes('image_src')) add(thumbnails, attributes.href);
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const first = (keys: string[]) => keys.map((key) => metas.get(key)).find((value) => value !== undefined && value.trim() !== '');
  const metaTitle = clean(first(TITLE_KEYS) ?? title, EMBED_TITLE_MAX);
  const description = clean(first(DESCRIPTION_KEYS) ?? '', EMBED_DESCRIPTION_MAX);
  const result: EmbedMetadata = {};
  if (metaTitle || description) result.meta = { ...(metaTitle ? { title: metaTitle } : {}), ...(description ? { description } : {}) };
  if (icons.length || thumbnails.length) {
    result.links = {
      ...(icons.length ? { icon: icons.map((href) => ({ href })) } : {}),
      ...(thumbnails.length ? { thumbnail: thumbnails.map((href) => ({ href })) } : {}),
    };
  }
  return result;
}
