import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { elements } from '../../../src/i18n/resources/elements';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('elements texts', () => {
  it('German and English have the same keys, none empty', () => {
    expect(keysOf(elements.de).sort()).toEqual(keysOf(elements.en).sort());
    for (const lang of [elements.de, elements.en]) {
      for (const key of keysOf(lang)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], lang);
        expect(typeof text === 'string' && text.length > 0, key).toBe(true);
      }
    }
  });

  it('every key the element components use exists', () => {
    const dir = resolve(import.meta.dirname, '../../../src/elements/static');
    const used = readdirSync(dir)
      .filter((file) => file.endsWith('.tsx'))
      .flatMap((file) => [...readFileSync(resolve(dir, file), 'utf8').matchAll(/\bt\('([^']+)'/g)].map((m) => m[1]));
    expect(used.length).toBeGreaterThan(20);
    const known = new Set(keysOf(elements.en));
    expect(used.filter((key) => !known.has(key))).toEqual([]);
  });

  it('keeps the spec wording in English', () => {
    expect(elements.en.mathMissing).toBe('Mathematical formula is missing');
    expect(elements.en.quotePlaceholder).toBe('Write quote');
    expect(elements.en.authorPlaceholder).toBe('Specifiy author');
    expect(elements.en.urlNotDisplayable).toBe('This URL can not be displayed: {{url}}');
    expect(elements.en.copied).toBe('Copied to clipboard');
    expect(elements.en.hotspot.of).toBe('{{n}} of {{total}}');
  });
});
