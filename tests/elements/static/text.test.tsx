// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { PageData } from '../../../model/pageData';
import { PageDataContext } from '../../../paint/PageDataContext';
import { renderElement } from './renderElement';

const previewPageData = (lang: 'de' | 'en') =>
  PageData.parse({
    entryPoint: 'material', baseUrl: '/s/preview', lang, share: null,
    shareSettings: { private: false, saveGuestSessions: false, scorm: false },
    preview: true, user: null, guestSession: null, settings: {},
    featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false },
    api: { base: '/api', assets: '/api/assets' },
    userdata: { metadata: { shareId: null } }, learnerState: null,
  });

describe('Text', () => {
  it('renders sanitised html in its size, wrapped with id and data-model-name', () => {
    const { root } = renderElement({
      id: 't1',
      modelName: 'Text',
      size: 'p-big',
      content: { html: '<p>Hallo <strong>Welt</strong><img src=x onerror="alert(1)"><script>alert(2)</script></p><p><a href="javascript:alert(3)">böse</a></p>' },
    });
    expect(root.getAttribute('data-model-name')).toBe('Text');
    expect(root.querySelector('strong')?.textContent).toBe('Welt');
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(root.querySelector('a')?.getAttribute('href')).toBe('about:blank');
    expect(root.querySelector('[data-size]')?.getAttribute('data-size')).toBe('p-big');
    expect(root.querySelector('[data-size]')?.className).toContain('text-lg');
  });

  it.each([
    ['p-ultra-small', 'text-xs'],
    ['p-small', 'text-sm'],
    ['p-regular', 'text-base'],
  ])('size %s uses %s', (size, cls) => {
    const { root } = renderElement({ id: 't2', modelName: 'Text', size, content: { html: '<p>x</p>' } });
    expect(root.querySelector('[data-size]')?.className.split(' ')).toContain(cls);
  });
});

describe('Heading', () => {
  // The page title is the page's only h1: authored level 1 renders as h2 and keeps the look of level 1.
  it.each([
    [1, 'h2'],
    [2, 'h2'],
    [3, 'h3'],
    [4, 'h4'],
    [5, 'h5'],
    [6, 'h6'],
  ])('level %i renders %s with its html', (level, tag) => {
    const { root } = renderElement({ id: `h${level}`, modelName: 'Heading', level, content: { html: 'Kapitel <em>eins</em>' } });
    const heading = root.querySelector(tag);
    expect(heading?.textContent).toBe('Kapitel eins');
    expect(heading?.querySelector('em')).not.toBeNull();
    expect(root.querySelectorAll('h1, h2, h3, h4, h5, h6')).toHaveLength(1);
  });

  it('styles levels 1 and 2 apart although both are h2', () => {
    const one = renderElement({ id: 'one', modelName: 'Heading', level: 1, content: { html: 'Eins' } }).root.querySelector('h2');
    const two = renderElement({ id: 'two', modelName: 'Heading', level: 2, content: { html: 'Zwei' } }).root.querySelector('h2');
    expect(one?.className.split(' ')).toContain('text-3xl');
    expect(two?.className.split(' ')).not.toContain('text-3xl');
    expect(two?.className.split(' ')).toContain('text-2xl');
  });
});

describe('Quote', () => {
  it('shows text and author', () => {
    const { root } = renderElement({ id: 'q1', modelName: 'Quote', text: 'Lernen ist Erfahrung.', author: 'Albert Einstein' });
    expect(root.querySelector('blockquote')?.textContent).toContain('Lernen ist Erfahrung.');
    expect(root.querySelector('figcaption')?.textContent).toContain('Albert Einstein');
    expect(root.querySelector('[data-placeholder]')).toBeNull();
  });

  it('shows a learner nothing of an empty quote, and no caption without an author (the placeholders are the editor’s prompts)', () => {
    const { root } = renderElement({ id: 'q2', modelName: 'Quote' });
    expect(root.textContent).toBe('');
    expect(root.querySelector('figure')).toBeNull();
    const { root: withoutAuthor } = renderElement({ id: 'q4', modelName: 'Quote', text: 'Wasser ist Leben.', author: ' ' }, { lang: 'de' });
    expect(withoutAuthor.querySelector('blockquote')?.textContent).toContain('Wasser ist Leben.');
    expect(withoutAuthor.querySelector('figcaption')).toBeNull();
    expect(withoutAuthor.textContent).not.toContain('Autor angeben');
  });

  it('shows the spec placeholders to authors on a preview share, in English and German', () => {
    const preview = (lang: 'en' | 'de') => (node: ReactElement) => <PageDataContext.Provider value={previewPageData(lang)}>{node}</PageDataContext.Provider>;
    const { root } = renderElement({ id: 'q2', modelName: 'Quote' }, { wrap: preview('en') });
    expect(root.querySelector('blockquote')?.textContent).toBe('Write quote');
    expect(root.querySelector('figcaption')?.textContent).toContain('Specifiy author');
    const { root: german } = renderElement({ id: 'q3', modelName: 'Quote', text: ' ', author: '' }, { lang: 'de', wrap: preview('de') });
    expect(german.querySelector('blockquote')?.textContent).toBe('Zitat schreiben');
    expect(german.querySelector('figcaption')?.textContent).toContain('Autor angeben');
  });
});

describe('Separator', () => {
  it('renders a horizontal rule', () => {
    const { root } = renderElement({ id: 's1', modelName: 'Separator' });
    expect(root.getAttribute('data-model-name')).toBe('Separator');
    expect(root.querySelectorAll('hr')).toHaveLength(1);
  });
});
