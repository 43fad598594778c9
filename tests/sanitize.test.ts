import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedFrame, isExternalUrl, safeLinkUrl, sanitizeEmbed, sanitizeHtml, useSanitizerWindow } from '../model/sanitize';

beforeAll(() => {
  useSanitizerWindow(new JSDOM('').window);
});

/** Parses sanitised output so assertions look at what a browser would build, not at substrings. */
function parse(html: string): Document {
  return new JSDOM(`<body>${html}</body>`).window.document;
}

function allAttributes(doc: Document): { name: string; value: string }[] {
  return Array.from(doc.body.querySelectorAll('*')).flatMap((el) => Array.from(el.attributes).map((a) => ({ name: a.name, value: a.value })));
}

type Hostile = {
  name: string;
  html: string;
  /** Text that must survive sanitising. */
  keeps: string;
  /** Extra checks of the dangerous part, on the parsed result. */
  check?: (doc: Document, clean: string) => void;
};

const noScriptUrls = (doc: Document) => {
  for (const { name, value } of allAttributes(doc)) {
    expect(`${name}=${value}`).not.toMatch(/^(\S+)=\s*(javascript|vbscript|data):/i);
  }
};

const hrefOf = (doc: Document) => doc.querySelector('a')?.getAttribute('href');

const hostileInputs: Hostile[] = [
  { name: 'script tag', html: '<p>Hallo</p><script>alert(1)</script>', keeps: 'Hallo', check: (d) => expect(d.querySelector('script')).toBeNull() },
  { name: 'script with src', html: 'Text<script src="https://evil.example/x.js"></script>', keeps: 'Text', check: (d) => expect(d.querySelector('script')).toBeNull() },
  { name: 'img onerror', html: '<img src="x.png" onerror="alert(1)" alt="Bild">', keeps: '', check: (d) => {
    const img = d.querySelector('img');
    expect(img?.getAttribute('alt')).toBe('Bild');
    expect(img?.hasAttribute('onerror')).toBe(false);
  } },
  { name: 'svg onload', html: '<svg onload="alert(1)"><circle r="4"></circle></svg><p>ok</p>', keeps: 'ok', check: (d) => {
    expect(d.querySelector('svg')).not.toBeNull();
    expect(d.querySelector('svg')?.hasAttribute('onload')).toBe(false);
  } },
  { name: 'body-level event handlers on many tags', html: '<b onclick="x()" onmouseover="y()">fett</b><details open ontoggle="alert(1)">d</details>', keeps: 'fett', check: (d) => {
    expect(allAttributes(d).filter((a) => a.name.startsWith('on'))).toEqual([]);
  } },
  { name: 'javascript: link', html: '<a href="javascript:alert(1)">klick</a>', keeps: 'klick', check: (d) => expect(hrefOf(d)).toBe('about:blank') },
  { name: 'mixed-case scheme', html: '<a href="JaVaScRiPt:alert(1)">klick</a>', keeps: 'klick', check: (d) => expect(hrefOf(d)).toBe('about:blank') },
  { name: 'entity-encoded scheme', html: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">klick</a>', keeps: 'klick', check: (d) => expect(hrefOf(d)).toBe('about:blank') },
  { name: 'hex-entity colon', html: '<a href="javascript&colon;alert(1)">klick</a>', keeps: 'klick', check: (d) => expect(hrefOf(d)).toBe('about:blank') },
  { name: 'whitespace-padded scheme', html: '<a href="  \tjava&#x09;script:alert(1)">klick</a>', keeps: 'klick', check: (d) => expect(hrefOf(d)).toBe('about:blank') },
  { name: 'newline inside scheme', html: '<a href="java\nscript:alert(1)">klick</a>', keeps: 'klick', check: (d) => expect(hrefOf(d)).toBe('about:blank') },
  { name: 'data:text/html link', html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">daten</a>', keeps: 'daten', check: (d) => expect(hrefOf(d)).toBe('about:blank') },
  { name: 'vbscript link', html: '<a href="vbscript:msgbox(1)">vb</a>', keeps: 'vb', check: (d) => expect(hrefOf(d)).toBe('about:blank') },
  { name: 'unknown scheme', html: '<a href="chrome-extension://abc/x">ext</a>', keeps: 'ext', check: (d) => expect(hrefOf(d)).toBe('about:blank') },
  { name: 'external link with target _self', html: '<a href="https://example.org" target="_self" rel="opener">extern</a>', keeps: 'extern', check: (d) => {
    const a = d.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.org');
    expect(a.getAttribute('target')).toBe('_self');
    expect(a.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
  } },
  { name: 'link target _top (frame busting)', html: '<a href="https://example.org" target="_top">top</a>', keeps: 'top', check: (d) => {
    expect(d.querySelector('a')?.getAttribute('target')).toBe('_blank');
  } },
  { name: 'iframe srcdoc', html: '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>nach</p>', keeps: 'nach', check: (d) => {
    expect(d.querySelector('iframe')).toBeNull();
    expect(allAttributes(d).some((a) => a.name === 'srcdoc')).toBe(false);
  } },
  { name: 'iframe with javascript src', html: '<iframe src="javascript:alert(1)"></iframe>rest', keeps: 'rest', check: (d) => expect(d.querySelector('iframe')).toBeNull() },
  { name: 'form action javascript', html: '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">Senden</button>Formtext</form>', keeps: 'Formtext', check: (d) => {
    expect(d.querySelector('form')).toBeNull();
    expect(d.querySelector('button')).toBeNull();
    noScriptUrls(d);
  } },
  { name: 'object and embed', html: '<object data="evil.swf"></object><embed src="evil.swf">Inhalt', keeps: 'Inhalt', check: (d) => {
    expect(d.querySelector('object, embed')).toBeNull();
  } },
  { name: 'math mglyph/style mutation', html: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>sicher', keeps: 'sicher', check: (d) => {
    expect(d.querySelector('img[onerror]')).toBeNull();
    expect(d.querySelector('math')).toBeNull();
  } },
  { name: 'math xlink:href', html: '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">m</maction></math>', keeps: '', check: noScriptUrls },
  { name: 'style element', html: '<style>body{background:url(javascript:alert(1))}</style><p>Absatz</p>', keeps: 'Absatz', check: (d) => expect(d.querySelector('style')).toBeNull() },
  { name: 'style attribute with expression', html: '<span style="width: expression(alert(1))">breit</span>', keeps: 'breit', check: (d) => expect(d.querySelector('span')?.hasAttribute('style')).toBe(false) },
  { name: 'style attribute with url(javascript:)', html: '<div style="background-image: url(javascript:alert(1))">bg</div>', keeps: 'bg', check: (d) => expect(d.querySelector('div')?.hasAttribute('style')).toBe(false) },
  { name: 'harmless style attribute stays', html: '<span style="color: red">rot</span>', keeps: 'rot', check: (d) => expect(d.querySelector('span')?.getAttribute('style')).toContain('color') },
  { name: 'base href', html: '<base href="https://evil.example/">Basis', keeps: 'Basis', check: (d) => expect(d.querySelector('base')).toBeNull() },
  { name: 'meta refresh', html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">Meta', keeps: 'Meta', check: (d) => expect(d.querySelector('meta')).toBeNull() },
  { name: 'noscript mutation', html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', keeps: '', check: (d) => expect(d.querySelector('img[onerror]')).toBeNull() },
  { name: 'svg animate to javascript href', html: '<svg><a><animate attributeName="href" values="javascript:alert(1)"></animate><text y="20">svg</text></a></svg>', keeps: 'svg', check: (d) => {
    expect(d.querySelector('animate, set')).toBeNull();
  } },
  { name: 'svg use with data url', html: '<svg><use href="data:image/svg+xml;base64,PHN2Zy8+#x"></use></svg>ok', keeps: 'ok', check: noScriptUrls },
  { name: 'img with data src', html: '<img src="data:text/html,<script>alert(1)</script>" alt="d">', keeps: '', check: (d) => {
    expect(d.querySelector('img')?.hasAttribute('src')).toBe(false);
  } },
  { name: 'template smuggling', html: '<template><img src=x onerror=alert(1)></template>T', keeps: 'T', check: (d) => expect(d.querySelector('template')).toBeNull() },
  { name: 'namespace confusion via svg/style', html: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">', keeps: '', check: (d) => expect(d.querySelector('img[onerror]')).toBeNull() },
  { name: 'comment breakout', html: '<!--<img src="--><img src=x onerror=alert(1)//">-->weiter', keeps: 'weiter', check: (d) => expect(d.querySelector('img[onerror]')).toBeNull() },
];

describe('sanitizeHtml against hostile input', () => {
  it('has a long list of hostile inputs', () => {
    expect(hostileInputs.length).toBeGreaterThanOrEqual(25);
  });

  for (const input of hostileInputs) {
    it(`neutralises ${input.name}`, () => {
      const clean = sanitizeHtml(input.html);
      const doc = parse(clean);
      expect(doc.body.textContent).toContain(input.keeps);
      expect(doc.querySelector('script')).toBeNull();
      expect(clean).not.toMatch(/<script/i);
      expect(allAttributes(doc).filter((a) => /^on/i.test(a.name))).toEqual([]);
      noScriptUrls(doc);
      input.check?.(doc, clean);
    });
  }
});

describe('link rules (spec section 5)', () => {
  it('keeps every safe scheme and relative urls', () => {
    const links = ['https://a.example', 'http://b.example', 'ftp://c.example', 'ftps://d.example', 'tel:+41441234567', 'callto:someone', 'mailto:a@b.example', 'isurf:x', 'kapitel/2', '/abs/pfad', '?q=1'];
    const doc = parse(sanitizeHtml(links.map((href) => `<a href="${href}">x</a>`).join('')));
    expect(Array.from(doc.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual(links);
  });

  it('gives links target _blank by default and external links noopener noreferrer', () => {
    const doc = parse(sanitizeHtml('<a href="https://example.org">e</a><a href="kapitel" target="_self">i</a><a href="#abschnitt">anker</a>'));
    const [external, internal, anchor] = Array.from(doc.querySelectorAll('a'));
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(internal.getAttribute('target')).toBe('_self');
    expect(internal.hasAttribute('rel')).toBe(false);
    expect(anchor.hasAttribute('target')).toBe(false);
  });

  it('keeps ordinary formatting', () => {
    const html = '<h2>Titel</h2><p><strong>fett</strong> <em>kursiv</em> <u>unter</u> <s>durch</s> <sub>1</sub><sup>2</sup></p><ul><li>eins</li></ul><ol><li>zwei</li></ol>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps class attributes (highlight marks of the rich text)', () => {
    expect(sanitizeHtml('<span class="highlight1">x</span>')).toBe('<span class="highlight1">x</span>');
  });

  it('safeLinkUrl and isExternalUrl', () => {
    expect(safeLinkUrl(' JAVASCRIPT:alert(1)')).toBe('about:blank');
    expect(safeLinkUrl('data:text/html,x')).toBe('about:blank');
    expect(safeLinkUrl(' https://x.example ')).toBe('https://x.example');
    expect(isExternalUrl('//cdn.example/x')).toBe(true);
    expect(isExternalUrl('kapitel/1')).toBe(false);
    expect(isExternalUrl('mailto:a@b.example')).toBe(false);
  });
});

describe('sanitizeEmbed: embed code is accepted only as an iframe string', () => {
  it('keeps one iframe with an https src and safe attributes', () => {
    const html = '<iframe src="https://player.example/v/1" width="560" height="315" title="Video" allow="autoplay; camera; fullscreen" allowfullscreen onload="alert(1)" style="border:0"></iframe>';
    const doc = parse(sanitizeEmbed(html));
    const frames = doc.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    const frame = frames[0];
    expect(frame.getAttribute('src')).toBe('https://player.example/v/1');
    expect(frame.getAttribute('title')).toBe('Video');
    expect(frame.getAttribute('allow')).toBe('autoplay; fullscreen');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
    expect(frame.hasAttribute('onload')).toBe(false);
    expect(frame.hasAttribute('style')).toBe(false);
  });

  it('keeps exactly one iframe when several are given', () => {
    const doc = parse(sanitizeEmbed('<iframe src="https://a.example"></iframe><iframe src="https://b.example"></iframe>'));
    expect(Array.from(doc.querySelectorAll('iframe')).map((f) => f.getAttribute('src'))).toEqual(['https://a.example']);
  });

  it('drops everything around the iframe', () => {
    const clean = sanitizeEmbed('<p>Hallo</p><script>alert(1)</script><iframe src="//video.example/e/2"></iframe>');
    expect(clean).toBe('<iframe src="//video.example/e/2"></iframe>');
  });

  it.each([
    ['javascript src', '<iframe src="javascript:alert(1)"></iframe>'],
    ['data src', '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>'],
    ['srcdoc only', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['relative src', '<iframe src="/api/secret"></iframe>'],
    ['no iframe at all', '<p>nur Text</p>'],
    ['script instead of iframe', '<script src="https://evil.example/x.js"></script>'],
  ])('gives nothing for %s', (_name, html) => {
    expect(sanitizeEmbed(html)).toBe('');
    expect(embedFrame(html)).toBeNull();
  });

  it('reads pixel sizes for the aspect ratio', () => {
    expect(embedFrame('<iframe src="https://x.example" width="640" height="360px"></iframe>')).toMatchObject({ width: 640, height: 360, allowFullScreen: false });
    expect(embedFrame('<iframe src="https://x.example" width="100%"></iframe>')?.width).toBeUndefined();
  });
});
