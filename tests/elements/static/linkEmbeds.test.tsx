// @vitest-environment jsdom
import { render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n';
import { I18nProvider } from '../../../i18n/react';
import { IFrame } from '../../../model/elements';
import { PageData } from '../../../model/pageData';
import { EmbeddedPage } from '../../../src/viewer/EmbeddedPage';
import { PageDataContext } from '../../../paint/PageDataContext';
import { ratioOf, renderElement } from './renderElement';

type Visitor = Pick<PageData, 'user' | 'guestSession'>;

const pageData = ({ user = null, guestSession = null }: Partial<Visitor> = {}) =>
  PageData.parse({
    entryPoint: 'material', baseUrl: '/s/share-embed', lang: 'en',
    share: { publicId: 'share-embed-0123456789abc', rootModelName: 'Material', rootId: 'm-embed', rootPublicId: 'material-embed' },
    shareSettings: { private: false, saveGuestSessions: true, scorm: false },
    preview: false, user, guestSession, settings: {},
    featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false },
    api: { base: '/api', assets: '/api/assets' },
    userdata: { metadata: { shareId: null } }, learnerState: null,
  });
const within = (data: PageData) => (node: ReactElement) => <PageDataContext.Provider value={data}>{node}</PageDataContext.Provider>;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Link in embed mode: providers', () => {
  it('embeds a video page as its privacy-friendly player at 16:9', () => {
    const { root } = renderElement({ id: 'v1', modelName: 'Link', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', mode: 'embed' });
    const frame = root.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90');
    expect(frame.getAttribute('data-provider')).toBe('youtube');
    expect(frame.getAttribute('title')).toBe('Embedded content from youtube.com');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
    expect(ratioOf(frame.parentElement)).toBeCloseTo(16 / 9);
  });

  it("the element's own aspect ratio wins over the provider's", () => {
    const { root } = renderElement({ id: 'v2', modelName: 'Link', url: 'https://vimeo.com/76979871', mode: 'embed', aspectRatio: 2 });
    expect(ratioOf(root.querySelector('iframe')!.parentElement)).toBeCloseTo(2);
  });

  it('takes an embed code apart: src, ratio, title and allowed features only', () => {
    const { root } = renderElement({
      id: 'v3', modelName: 'Link', mode: 'embed',
      url: '<iframe src="https://tool.example.org/app" width="800" height="400" title="Tool" allow="camera; autoplay" onload="alert(1)"></iframe>',
    });
    const frame = root.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://tool.example.org/app');
    expect(frame.getAttribute('title')).toBe('Tool');
    expect(frame.getAttribute('allow')).toBe('fullscreen; autoplay');
    expect(frame.hasAttribute('onload')).toBe(false);
    expect(ratioOf(frame.parentElement)).toBeCloseTo(2);
  });

  it('an embed code in card or url mode cannot be displayed', () => {
    const url = '<iframe src="https://tool.example.org/app"></iframe>';
    const { root } = renderElement({ id: 'v4', modelName: 'Link', url, mode: 'card' });
    expect(root.textContent).toBe(`This URL can not be displayed: ${url}`);
  });
});

describe('Link in embed mode: identity placeholders', () => {
  const url = 'https://survey.example.org/s?mail={{email}}&name={{guestSessionUserName}}&who={{uniqueUserId}}';
  const srcFor = (visitor: Partial<Visitor>) =>
    renderElement({ id: `p-${Object.keys(visitor).join('-') || 'none'}`, modelName: 'Link', url, mode: 'embed' }, { wrap: within(pageData(visitor)) })
      .root.querySelector('iframe')!
      .getAttribute('src');

  it('fills in the logged-in user', () => {
    const user = { id: 'u-42', email: 'ada+x@school.example', firstname: 'Ada', lastname: 'L', name: 'Ada L', roles: [], favoriteMaterialIds: [] };
    expect(srcFor({ user })).toBe('https://survey.example.org/s?mail=ada%2Bx%40school.example&name=no-guestsessionusername-available&who=u-42');
  });

  it('fills in the guest session', () => {
    expect(srcFor({ guestSession: { publicId: 'guest-abc', name: 'Gast Eins' } })).toBe(
      'https://survey.example.org/s?mail=no-email-available&name=Gast%20Eins&who=guest-abc',
    );
  });

  it('falls back without page data (anonymous)', () => {
    const { root } = renderElement({ id: 'p-bare', modelName: 'Link', url, mode: 'embed' });
    expect(root.querySelector('iframe')!.getAttribute('src')).toBe(
      'https://survey.example.org/s?mail=no-email-available&name=no-guestsessionusername-available&who=no-uniqueuserid-available',
    );
  });
});

