import { describe, expect, it } from 'vitest';
import { DISPLAY_COOKIE } from '../../model/displayPreferences';
import { importFile } from '../../server/store/import';
import { useTestApp } from './app';
import { useTestDatabase } from './databases';
import { smallMaterial } from './fixtures';

/*
 * The first paint of a share page carries the learner's display preferences (the cookie the display
 * panel writes, model/displayPreferences.ts) and, for a material written right to left, `dir="rtl"`
 * and the content's language (model/contentDirection.ts). Rendering does not depend on the database:
 * PGlite alone.
 */

const htmlTag = (body: string) => /<html\b[^>]*>/i.exec(body)?.[0] ?? '';

describe('display preferences and direction on the first paint', () => {
  const t = useTestDatabase('pglite');
  const a = useTestApp(() => t.db);

  it('puts the kept preferences on <html> of every share page, varies by cookie, and ignores a malformed cookie', async () => {
    const { share } = await importFile(t.db, smallMaterial('display'), { share: 'public' });
    const page = (cookie?: string, url = `/s/${share.publicId}/`) => a.app.inject({ url, headers: cookie ? { cookie: `${DISPLAY_COOKIE}=${cookie}` } : {} });

    const plain = await page();
    expect(htmlTag(plain.body)).toBe('<html lang="de">');
    expect(plain.headers.vary).toMatch(/cookie/i);

    const chosen = await page('200.more.reduce.readable');
    expect(htmlTag(chosen.body)).toBe('<html data-text-size="200" data-contrast="more" data-motion="reduce" data-font="readable" lang="de">');
    expect(htmlTag((await page('125.system.system.default')).body)).toBe('<html data-text-size="125" lang="de">');
    // The unknown share's page (the app's error view) too.
    expect(htmlTag((await page('150.system.system.default', '/s/AAAAAAAAAAAAAAAAAAAAAAAA/')).body)).toContain('data-text-size="150"');

    for (const malformed of ['300.more.reduce.readable', '150.more', '"><script>', '150.more.reduce.readable.extra', '']) {
      expect(htmlTag((await page(malformed)).body), malformed).toBe('<html lang="de">');
    }
  });

  it('renders a material in Arabic right to left, with the content language on its main, from its root to its chapters', async () => {
    const material = smallMaterial('arabic', {
      metadata: { sprache: 'Arabisch' },
      content: [{ modelName: 'Chapter', id: 'm-arabic-ch', publicId: 'fasl', title: 'الفصل الأول', content: [{ modelName: 'Text', id: 'm-arabic-t', content: { html: '<p>نص</p>' } }] }],
    });
    const { share } = await importFile(t.db, material, { share: 'public' });
    for (const url of [`/s/${share.publicId}/`, `/s/${share.publicId}/fasl/`]) {
      const body = (await a.app.inject({ url })).body;
      expect(htmlTag(body), url).toBe('<html dir="rtl" lang="de">');
      expect(body, url).toContain('<main lang="ar">');
    }
    const german = await importFile(t.db, smallMaterial('german', { metadata: { language: 'de' } }), { share: 'public' });
    expect(htmlTag((await a.app.inject({ url: `/s/${german.share.publicId}/` })).body)).toBe('<html lang="de">');
  });
});
