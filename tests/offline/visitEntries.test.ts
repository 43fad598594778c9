import { describe, expect, it } from 'vitest';
import type { PageData } from '../../model/pageData';
import { visitEntries } from '../../src/offline/visitEntries';

/** The parts of the page data visitEntries reads. */
function pageData(rootModelName: 'Material' | 'Collection', guestSession: PageData['guestSession'] = null): PageData {
  return {
    baseUrl: '/s/share-a',
    share: { publicId: 'share-a', rootModelName, rootId: 'root-1', rootPublicId: 'root' },
    api: { base: '/api', assets: '/api/assets' },
    guestSession,
  } as PageData;
}

describe('what a first visit asks the service worker to keep', () => {
  it('a material share: the page as a navigation asks for it, the material as the page preloads it, and the content and client files already loaded', () => {
    const entries = visitEntries(pageData('Material'), 'https://lw.example/s/share-a/kap1/?guestSessionId=G1', [
      'https://lw.example/api/assets/cover.webp',
      'https://lw.example/app/assets/Inter-latin.woff2',
      'https://lw.example/api/material/share-a/root-1',
      'https://lw.example/api/userdata',
      'https://elsewhere.example/api/assets/x.png',
    ]);
    expect(entries).toEqual([
      ['https://lw.example/s/share-a/kap1/?guestSessionId=G1', { headers: { Accept: 'text/html' } }],
      '/api/material/share-a/root-1',
      'https://lw.example/api/assets/cover.webp',
      'https://lw.example/app/assets/Inter-latin.woff2',
    ]);
  });

  it('a collection share: the collection, and the material the address opens with the same body the app posts', () => {
    const guest = { publicId: 'G1', name: 'Nora Netzlos' };
    const entries = visitEntries(pageData('Collection', guest), 'https://lw.example/s/share-a/mat%20one/kap1/', []);
    expect(entries).toHaveLength(3);
    const [, collection, material] = entries as [unknown, [string, RequestInit], [string, RequestInit]];
    expect(collection[0]).toBe('/api/model/query');
    expect(collection[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(JSON.parse(String(collection[1].body))).toEqual({ share: 'share-a', modelName: 'Collection', id: 'root-1' });
    expect(material[0]).toBe('/api/collectionMaterial');
    expect(JSON.parse(String(material[1].body))).toEqual({ collectionPublicId: 'share-a', publicId: 'mat one', guestSessionId: 'G1' });
    // The collection's own page opens no material.
    expect(visitEntries(pageData('Collection'), 'https://lw.example/s/share-a/', [])).toHaveLength(2);
  });
});
