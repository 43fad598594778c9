import { Parser } from 'htmlparser2';

/*
 * What the accessibility report (./report.ts) needs of an html fragment of content, read with
 * htmlparser2's streaming parser (no DOM): its images, headings, links, videos and frames, in
 * reading order.
 */

export interface HtmlImage {
  /** null when the img has no alt attribute at all (alt="" marks a decorative image). */
  alt: string | null;
  src: string;
}
export interface HtmlHeading {
  level: number;
  text: string;
}
export interface HtmlLink {
  href: string;
  /** The accessible name: aria-label, else the text and the alt of images inside, else the title. */
  name: string;
}
export interface HtmlVideo {
  src: string;
  /** A `<track kind="captions">` or `kind="subtitles"` inside. */
  captioned: boolean;
}
export interface HtmlFrame {
  src: string;
  title: string;
}

export interface HtmlFacts {
  images: HtmlImage[];
  headings: HtmlHeading[];
  links: HtmlLink[];
  videos: HtmlVideo[];
  frames: HtmlFrame[];
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

interface OpenText {
  tag: string;
  text: string;
  attributes: Record<string, string>;
}

export function htmlFacts(html: string): HtmlFacts {
  const facts: HtmlFacts = { images: [], headings: [], links: [], videos: [], frames: [] };
  // Headings and links collect the text inside them (a link may sit in a heading and the other way round).
  const open: OpenText[] = [];
  let video: HtmlVideo | null = null;
  const addText = (text: string) => {
    for (const element of open) element.text += text;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (/^h[1-6]$/.test(name) || name === 'a') open.push({ tag: name, text: '', attributes });
        else if (name === 'img') {
          facts.images.push({ alt: attributes.alt ?? null, src: attributes.src ?? '' });
          if (attributes.alt) addText(` ${attributes.alt} `);
        } else if (name === 'video') {
          video = { src: attributes.src ?? '', captioned: false };
          facts.videos.push(video);
        } else if (name === 'source' && video && !video.src) video.src = attributes.src ?? '';
        else if (name === 'track' && video && /^(captions|subtitles)$/i.test((attributes.kind ?? 'subtitles').trim())) video.captioned = true;
        else if (name === 'iframe') facts.frames.push({ src: attributes.src ?? '', title: collapse(attributes.title ?? '') });
      },
      ontext(text) {
        addText(text);
      },
      onclosetag(name) {
        if (name === 'video') video = null;
        const index = open.map((element) => element.tag).lastIndexOf(name);
        if (index < 0) return;
        const [element] = open.splice(index, 1);
        if (element.tag === 'a') {
          const name = collapse(element.attributes['aria-label'] ?? '') || collapse(element.text) || collapse(element.attributes.title ?? '');
          facts.links.push({ href: element.attributes.href ?? '', name });
        } else facts.headings.push({ level: Number(element.tag.slice(1)), text: collapse(element.text) });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return facts;
}
