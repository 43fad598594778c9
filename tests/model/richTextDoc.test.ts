import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  HIGHLIGHT_COLORS,
  INVALID_URL_MESSAGE,
  LINK_REL,
  RICH_TEXT_LIMITS,
  RichTextDoc,
  escapeHtml,
  isEmptyRichText,
  normalizeLinkHref,
  normalizeMarks,
  normalizeRichText,
  richTextSize,
  richTextToHtml,
  richTextToPlainText,
  type RichTextMark,
} from '../../model/richTextDoc';
import { formatPath } from '../../model/material';

/* The rich-text document of annotation notes and comments (issue 12): schema, URL rule, normalisation, html. */

const text = (t: string, marks?: RichTextMark[]) => (marks ? { type: 'text' as const, text: t, marks } : { type: 'text' as const, text: t });
const p = (...content: ReturnType<typeof text>[]) => ({ type: 'paragraph' as const, content });
const doc = (...content: unknown[]) => ({ type: 'doc', content }) as RichTextDoc;
const link = (href: string): RichTextMark => ({ type: 'link', attrs: { href } });
const issues = (value: unknown) => {
  const result = z.safeParse(RichTextDoc, value);
  return result.success ? [] : result.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message }));
};

/** A bullet list nested `depth` deep (1: one list), its innermost item holding `leaf`. */
const nestedList = (depth: number, leaf = p(text('x'))): unknown =>
  depth === 0 ? leaf : { type: 'bulletList', content: [{ type: 'listItem', content: [p(text(`level ${depth}`)), nestedList(depth - 1, leaf)] }] };

describe('link addresses', () => {
  it.each([
    ['https://example.org/a?b=c#d', 'https://example.org/a?b=c#d'],
    ['http://example.org', 'http://example.org/'],
    ['HTTPS://EXAMPLE.ORG/Path', 'https://example.org/Path'],
    ['mailto:ada@example.org', 'mailto:ada@example.org'],
    ['MAILTO:ada@example.org?subject=Hi', 'mailto:ada@example.org?subject=Hi'],
    ['tel:+41441234567', 'tel:+41441234567'],
    ['tel:+41 44 123 45 67', 'tel:+41 44 123 45 67'],
  ])('takes every allowed scheme: %j → %j', (input, href) => {
    expect(normalizeLinkHref(input)).toBe(href);
  });

  it.each([
    ['example.org', 'https://example.org/'],
    ['example.org/path?q=1', 'https://example.org/path?q=1'],
    ['www.example.org', 'https://www.example.org/'],
    ['//example.org/x', 'https://example.org/x'],
    ['localhost:3000', 'https://localhost:3000/'],
    ['example.org:8080/x', 'https://example.org:8080/x'],
  ])('puts https:// in front of an address without a scheme: %j → %j', (input, href) => {
    expect(normalizeLinkHref(input)).toBe(href);
  });

  it('trims spaces (and no-break spaces) around the address, and encodes those inside the path', () => {
    expect(normalizeLinkHref('   https://example.org/a  ')).toBe('https://example.org/a');
    expect(normalizeLinkHref('\u00a0example.org\u00a0\n')).toBe('https://example.org/');
    expect(normalizeLinkHref('https://example.org/a b')).toBe('https://example.org/a%20b');
  });

  it('writes international host names in punycode (what the browser follows; a look-alike shows what it is)', () => {
    expect(normalizeLinkHref('https://bücher.example/straße')).toBe('https://xn--bcher-kva.example/stra%C3%9Fe');
    expect(normalizeLinkHref('bücher.example')).toBe('https://xn--bcher-kva.example/');
    // Cyrillic "а" in a Latin-looking name.
    expect(normalizeLinkHref('https://exаmple.org')).toMatch(/^https:\/\/xn--/);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    'javascript://example.org/%0Aalert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript:1',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'gopher://example.org/',
    'blob:https://example.org/uuid',
    'about:blank',
    'chrome://settings',
  ])('refuses %j', (input) => {
    expect(normalizeLinkHref(input)).toBeNull();
  });

  it.each(['', '   ', 'https://', 'http://', 'mailto:', 'tel:', 'https://exa mple.org', 'https://[::1', `https://example.org/${'a'.repeat(RICH_TEXT_LIMITS.maxHrefLength)}`])(
    'refuses what is no address: %j',
    (input) => {
      expect(normalizeLinkHref(input)).toBeNull();
    },
  );

  it('refuses a bad link in a document at its path, with the invalid-url key', () => {
    expect(issues(doc(p(text('click', [link('javascript:alert(1)')]))))).toEqual([
      { path: 'content[0].content[0].marks[0].attrs.href', message: INVALID_URL_MESSAGE },
    ]);
    expect(INVALID_URL_MESSAGE).toMatch(/^invalid-url/);
  });
});

