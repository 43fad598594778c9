// @vitest-environment jsdom
import { fireEvent } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ElementHeadingLevelContext } from '../../../src/elements/static/elementHeadingLevel';
import { renderElement } from './renderElement';

const foldable = {
  id: 'fold-1',
  modelName: 'Foldable',
  title: 'Mehr erfahren',
  folded: true,
  content: [{ id: 'fold-text', modelName: 'Text', content: { html: '<p>Text</p>' } }],
};
const hotspot = {
  id: 'hs-1',
  modelName: 'Hotspot',
  asset: { file: 'karte.png' },
  elements: [{ id: 'zh', x: 0.5, y: 0.5, title: 'Zürich', content: '<p>Stadt</p>' }],
};
const headings = (root: HTMLElement) => [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => `${h.tagName}:${h.textContent}`);
const atLevel = (level: 2 | 4) => ({
  wrap: (node: ReactElement) => <ElementHeadingLevelContext.Provider value={level}>{node}</ElementHeadingLevelContext.Provider>,
});

describe('the heading level of element titles', () => {
  it('titles a foldable with an h3 in a page, and with the level a view provides', () => {
    expect(headings(renderElement(foldable).root)).toEqual(['H3:Mehr erfahren']);
    expect(headings(renderElement({ ...foldable, id: 'fold-2' }, atLevel(2)).root)).toEqual(['H2:Mehr erfahren']);
  });

  it('titles a hotspot popup with an h3 in a page, and with the level a view provides', () => {
    const inPage = renderElement(hotspot).root;
    fireEvent.click(inPage.querySelector('button[data-state]')!);
    expect(headings(inPage)).toEqual(['H3:Zürich']);

    const alone = renderElement({ ...hotspot, id: 'hs-2' }, atLevel(4)).root;
    fireEvent.click(alone.querySelector('button[data-state]')!);
    expect(headings(alone)).toEqual(['H4:Zürich']);
  });
});
