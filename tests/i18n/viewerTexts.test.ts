import { describe, expect, it } from 'vitest';
import { annotations } from '../../i18n/resources/annotations';
import { catalogue } from '../../i18n/resources/catalogue';
import { learner } from '../../i18n/resources/learner';
import { viewer } from '../../i18n/resources/viewer';

/** Every leaf key of a nested text bundle, dotted. */
function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) => (typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

const textAt = (bundle: object, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);

describe.each([
  { name: 'viewer', texts: viewer },
  { name: 'learner', texts: learner },
  { name: 'annotations', texts: annotations },
  { name: 'catalogue', texts: catalogue },
])('the $name texts', ({ texts }) => {
  it('German and English have the same keys, none empty', () => {
    expect(keysOf(texts.de).sort()).toEqual(keysOf(texts.en).sort());
    for (const bundle of [texts.de, texts.en]) {
      for (const key of keysOf(bundle)) expect(typeof textAt(bundle, key) === 'string' && (textAt(bundle, key) as string).length > 0, key).toBe(true);
    }
  });
});
