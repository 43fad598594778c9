// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { shellContentHtml } from '../../server/pages/shellContent';
import { ContentElement } from '../../model/elements';
import { GROUP_SIZE, groupAttributes, groupBounds, groupEnd, groupsOf } from '../../paint/elementGroups';

const text = (i: number) => ContentElement.parse({ modelName: 'Text', id: `t-${i}`, content: { html: `<p>Absatz ${i}</p>` } });
const hotspot = ContentElement.parse({
  id: 'hs', modelName: 'Hotspot', asset: { file: 'karte.png', licenseTitle: 'Karte' },
  elements: [{ id: 'be', x: 0.3, y: 0.5, title: 'Bern', content: '<p>Bundesstadt</p>' }],
});

describe('a page’s top-level elements stand in groups of four (paint/elementGroups.ts)', () => {
  it('split at multiples of GROUP_SIZE, whatever the run they start in; a list renders whole groups', () => {
    expect(GROUP_SIZE).toBe(4);
    expect(groupBounds(0, 10)).toEqual([0, 4, 8, 10]);
    expect(groupBounds(6, 13)).toEqual([6, 8, 12, 13]);
    expect(groupBounds(8, 12)).toEqual([8, 12]);
    expect([groupEnd(1, 100), groupEnd(4, 100), groupEnd(5, 100), groupEnd(9, 10)]).toEqual([4, 4, 8, 10]);
    expect(groupsOf(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 2, 7)).toEqual([['c', 'd'], ['e', 'f', 'g']]);
  });

  it('a group holding a kind that draws beyond its box (a hotspot’s popups) is never skipped off screen', () => {
    expect(groupAttributes([text(0), text(1)])).toEqual({ className: 'element-group', 'data-unclipped': undefined });
    expect(groupAttributes([text(0), hotspot])).toEqual({ className: 'element-group', 'data-unclipped': '' });
  });

  it('the server’s first paint draws the same groups, also across the slices it draws in', async () => {
    const doc = new DOMParser().parseFromString(`<div>${await shellContentHtml(Array.from({ length: 602 }, (_, i) => text(i)), 'de')}</div>`, 'text/html');
    const groups = [...doc.body.firstElementChild!.children];
    expect(groups.every((group) => group.className === 'element-group')).toBe(true);
    expect(groups.map((group) => group.children.length)).toEqual([...Array.from({ length: 150 }, () => 4), 2]);
    expect(groups[150].firstElementChild!.id).toBe('t-600');
  });
});
