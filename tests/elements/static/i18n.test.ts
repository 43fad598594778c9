import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { elements } from '../../../i18n/resources/elements';
import { kindTextsOf, type KindTexts } from '../../../i18n/kindTexts';
import { createI18n } from '../../../i18n';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const KINDS = resolve(import.meta.dirname, '../../../src/kinds');
const kindFolders = readdirSync(KINDS, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const sourcesOf = (kind: string) =>
  readdirSync(resolve(KINDS, kind)).filter((file) => file.endsWith('.tsx')).map((file) => readFileSync(resolve(KINDS, kind, file), 'utf8'));
const usedKeys = (source: string) => [...source.matchAll(/\bt\('([^']+)'/g)].map((m) => m[1]);

/** The kinds whose texts travel with their code: `src/kinds/<kind>/<kind>.texts.ts`, loaded by importing it. */
const kindsWithTexts = await Promise.all(
  kindFolders
    .filter((kind) => readdirSync(resolve(KINDS, kind)).includes(`${kind}.texts.ts`))
    .map(async (kind) => {
      const module: Record<string, unknown> = await import(`../../../src/kinds/${kind}/${kind}.texts.ts`);
      const namespace = Object.values(module).find((value): value is string => typeof value === 'string')!;
      const texts: KindTexts = { de: kindTextsOf('de', namespace)!, en: kindTextsOf('en', namespace)! };
      return { kind, namespace, texts };
    }),
);

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

  it('every key the first paint\'s element components use exists', () => {
    const used = kindFolders.flatMap(sourcesOf).filter((source) => source.includes("useTranslation('elements')")).flatMap(usedKeys);
    expect(used.length).toBeGreaterThan(3);
    const known = new Set(keysOf(elements.en));
    expect(used.filter((key) => !known.has(key))).toEqual([]);
  });

  it('a lazy kind\'s texts: German and English with the same keys, none empty, every key its view uses', () => {
    expect(kindsWithTexts.map(({ kind }) => kind).sort()).toEqual(['code', 'externalResource', 'hotspot', 'htmlEmbed', 'imageGallery', 'link', 'mathFormula']);
    for (const { kind, namespace, texts } of kindsWithTexts) {
      expect(keysOf(texts.de).sort(), kind).toEqual(keysOf(texts.en).sort());
      for (const key of [...keysOf(texts.de), ...keysOf(texts.en)]) expect(key.length, `${kind} ${key}`).toBeGreaterThan(0);
      const used = sourcesOf(kind).flatMap(usedKeys).filter((key) => !key.includes(':'));
      expect(used.length, kind).toBeGreaterThan(0);
      expect(used.filter((key) => !keysOf(texts.en).includes(key)), kind).toEqual([]);
      expect(namespace).toBe(kind);
    }
  });

  it('a lazy kind\'s texts are read at once by any instance, in its language', () => {
    const i18n = createI18n('de');
    expect(i18n.loadNamespace('hotspot')).toBeUndefined();
    expect(i18n.loadNamespace('code')).toBeUndefined();
    expect(i18n.getFixedT('hotspot')('of', { n: 1, total: 3 })).toBe('1 von 3');
    expect(i18n.getFixedT('code')('copied')).toBe('In die Zwischenablage kopiert');
  });

  it('keeps the spec wording in English', () => {
    const en = (kind: string) => kindsWithTexts.find((k) => k.kind === kind)!.texts.en as Record<string, unknown>;
    expect(en('mathFormula').missing).toBe('Mathematical formula is missing');
    expect(elements.en.quotePlaceholder).toBe('Write quote');
    expect(elements.en.authorPlaceholder).toBe('Specifiy author');
    expect(elements.en.urlNotDisplayable).toBe('This URL can not be displayed: {{url}}');
    expect(en('code').copied).toBe('Copied to clipboard');
    expect(en('hotspot').of).toBe('{{n}} of {{total}}');
  });
});