describe('Embed code (HtmlElement) and the external-resource page: the same embed rules', () => {
  const guest = { guestSession: { publicId: 'guest-abc', name: 'Gast Eins' } };

  it('embed code fills in identity placeholders and may go full screen, though its code did not ask', () => {
    const { root } = renderElement(
      { id: 'h1', modelName: 'HtmlElement', content: { html: '<iframe src="https://survey.example.org/s?who={{uniqueUserId}}&amp;mail={{ email }}" title="Umfrage"></iframe>' } },
      { wrap: within(pageData(guest)) },
    );
    const frame = root.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://survey.example.org/s?who=guest-abc&mail=no-email-available');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
  });

  const showPage = (url: string, visitor: Partial<Visitor> = {}) =>
    render(
      within(pageData(visitor))(
        <I18nProvider i18n={createI18n('en')}>
          <EmbeddedPage resource={IFrame.parse({ modelName: 'IFrame', id: 'ext', title: 'Extern', url })} />
        </I18nProvider>,
      ),
    ).container.querySelector('iframe');

  it("the external resource's page shows a known service's page as its embed", () => {
    expect(showPage('https://www.youtube.com/watch?v=dQw4w9WgXcQ')?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(showPage('https://sim.example.org/wasser')?.getAttribute('src')).toBe('https://sim.example.org/wasser');
  });

  it("the external resource's page fills in identity placeholders", () => {
    expect(showPage('https://lms.example.org/task?learner={{uniqueUserId}}&name={{guestSessionUserName}}', guest)?.getAttribute('src')).toBe(
      'https://lms.example.org/task?learner=guest-abc&name=Gast%20Eins',
    );
  });

  it('an embed code is no address of an external resource', () => {
    expect(showPage('<iframe src="https://tool.example.org/app"></iframe>')).toBeNull();
  });
});

describe('Link in card mode: the embed-metadata lookup', () => {
  it('asks the lookup of the share and shows title, description and thumbnail', async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        data: {
          meta: { title: 'Photosynthese', description: 'Wie Pflanzen Licht nutzen.' },
          links: { icon: [{ href: 'https://plants.example.org/icon.png' }], thumbnail: [{ href: 'https://plants.example.org/leaf.jpg' }] },
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const url = 'https://plants.example.org/artikel?card=1';
    const { root } = renderElement({ id: 'c1', modelName: 'Link', url, mode: 'card' }, { wrap: within(pageData()) });
    const card = root.querySelector('a')!;
    await waitFor(() => expect(card.getAttribute('data-metadata')).toBe('found'));
    expect(fetch).toHaveBeenCalledWith(`/api/embed-metadata?uri=${encodeURIComponent(url)}&share=share-embed-0123456789abc`, expect.objectContaining({ credentials: 'same-origin' }));
    expect(card.textContent).toContain('Photosynthese');
    expect(card.textContent).toContain('Wie Pflanzen Licht nutzen.');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('https://plants.example.org/leaf.jpg');
    expect(card.querySelector('img')?.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it("the element's own text stays the card's title", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ data: { meta: { title: 'From the page' } } })));
    const { root } = renderElement({ id: 'c2', modelName: 'Link', url: 'https://plants.example.org/own-text', mode: 'card', text: 'Own text' }, { wrap: within(pageData()) });
    const card = root.querySelector('a')!;
    await waitFor(() => expect(card.getAttribute('data-metadata')).toBe('found'));
    expect(card.textContent).toContain('Own text');
    expect(card.textContent).not.toContain('From the page');
  });

  it.each([
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 404', async () => Response.json({ errors: [{ path: '', message: 'Not found' }] }, { status: 404 })],
    ['an answer of another shape', async () => Response.json({ data: { meta: { title: 42 } } })],
  ])('stays without metadata, silently, on %s', async (_what, answer) => {
    const fetch = vi.fn(answer);
    vi.stubGlobal('fetch', fetch);
    const error = vi.spyOn(console, 'error');
    const url = `https://plants.example.org/failing-${_what.replace(/\W/g, '-')}`;
    const { root } = renderElement({ id: 'c3', modelName: 'Link', url, mode: 'card', text: 'Artikel' }, { wrap: within(pageData()) });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const card = root.querySelector('a')!;
    expect(card.getAttribute('data-metadata')).toBe('none');
    expect(card.textContent).toContain('Artikel');
    expect(card.querySelector('img')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('asks nothing outside a share (no page data) and for embed or url modes', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderElement({ id: 'c4', modelName: 'Link', url: 'https://plants.example.org/none', mode: 'card' });
    renderElement({ id: 'c5', modelName: 'Link', url: 'https://plants.example.org/embed', mode: 'embed' }, { wrap: within(pageData()) });
    renderElement({ id: 'c6', modelName: 'Link', url: 'https://plants.example.org/url', mode: 'url' }, { wrap: within(pageData()) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
  });
});
