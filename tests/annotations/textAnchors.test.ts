// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { anchorAnnotations, anchorFromSelection, locateRange, unwrapAnchor, wrapAnchor } from '../../src/annotations/textAnchors';

let host: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = '';
  host = document.createElement('div');
  document.body.append(host);
});

function element(html: string, id = 'text-1'): HTMLElement {
  host.innerHTML = `<div id="${id}">${html}</div>`;
  return host.firstElementChild as HTMLElement;
}

function select(startNode: Node, startOffset: number, endNode: Node, endOffset: number): Selection {
  const selection = window.getSelection()!;
  const range = document.createRange();
  range.setStart(startNode, startOffset);
  range.setEnd(endNode, endOffset);
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

const marksOf = (el: Element, id: string) => [...el.querySelectorAll(`mark[data-annotation-id="${id}"]`)].map((m) => m.textContent).join('|');

describe('anchorFromSelection', () => {
  it('a selection across bold and italic nodes: offsets in the element’s text', () => {
    const el = element('<p>Hello <strong>bold <em>and italic</em></strong> world</p>');
    // From "lo" in "Hello " to "ita" in "and italic".
    const hello = el.querySelector('p')!.firstChild!;
    const italic = el.querySelector('em')!.firstChild!;
    const anchor = anchorFromSelection(select(hello, 3, italic, 7));
    expect(anchor).toEqual({ reference: 'text-1', from: 3, to: 18, text: 'lo bold and ita' });
    expect(el.textContent!.slice(3, 18)).toBe('lo bold and ita');
  });

  it('the nearest element with an id is the reference; `within` names it', () => {
    const el = element('<p>Some <b id="inner">inner</b> text</p>');
    const inner = el.querySelector('#inner')!.firstChild!;
    expect(anchorFromSelection(select(inner, 0, inner, 5))?.reference).toBe('inner');
    expect(anchorFromSelection(select(inner, 0, inner, 5), { within: el })).toEqual({ reference: 'text-1', from: 5, to: 10, text: 'inner' });
  });

  it('element boundary points count the text before them', () => {
    const el = element('<p>ab</p><p>cd</p>');
    const anchor = anchorFromSelection(select(el, 1, el, 2));
    expect(anchor).toEqual({ reference: 'text-1', from: 2, to: 4, text: 'cd' });
  });

  it('no anchor for a collapsed, blank or out-of-element selection', () => {
    const el = element('<p>one two</p>');
    const text = el.querySelector('p')!.firstChild!;
    expect(anchorFromSelection(select(text, 2, text, 2))).toBeNull();
    expect(anchorFromSelection(select(text, 3, text, 4))).toBeNull(); // a space
    const outside = document.createElement('p');
    outside.textContent = 'outside';
    host.append(outside);
    expect(anchorFromSelection(select(text, 0, outside.firstChild!, 3), { within: el })).toBeNull();
    expect(anchorFromSelection(null)).toBeNull();
  });
});

describe('wrapAnchor / unwrapAnchor', () => {
  it('wraps a range across several text nodes in marks, keeping bold and italic', () => {
    const el = element('<p>Hello <strong>bold <em>and italic</em></strong> world</p>');
    const result = wrapAnchor(el, { from: 3, to: 18, text: 'lo bold and ita' }, 'a1');
    expect(result.status).toBe('exact');
    expect(result.marks).toHaveLength(3);
    expect(marksOf(el, 'a1')).toBe('lo |bold |and ita');
    expect(el.querySelector('strong mark')?.textContent).toBe('bold ');
    expect(el.querySelector('em mark')?.textContent).toBe('and ita');
    expect(el.textContent).toBe('Hello bold and italic world');
  });

  it('unwrapping restores the original DOM', () => {
    const html = '<p>Hello <strong>bold <em>and italic</em></strong> world</p><p>second</p>';
    const el = element(html);
    wrapAnchor(el, { from: 3, to: 24, text: 'lo bold and italic wo' }, 'a1');
    wrapAnchor(el, { from: 27, to: 30, text: 'sec' }, 'a2');
    expect(el.querySelectorAll('mark')).toHaveLength(5);
    expect(unwrapAnchor(el, 'a2')).toBe(1);
    expect(marksOf(el, 'a1')).toBe('lo |bold |and italic| wo');
    expect(unwrapAnchor(el)).toBe(4);
    expect(el.innerHTML).toBe(html);
    // Text nodes are merged again, as they were.
    expect(el.querySelector('p')!.childNodes).toHaveLength(3);
  });

  it('re-anchors by the text after an insertion before the range', () => {
    const el = element('<p>Intro. The <b>key sentence</b> here.</p>');
    const original = { from: 11, to: 23, text: 'key sentence' };
    expect(el.textContent!.slice(original.from, original.to)).toBe('key sentence');
    // The material changed: words were added before the range.
    el.querySelector('p')!.insertAdjacentText('afterbegin', 'A new first line. ');
    const result = wrapAnchor(el, original, 'a1');
    expect(result).toMatchObject({ status: 'moved', from: 29, to: 41 });
    expect(marksOf(el, 'a1')).toBe('key sentence');
  });

  it('picks the occurrence nearest to the old offset', () => {
    expect(locateRange('xx ab yy ab zz ab', { from: 10, to: 12, text: 'ab' })).toEqual({ status: 'moved', from: 9, to: 11 });
    expect(locateRange('ab ab', { from: 0, to: 2, text: 'ab' })).toEqual({ status: 'exact', from: 0, to: 2 });
  });

  it('orphaned when the text is gone; nothing is wrapped', () => {
    const el = element('<p>Intro. The <b>key sentence</b> here.</p>');
    el.querySelector('b')!.remove();
    const before = el.innerHTML;
    expect(wrapAnchor(el, { from: 11, to: 23, text: 'key sentence' }, 'a1')).toEqual({ status: 'orphaned', marks: [] });
    expect(el.innerHTML).toBe(before);
  });

  it('a range inside another annotation’s mark', () => {
    const el = element('<p>one two three</p>');
    wrapAnchor(el, { from: 0, to: 13, text: 'one two three' }, 'outer');
    wrapAnchor(el, { from: 4, to: 7, text: 'two' }, 'inner');
    expect(marksOf(el, 'inner')).toBe('two');
    expect(el.querySelector('mark[data-annotation-id="outer"] mark[data-annotation-id="inner"]')).toBeTruthy();
    unwrapAnchor(el);
    expect(el.innerHTML).toBe('<p>one two three</p>');
  });
});

describe('anchorAnnotations', () => {
  const page = () => {
    host.innerHTML = '<div id="text-1"><p>Intro. The <b>key sentence</b> here.</p></div><div id="text-2"><p>Rewritten text.</p></div>';
  };
  const kept = { id: 'a-kept', reference: 'text-1', from: 11, to: 23, text: 'key sentence' };
  const edited = { id: 'a-edited', reference: 'text-2', from: 0, to: 12, text: 'Old sentence' };
  const elsewhere = { id: 'a-elsewhere', reference: 'text-9', from: 0, to: 4, text: 'gone' };
  const removed = { id: 'a-removed', reference: 'text-removed', from: 0, to: 4, text: 'gone' };

  it('marks what it finds and tells which passages are gone from their text (orphaned)', () => {
    page();
    const decorated: string[] = [];
    const statuses = anchorAnnotations(document, [kept, edited], { decorate: (mark) => decorated.push(mark.textContent ?? '') });
    expect(Object.fromEntries(statuses)).toEqual({ 'a-kept': 'anchored', 'a-edited': 'orphaned' });
    expect(marksOf(document.getElementById('text-1')!, 'a-kept')).toBe('key sentence');
    expect(decorated).toEqual(['key sentence']);
    expect(document.getElementById('text-2')!.innerHTML).toBe('<p>Rewritten text.</p>');
  });

  it('an element not on the page is unknown, unless the material no longer has it (orphaned)', () => {
    page();
    const references = new Set(['text-1', 'text-2', 'text-9']);
    const statuses = anchorAnnotations(document, [elsewhere, removed], { references });
    expect(Object.fromEntries(statuses)).toEqual({ 'a-elsewhere': 'unknown', 'a-removed': 'orphaned' });
    expect(anchorAnnotations(document, [removed]).get('a-removed')).toBe('unknown');
  });

  it('an annotation already marked is anchored and not wrapped twice', () => {
    page();
    anchorAnnotations(document, [kept]);
    const decorate = (mark: HTMLElement) => mark.setAttribute('data-decorated', '');
    expect(anchorAnnotations(document, [kept], { decorate }).get('a-kept')).toBe('anchored');
    expect(document.querySelectorAll('mark[data-annotation-id="a-kept"]')).toHaveLength(1);
    expect(document.querySelector('mark[data-decorated]')).toBeNull();
  });

  it('only a mark counts as marked: another element with the id (a card in the panel) does not', () => {
    page();
    const card = document.createElement('li');
    card.setAttribute('data-annotation-id', 'a-kept');
    document.body.append(card);
    expect(anchorAnnotations(document, [kept]).get('a-kept')).toBe('anchored');
    expect(marksOf(document.getElementById('text-1')!, 'a-kept')).toBe('key sentence');
    card.remove();
  });
});
