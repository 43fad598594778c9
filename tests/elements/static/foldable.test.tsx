// @vitest-environment jsdom
import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { viewerMachine } from '../../../machines/viewer';
import { ViewerActorContext } from '../../../src/elements/viewerContext';
import { ContentElement } from '../../../model/elements';
import { Material } from '../../../model/material';
import { elementsOnPage } from '../../../model/tree';
import { reactModes, renderElement } from './renderElement';

const foldable = (folded: boolean) => ({
  id: 'fold-1',
  modelName: 'Foldable',
  title: 'Mehr erfahren',
  folded,
  content: [{ id: 'fold-text', modelName: 'Text', content: { html: '<p>Verborgenes Wissen</p>' } }],
});

const trigger = (root: HTMLElement) => root.querySelector('button[slot="trigger"], button[aria-expanded]') as HTMLButtonElement;

describe.each(reactModes)('Foldable ($mode mode)', ({ strict }) => {
  it('starts folded, renders its content through ContentList, and toggles on the title', () => {
    const { root } = renderElement(foldable(true), { strict });
    const button = trigger(root);
    expect(button.textContent).toBe('Mehr erfahren');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const inner = root.querySelector('#fold-text')!;
    expect(inner.getAttribute('data-model-name')).toBe('Text');
    expect(inner.closest('[hidden]')).not.toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(root.querySelector('[data-state]')?.getAttribute('data-state')).toBe('unfolded');
    expect(root.querySelector('#fold-text')?.closest('[hidden]')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('is the disclosure pattern: the button controls a labelled panel, hidden until found, which find-in-page opens', () => {
    const { root } = renderElement(foldable(true), { strict });
    const button = trigger(root);
    const panel = root.querySelector(`#${CSS.escape(button.getAttribute('aria-controls')!)}`)!;
    expect(panel.getAttribute('role')).toBe('group');
    expect(panel.getAttribute('aria-labelledby')).toBe(button.id);
    expect(panel.getAttribute('hidden')).toBe('until-found');
    expect(button.closest('h3, h2, h4, h5, h6')).not.toBeNull();
    act(() => {
      panel.dispatchEvent(new Event('beforematch'));
    });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hasAttribute('hidden')).toBe(false);
    fireEvent.click(button);
    expect(panel.getAttribute('hidden')).toBe('until-found');
  });

  it.each([['de', 'Keine Inhalte.'], ['en', 'No content.']] as const)('says (%s) "%s" when it holds nothing (spec section 8: list with no entries)', (lang, text) => {
    const { root } = renderElement({ ...foldable(true), content: [] }, { strict, lang });
    const button = trigger(root);
    const panel = root.querySelector(`#${CSS.escape(button.getAttribute('aria-controls')!)}`)!;
    fireEvent.click(button);
    expect(panel.textContent).toBe(text);
  });

  it('starts unfolded when the content says so', () => {
    const { root } = renderElement(foldable(false), { strict });
    expect(trigger(root).getAttribute('aria-expanded')).toBe('true');
  });
});

describe('Foldable with a viewer', () => {
  it('drives the actor the viewer spawned for it', () => {
    const element = ContentElement.parse(foldable(true));
    const material = Material.parse({ modelName: 'Material', id: 'mat', publicId: 'mat', title: 'Material', content: [element] });
    const viewer = createActor(viewerMachine, { input: { material } }).start();
    viewer.send({ type: 'page.open', pageId: 'mat' });
    viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(material.content)] });
    const spawned = viewer.getSnapshot().context.elementActors['fold-1'];
    expect(spawned.getSnapshot().value).toBe('folded');

    const { root } = renderElement(element, { wrap: (node) => <ViewerActorContext.Provider value={viewer}>{node}</ViewerActorContext.Provider> });
    fireEvent.click(trigger(root));
    expect(spawned.getSnapshot().value).toBe('unfolded');

    act(() => spawned.send({ type: 'foldable.toggle' }));
    expect(trigger(root).getAttribute('aria-expanded')).toBe('false');
    viewer.stop();
  });
});
