// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderElement } from './renderElement';

const text = (id: string, html: string) => ({ id, modelName: 'Text', content: { html } });

describe('Columns', () => {
  it('renders left and right through ContentList, with the ratio as grid widths', () => {
    const { root } = renderElement({
      id: 'col1',
      modelName: 'Columns',
      ratio: 0.25,
      verticalAlign: 'middle',
      style: 'flow-outline',
      left: [text('left-1', '<p>Links</p>')],
      right: [text('right-1', '<p>Rechts</p>'), { id: 'right-2', modelName: 'Separator' }],
    });
    const grid = root.querySelector('[data-style]') as HTMLElement;
    expect(grid.style.getPropertyValue('--columns')).toBe('minmax(0, 0.25fr) minmax(0, 0.75fr)');
    expect(grid.className).toContain('grid-cols-1');
    expect(grid.className).toContain('md:items-center');
    const left = root.querySelector('[data-column="left"]')!;
    const right = root.querySelector('[data-column="right"]')!;
    expect(left.querySelector('#left-1')?.getAttribute('data-model-name')).toBe('Text');
    expect(right.querySelector('#right-1')?.textContent).toBe('Rechts');
    expect(right.querySelector('#right-2 hr')).not.toBeNull();
    expect(left.className).toContain('border');
  });

  it('stretch ignores vertical alignment', () => {
    const { root } = renderElement({ id: 'col2', modelName: 'Columns', style: 'stretch', verticalAlign: 'bottom', left: [], right: [] });
    expect(root.querySelector('[data-style]')?.className).toContain('md:items-stretch');
  });
});

describe('HighlightedElement', () => {
  it('renders its content in a tinted panel', () => {
    const { root } = renderElement({ id: 'hl1', modelName: 'HighlightedElement', content: [text('inner', '<p>Wichtig</p>')] });
    const panel = root.querySelector('[data-style="flow"]')!;
    expect(panel.className).toContain('bg-primary-50');
    expect(panel.querySelector('#inner')?.textContent).toBe('Wichtig');
  });
});