describe('the document schema', () => {
  it('takes what a tiptap editor sends: empty paragraphs, lists, marks with their usual attributes', () => {
    const value = doc(
      { type: 'paragraph' },
      p(text('bold', [{ type: 'bold' }]), text(' and '), text('a link', [{ type: 'link', attrs: { href: 'example.org', target: '_blank', rel: 'noopener', class: null } }])),
      { type: 'orderedList', attrs: { start: 3, type: null }, content: [{ type: 'listItem', content: [p(text('three'))] }] },
      { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('x', [{ type: 'highlight', attrs: { color: 'green' } }, { type: 'subscript' }])), { type: 'paragraph' }] }] },
      p(text('a'), { type: 'hardBreak' } as never, text('b', [{ type: 'gap' }, { type: 'superscript' }, { type: 'italic' }, { type: 'underline' }, { type: 'strike' }])),
    );
    expect(issues(value)).toEqual([]);
  });

  it('takes every highlight colour, and no other', () => {
    for (const color of HIGHLIGHT_COLORS) expect(issues(doc(p(text('x', [{ type: 'highlight', attrs: { color } }]))))).toEqual([]);
    expect(issues(doc(p(text('x', [{ type: 'highlight', attrs: { color: 'red' } } as never]))))[0].path).toBe('content[0].content[0].marks[0].attrs.color');
  });

  it('refuses unknown node types, unknown marks and unknown attributes at their path', () => {
    const refused = issues(
      doc(
        { type: 'script', text: 'alert(1)' },
        { type: 'heading', attrs: { level: 1 }, content: [] },
        p(text('x', [{ type: 'code' } as never])),
        { type: 'paragraph', attrs: { onclick: 'alert(1)' } },
        p({ ...text('x'), style: 'color:red' } as never),
        { type: 'image', attrs: { src: 'javascript:alert(1)' } },
        { type: 'listItem', content: [p(text('a list item outside a list'))] },
      ),
    ).map((i) => i.path);
    expect(refused).toEqual([
      'content[0].type',
      'content[1].type',
      'content[2].content[0].marks[0].type',
      'content[3]',
      'content[4].content[0]',
      'content[5].type',
      'content[6].type',
    ]);
    expect(issues({ type: 'doc', content: [], extra: 1 }).map((i) => i.path)).toEqual(['']);
    expect(issues({ type: 'paragraph' }).map((i) => i.path)).toEqual(['type']);
    expect(issues('<p>html</p>').length).toBe(1);
    expect(issues([{ type: 'p', children: [{ text: 'Slate' }] }]).length).toBe(1);
  });

  it(`lets lists nest ${RICH_TEXT_LIMITS.maxListDepth} deep and no deeper`, () => {
    expect(issues(doc(nestedList(RICH_TEXT_LIMITS.maxListDepth)))).toEqual([]);
    const tooDeep = issues(doc(nestedList(RICH_TEXT_LIMITS.maxListDepth + 1)));
    expect(tooDeep).toHaveLength(1);
    expect(tooDeep[0].path).toMatch(/^content\[0\](\.content\[0\]\.content\[1\])+\.type$/);
    expect(tooDeep[0].message).toMatch(/lists nest at most 4 deep/);
    // A hostile depth costs no more: it is refused at the same place.
    expect(issues(doc(nestedList(200)))[0].path).toBe(tooDeep[0].path);
  });

  it('bounds the length of a text, the text of a document, the number of nodes and of marks', () => {
    expect(issues(doc(p(text('a'.repeat(RICH_TEXT_LIMITS.maxTextLength)))))).toEqual([]);
    expect(issues(doc(p(text('a'.repeat(RICH_TEXT_LIMITS.maxTextLength + 1)))))).toEqual([
      { path: 'content[0].content[0].text', message: `a text node has at most ${RICH_TEXT_LIMITS.maxTextLength} characters` },
    ]);
    const half = 'b'.repeat(RICH_TEXT_LIMITS.maxTotalText / 2);
    expect(issues(doc(p(text(half)), p(text(half))))).toEqual([]);
    expect(issues(doc(p(text(half)), p(text(half)), p(text('c'))))).toEqual([
      { path: 'content', message: `a document holds at most ${RICH_TEXT_LIMITS.maxTotalText} characters of text` },
    ]);
    const many = Array.from({ length: RICH_TEXT_LIMITS.maxNodes / 2 + 1 }, () => p(text('x')));
    expect(issues(doc(...many))).toEqual([{ path: 'content', message: `a document holds at most ${RICH_TEXT_LIMITS.maxNodes} nodes` }]);
    expect(issues(doc(...Array.from({ length: RICH_TEXT_LIMITS.maxNodes + 1 }, () => ({ type: 'paragraph' }))))[0]).toEqual({
      path: 'content',
      message: `a document holds at most ${RICH_TEXT_LIMITS.maxNodes} nodes`,
    });
    const marks = Array.from({ length: RICH_TEXT_LIMITS.maxMarks + 1 }, () => ({ type: 'bold' }) as RichTextMark);
    expect(issues(doc(p(text('x', marks))))[0].path).toBe('content[0].content[0].marks');
    expect(richTextSize(doc(p(text('ab'), text('c')), nestedList(1)))).toEqual({ nodes: 9, text: 11 });
  });
});

