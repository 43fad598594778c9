// @vitest-environment jsdom
import { ContentElement } from '../../../model/elements';
import { describe, expect, it } from 'vitest';
import { ratioOf, renderElement } from './renderElement';

describe('Link', () => {
  it.each(['ftp://files.example.org/x', 'javascript:alert(1)', 'www.example.org', 'mailto:a@b.example'])('refuses %s with the spec text', (url) => {
    const { root } = renderElement({ id: 'l1', modelName: 'Link', url, mode: 'embed' });
    expect(root.textContent).toBe(`This URL can not be displayed: ${url}`);
    expect(root.querySelector('iframe, a')).toBeNull();
  });

  it('refuses in German too', () => {
    const { root } = renderElement({ id: 'l2', modelName: 'Link', url: 'data:text/html,x', mode: 'url' }, { lang: 'de' });
    expect(root.textContent).toBe('Diese URL kann nicht angezeigt werden: data:text/html,x');
  });

  it('embeds http(s) and protocol-relative URLs in a 4:3 frame with fullscreen allowed', () => {
    const { root } = renderElement({ id: 'l3', modelName: 'Link', url: 'https://www.example.org/video', mode: 'embed', caption: 'Ein <b>Video</b>' });
    const frame = root.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.example.org/video');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
    expect(frame.getAttribute('title')).toBe('Embedded content from example.org');
    expect(ratioOf(frame.parentElement)).toBeCloseTo(4 / 3);
    expect(root.querySelector('figcaption b')?.textContent).toBe('Video');
    const relative = renderElement({ id: 'l4', modelName: 'Link', url: '//cdn.example.org/e', mode: 'embed', aspectRatio: 1.5 });
    expect(ratioOf(relative.root.querySelector('iframe')!.parentElement)).toBeCloseTo(1.5);
  });

  it('card mode shows the text and the host and opens a new tab safely', () => {
    const { root } = renderElement({ id: 'l5', modelName: 'Link', url: 'https://www.example.org/artikel', mode: 'card', text: 'Ein Artikel' });
    const a = root.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://www.example.org/artikel');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a.textContent).toContain('Ein Artikel');
    expect(a.textContent).toContain('example.org');
  });

  it('url mode is a plain link; openInCurrentTab targets _self without rel', () => {
    const { root } = renderElement({ id: 'l6', modelName: 'Link', url: 'http://example.org/', mode: 'url', openInCurrentTab: true });
    const a = root.querySelector('a')!;
    expect(a.textContent).toBe('http://example.org/');
    expect(a.getAttribute('target')).toBe('_self');
    expect(a.hasAttribute('rel')).toBe(false);
  });
});

describe('HtmlElement (embed code)', () => {
  it('renders exactly the one iframe of the embed code', () => {
    const { root } = renderElement({
      id: 'e1',
      modelName: 'HtmlElement',
      content: { html: '<iframe src="https://player.example.org/v/9" width="640" height="360" title="Clip" allowfullscreen srcdoc="<b>x</b>" onload="x()"></iframe>' },
    });
    const frames = root.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0].getAttribute('src')).toBe('https://player.example.org/v/9');
    expect(frames[0].getAttribute('title')).toBe('Clip');
    expect(frames[0].hasAttribute('srcdoc')).toBe(false);
    expect(frames[0].hasAttribute('allowfullscreen')).toBe(true);
    expect(ratioOf(frames[0].parentElement)).toBeCloseTo(640 / 360);
    expect(frames[0].hasAttribute('onload')).toBe(false);
  });

  it('renders nothing for embed code that is not an iframe (the import refuses it too)', () => {
    const raw = { id: 'e2', modelName: 'HtmlElement', content: { html: '<script>alert(1)</script><p>Text</p>' } };
    expect(ContentElement.safeParse(raw).success).toBe(false);
    const { root } = renderElement(raw, { unchecked: true });
    expect(root.getAttribute('data-model-name')).toBe('HtmlElement');
    expect(root.innerHTML).toBe('');
  });
});

describe('IFrame (external resource)', () => {
  it('links relatively to iframe/{id} with title, description and duration', () => {
    const { root } = renderElement({
      id: 'ext-1',
      modelName: 'IFrame',
      title: 'Simulation Wasserkreislauf',
      url: 'https://sim.example.org/wasser',
      description: '<p>Interaktiv <strong>erkunden</strong></p>',
      duration: '15 min',
      cover: { file: 'cover.jpg' },
    }, { lang: 'de' });
    const a = root.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('iframe/ext-1');
    expect(a.textContent).toContain('Simulation Wasserkreislauf');
    expect(a.querySelector('strong')?.textContent).toBe('erkunden');
    expect(a.textContent).toContain('Dauer: 15 min');
    expect(a.querySelector('img')?.getAttribute('src')).toBe('/api/assets/card-300/cover.jpg');
  });
});
