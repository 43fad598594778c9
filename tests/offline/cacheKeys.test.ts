import { describe, expect, it } from 'vitest';
import { modelCacheKey, pageCacheKey } from '../../src/offline/cacheKeys';

describe('what the service worker keeps, under which keys', () => {
  it('one copy of a share page per share, guest session and language, whatever page of it the URL names', () => {
    const key = (url: string) => pageCacheKey(new URL(url));
    expect(key('https://lw.example/s/abc/')).toBe('https://lw.example/s/abc/');
    expect(key('https://lw.example/s/abc')).toBe('https://lw.example/s/abc/');
    expect(key('https://lw.example/s/abc/kap1/kap1-2/?scrollTo=q1&highlight=x')).toBe('https://lw.example/s/abc/');
    expect(key('https://lw.example/s/abc/kap1/?guestSessionId=G1&lang=en&hideHeader=1')).toBe('https://lw.example/s/abc/?guestSessionId=G1&lang=en');
    expect(key('https://lw.example/s/abc/?lang=en&guestSessionId=G1')).toBe(key('https://lw.example/s/abc/?guestSessionId=G1&lang=en'));
    expect(key('https://lw.example/s/other/?guestSessionId=G1')).not.toBe(key('https://lw.example/s/abc/?guestSessionId=G1'));
    // Not share pages.
    expect(key('https://lw.example/')).toBeNull();
    expect(key('https://lw.example/app/assets/index.js')).toBeNull();
    expect(key('https://lw.example/api/material/abc/m1')).toBeNull();
  });

  it('a POST model call under a GET key made of its body: field order does not matter, nested or broken bodies are not kept', () => {
    const url = new URL('https://lw.example/api/model/query');
    const a = modelCacheKey(url, JSON.stringify({ share: 's1', modelName: 'Collection', id: 'c1' }));
    expect(a).toBe('https://lw.example/api/model/query?id=c1&modelName=Collection&share=s1');
    expect(modelCacheKey(url, JSON.stringify({ id: 'c1', share: 's1', modelName: 'Collection' }))).toBe(a);
    // A missing guest session (undefined, null) is the same call as one without it.
    const material = new URL('https://lw.example/api/collectionMaterial');
    expect(modelCacheKey(material, JSON.stringify({ collectionPublicId: 'c', publicId: 'm', guestSessionId: null }))).toBe(
      modelCacheKey(material, JSON.stringify({ collectionPublicId: 'c', publicId: 'm' })),
    );
    expect(modelCacheKey(material, JSON.stringify({ collectionPublicId: 'c', publicId: 'm', guestSessionId: 'G1' }))).toContain('guestSessionId=G1');
    expect(modelCacheKey(url, '{not json')).toBeNull();
    expect(modelCacheKey(url, '[1,2]')).toBeNull();
    expect(modelCacheKey(url, JSON.stringify({ id: { nested: true } }))).toBeNull();
  });
});