describe('normalizeRichText', () => {
  it('stores a paragraph longer than a text node may be as adjacent nodes with its marks, valid and stable', () => {
    const max = RICH_TEXT_LIMITS.maxTextLength;
    const bold: RichTextMark[] = [{ type: 'bold' }];
    const long = 'a'.repeat(max + 5);
    const stored = normalizeRichText(doc(p(text(long.slice(0, 7), bold), text(long.slice(7), bold))));
    expect(stored).toEqual(doc(p(text('a'.repeat(max), bold), text('aaaaa', bold))));
    expect(issues(stored)).toEqual([]);
    expect(normalizeRichText(stored)).toEqual(stored);
    expect(richTextToPlainText(stored)).toBe(long);
  });

  it('never splits between the halves of a surrogate pair', () => {
    const max = RICH_TEXT_LIMITS.maxTextLength;
    const long = `${'a'.repeat(max - 1)}💧${'b'.repeat(3)}`;
    const parts = normalizeRichText(doc(p(text(long)))).content![0] as { content: { text: string }[] };
    expect(parts.content.map((node) => node.text)).toEqual(['a'.repeat(max - 1), '💧bbb']);
    expect(parts.content.every((node) => node.text.length <= max)).toBe(true);
  });

  it('gives an empty document one paragraph', () => {
    expect(normalizeRichText({ type: 'doc' })).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(normalizeRichText(doc())).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(normalizeRichText(doc({ type: 'bulletList', content: [] }, text('')))).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('wraps text and hard breaks at the top level in a paragraph, one per run', () => {
    expect(normalizeRichText(doc(text('a'), { type: 'hardBreak' }, text('b'), p(text('c')), text('d')))).toEqual(
      doc({ type: 'paragraph', content: [text('a'), { type: 'hardBreak' }, text('b')] }, p(text('c')), p(text('d'))),
    );
  });

  it('starts every list item with a paragraph and drops empty lists', () => {
    const value = doc({
      type: 'bulletList',
      content: [{ type: 'listItem' }, { type: 'listItem', content: [{ type: 'orderedList', content: [{ type: 'listItem', content: [p(text('x'))] }] }] }],
    });
    expect(normalizeRichText(value)).toEqual(
      doc({
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [{ type: 'paragraph' }] },
          { type: 'listItem', content: [{ type: 'paragraph' }, { type: 'orderedList', content: [{ type: 'listItem', content: [p(text('x'))] }] }] },
        ],
      }),
    );
  });

  it('keeps an ordered list its start (but not 1) and drops every other attribute', () => {
    expect(normalizeRichText(doc({ type: 'orderedList', attrs: { start: 1, type: 'a' }, content: [{ type: 'listItem', content: [p(text('x'))] }] }))).toEqual(
      doc({ type: 'orderedList', content: [{ type: 'listItem', content: [p(text('x'))] }] }),
    );
    expect(normalizeRichText(doc({ type: 'orderedList', attrs: { start: 4 }, content: [{ type: 'listItem', content: [p(text('x'))] }] }))).toEqual(
      doc({ type: 'orderedList', attrs: { start: 4 }, content: [{ type: 'listItem', content: [p(text('x'))] }] }),
    );
  });

  it('drops empty texts and the marks of hard breaks, and joins neighbouring texts with the same marks', () => {
    const bold: RichTextMark = { type: 'bold' };
    expect(
      normalizeRichText(doc(p(text('a', [bold]), text(''), text('b', [bold]), text('c'), { type: 'hardBreak', marks: [bold] } as never, text('d', [{ type: 'italic' }, bold]), text('e', [bold, { type: 'italic' }])))),
    ).toEqual(doc(p(text('ab', [bold]), text('c'), { type: 'hardBreak' } as never, text('de', [bold, { type: 'italic' }]))));
  });

  it('resolves exclusive marks, keeping the last one: underline/strike, the highlights, sub/sup/gap', () => {
    expect(normalizeMarks([{ type: 'underline' }, { type: 'strike' }])).toEqual([{ type: 'strike' }]);
    expect(normalizeMarks([{ type: 'strike' }, { type: 'underline' }])).toEqual([{ type: 'underline' }]);
    expect(
      normalizeMarks([
        { type: 'highlight', attrs: { color: 'yellow' } },
        { type: 'highlight', attrs: { color: 'pink' } },
      ]),
    ).toEqual([{ type: 'highlight', attrs: { color: 'pink' } }]);
    expect(normalizeMarks([{ type: 'subscript' }, { type: 'gap' }, { type: 'superscript' }])).toEqual([{ type: 'superscript' }]);
    expect(normalizeMarks([{ type: 'superscript' }, { type: 'subscript' }])).toEqual([{ type: 'subscript' }]);
    expect(normalizeMarks([{ type: 'gap' }, { type: 'bold' }, { type: 'bold' }])).toEqual([{ type: 'bold' }, { type: 'gap' }]);
    // Marks of different groups stay, in one order whatever order they came in.
    expect(normalizeMarks([{ type: 'gap' }, { type: 'strike' }, { type: 'highlight' }, { type: 'italic' }, link('example.org'), { type: 'bold' }])).toEqual([
      { type: 'link', attrs: { href: 'https://example.org/' } },
      { type: 'bold' },
      { type: 'italic' },
      { type: 'strike' },
      { type: 'highlight', attrs: { color: 'yellow' } },
      { type: 'gap' },
    ]);
  });

  it('stores links as normalizeLinkHref gives them, without the target, rel and class that came along', () => {
    expect(normalizeMarks([{ type: 'link', attrs: { href: '  Example.org/x ', target: '_self', rel: 'opener', class: 'evil' } }])).toEqual([
      { type: 'link', attrs: { href: 'https://example.org/x' } },
    ]);
    expect(normalizeMarks([link('javascript:alert(1)'), { type: 'bold' }])).toEqual([{ type: 'bold' }]);
  });

  it('is idempotent', () => {
    const value = doc(
      text('top'),
      p(text('a', [{ type: 'underline' }, { type: 'strike' }, link('example.org')]), text('b')),
      { type: 'bulletList', content: [{ type: 'listItem' }, { type: 'listItem', content: [nestedList(2) as never] }] },
    );
    const once = normalizeRichText(value);
    expect(issues(once)).toEqual([]);
    expect(normalizeRichText(once)).toEqual(once);
    expect(JSON.stringify(normalizeRichText(JSON.parse(JSON.stringify(once))))).toBe(JSON.stringify(once));
  });
});

