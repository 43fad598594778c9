import { describe, expect, it } from 'vitest';
import { resolvePath } from '../../model/tree';
import { materialOutline, namesPage } from '../../server/store/materialOutline';
import { fixtureMaterial } from '../viewer/fixtureMaterial';
import { richMaterial } from './fixtures';

describe('a material’s outline (what a page view checks its address against)', () => {
  it('names the pages the app resolves, and no others', () => {
    const trails = [
      ['eins'], ['eins', 'eins-a'], ['eins', 'eins-a', 'tief'], ['eins', 'eins-a', 'iframe', 'ext'], ['zwei'], ['drei'],
      ['iframe', 'intro'], ['iframe', 'ch1-fold'], ['eins', 'iframe', 'ext'], ['tief'], ['eins', 'zwei'], ['nichts'], ['iframe', 'nichts'],
      ['eins', 'eins-a', 'iframe'], ['iframe'],
    ];
    for (const material of [fixtureMaterial, richMaterial]) {
      const outline = materialOutline(material);
      for (const trail of trails) expect(namesPage(outline, trail), trail.join('/')).toBe(resolvePath(material, trail).kind !== 'notFound');
    }
    expect(namesPage(materialOutline(fixtureMaterial), ['eins', 'eins-a', 'tief'])).toBe(true);
    expect(namesPage(materialOutline(fixtureMaterial), ['eins', 'zwei'])).toBe(false);
  });

  it('keeps no text of the material', () => {
    expect(JSON.stringify(materialOutline(richMaterial))).not.toMatch(/Hello|Which\?|About|Chapter one/);
  });
});
