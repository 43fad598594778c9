import { describe, expect, it } from 'vitest';
import { buildTree, flattenTree, isChildArray } from '../../server/store/tree';
import { richMaterial } from './fixtures';

describe('tree storage rule', () => {
  const rows = flattenTree(richMaterial);
  const byId = new Map(rows.map((r) => [r.id, r]));

  it('makes arrays of models child rows with field and position', () => {
    expect(byId.get('m-rich-q1-b')).toMatchObject({ parentId: 'm-rich-q1', parentField: 'choices', position: 1, modelName: 'Choice', rootId: 'm-rich' });
    expect(byId.get('m-rich-h')).toMatchObject({ parentId: 'm-rich-cols', parentField: 'left', position: 0 });
    expect(byId.get('m-rich-item')).toMatchObject({ parentId: 'm-rich-zone', parentField: 'items' });
    expect(byId.get('m-rich-disruptor')).toMatchObject({ parentId: 'm-rich-assign', parentField: 'disruptors' });
    expect(byId.get('m-rich-img')).toMatchObject({ parentId: 'm-rich-gallery', parentField: 'content' });
    expect(byId.get('m-rich-ch1')).toMatchObject({ publicId: 'chapter-one', parentField: 'content', position: 1 });
  });

  it('keeps everything else in fields, including empty arrays and objects with ids but no modelName', () => {
    expect(byId.has('spot-1')).toBe(false);
    expect(byId.get('m-rich-hotspot')?.fields.elements).toEqual([{ id: 'spot-1', x: 0.5, y: 0.5, title: 'Spot', content: '' }]);
    expect(byId.get('m-rich-cols')?.fields.right).toEqual([]);
    expect(byId.get('m-rich-fold')?.fields.content).toEqual([]);
    expect(byId.get('m-rich')?.fields).not.toHaveProperty('content');
    expect(byId.get('m-rich')?.fields).not.toHaveProperty('id');
  });

  it('lists parents before children', () => {
    const index = new Map(rows.map((r, i) => [r.id, i]));
    for (const row of rows) if (row.parentId) expect(index.get(row.parentId)).toBeLessThan(index.get(row.id) as number);
  });

  it('rebuilds exactly the parsed material, from rows in any order', () => {
    expect(buildTree([...rows].reverse(), 'm-rich')).toEqual(richMaterial);
    expect(buildTree(rows, 'm-rich-cols')).toEqual(richMaterial.content[2]);
  });

  it('recognises child arrays only when every entry is a model', () => {
    expect(isChildArray([{ id: 'a', modelName: 'Text' }])).toBe(true);
    expect(isChildArray([])).toBe(false);
    expect(isChildArray([{ id: 'a' }])).toBe(false);
    expect(isChildArray([{ id: 'a', modelName: 'Text' }, 'x'])).toBe(false);
  });
});