describe('isEmptyRichText', () => {
  it.each([
    [{ type: 'doc' }, true],
    [doc(), true],
    [doc({ type: 'paragraph' }), true],
    [doc(p(text('   \n\t\u00a0')), { type: 'hardBreak' }), true],
    [doc({ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] }), true],
    [doc(p(text(' x '))), false],
    [doc(text('top level')), false],
    [doc(nestedList(3, p(text('deep')))), false],
  ])('%j → %s', (value, empty) => {
    expect(isEmptyRichText(value as RichTextDoc)).toBe(empty);
  });
});

describe('richTextToHtml', () => {
  it('renders every block and mark', () => {
    const value = doc(
      p(
        text('b', [{ type: 'bold' }]),
        text('i', [{ type: 'italic' }]),
        text('u', [{ type: 'underline' }]),
        text('s', [{ type: 'strike' }]),
        text('m', [{ type: 'highlight', attrs: { color: 'blue' } }]),
        text('2', [{ type: 'subscript' }]),
        text('3', [{ type: 'superscript' }]),
        text('g', [{ type: 'gap' }]),
      ),
      p(text('a'), { type: 'hardBreak' } as never, text('link', [link('example.org'), { type: 'bold' }])),
      { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('one')), { type: 'orderedList', attrs: { start: 2 }, content: [{ type: 'listItem', content: [p(text('two'))] }] }] }] },
      { type: 'orderedList', content: [{ type: 'listItem', content: [p(text('x'))] }] },
      { type: 'paragraph' },
    );
    expect(richTextToHtml(value)).toBe(
      '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><mark data-color="blue">m</mark><sub>2</sub><sup>3</sup><span data-gap="">g</span></p>' +
        `<p>a<br><a href="https://example.org/" target="_blank" rel="${LINK_REL}"><strong>link</strong></a></p>` +
        '<ul><li><p>one</p><ol start="2"><li><p>two</p></li></ol></li></ul>' +
        '<ol><li><p>x</p></li></ol>' +
        '<p></p>',
    );
    expect(LINK_REL).toBe('noopener noreferrer nofollow');
  });

  it('escapes hostile text: no markup of the input reaches the html', () => {
    const hostile = `<script>alert(1)</script><img src=x onerror=alert(1)>"'&amp;<a href="javascript:alert(1)">x</a>`;
    const html = richTextToHtml(doc(p(text(hostile, [{ type: 'bold' }]))));
    expect(html).toBe(
      '<p><strong>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;amp;&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;</strong></p>',
    );
    expect(html).not.toMatch(/<script|<img|<a /i);
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('never lets an href out of its attribute nor carry script', () => {
    const hrefs = [
      'https://example.org/"><script>alert(1)</script>',
      "example.org/' onmouseover='alert(1)",
      'https://example.org/?a=<b>&c="d"',
      'mailto:a@example.org?body="><svg onload=alert(1)>',
    ];
    for (const href of hrefs) {
      const html = richTextToHtml(doc(p(text('x', [link(href)]))));
      const attr = /^<p><a href="([^"]*)" target="_blank" rel="noopener noreferrer nofollow">x<\/a><\/p>$/.exec(html);
      expect(attr, html).not.toBeNull();
      expect(attr![1]).not.toMatch(/[<>"']/);
    }
    // A link that would be refused by the schema is dropped, never rendered.
    expect(richTextToHtml(doc(p(text('x', [link('javascript:alert(1)')]))))).toBe('<p>x</p>');
    expect(richTextToHtml(doc(p(text('x', [link(' JaVaScRiPt:alert(1)')]))))).toBe('<p>x</p>');
  });

  it('renders only the five colours, whatever a highlight claims', () => {
    const html = richTextToHtml(doc(p(text('x', [{ type: 'highlight', attrs: { color: '" onclick="alert(1)' as never } }]))));
    expect(html).toBe('<p><mark data-color="yellow">x</mark></p>');
  });

  it('is made of the normalised document (exclusions resolved, top-level text wrapped)', () => {
    expect(richTextToHtml(doc(text('a', [{ type: 'underline' }, { type: 'strike' }])))).toBe('<p><s>a</s></p>');
    expect(richTextToHtml({ type: 'doc' })).toBe('<p></p>');
  });

  it('has a plain-text form for previews', () => {
    expect(richTextToPlainText(doc(p(text('a'), { type: 'hardBreak' } as never, text('b')), { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('c'))] }] }))).toBe('a\nb\nc');
  });
});
