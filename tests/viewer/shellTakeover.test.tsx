// @vitest-environment jsdom
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shellContentHtml } from '../../server/pages/shellContent';
import { ContentList } from '../../src/elements/ContentList';
import { preloadElementComponents } from '../../src/elements/registry';
import { createI18n } from '../../i18n';
import { I18nProvider } from '../../i18n/react';
import type { ContentElement } from '../../model/elements';
import { Material, type MaterialInput } from '../../model/material';
import { ServerSanitizedHtml } from '../../paint/SafeHtml';
import { IntersectionObserverDouble } from '../setup';
import { renderMaterialPage } from '../support/materialPage';
import { forgetEarlyAnswers, listenForEarlyAnswers } from '../../src/elements/early/earlyAnswers';

/*
 * The server's first paint of a material page (server/pages/shellContent.tsx) and how the app takes
 * it over (src/viewer/shell.ts, src/elements/shell/ShellRest.tsx).
 */

beforeAll(() => preloadElementComponents());
afterEach(() => {
  document.getElementById('shell')?.remove();
  forgetEarlyAnswers();
});

const texts = (n: number): MaterialInput['content'] =>
  Array.from({ length: n }, (_, i) => ({ modelName: 'Text' as const, id: `tk-${i}`, content: { html: `<p>Absatz ${i}</p>` } }));

function materialOf(content: MaterialInput['content']): Material {
  return Material.parse({ modelName: 'Material', id: 'tk', publicId: 'tk', title: 'Wasser', content });
}

/** The page as the server sends it: the shell with the page's leading elements, before the app's root. */
async function serverShell(material: Material): Promise<void> {
  const shell = document.createElement('div');
  shell.id = 'shell';
  shell.innerHTML = `<main><h1>${material.title}</h1><div class="content-flow" data-shell-content="">${await shellContentHtml(material.content, 'de')}</div></main>`;
  document.body.prepend(shell);
}

const idsInOrder = () => [...document.querySelectorAll(':is(.content-flow, .element-group) > [data-model-name]')].map((frame) => frame.id);
const drawnByServer = () => document.querySelectorAll('[data-testid="page-content"] [data-shell-element]').length;

/** What `look` sees right after the commit that first drew the app's page (before any later chunk ran). */
function atFirstCommit<T>(look: () => T): Promise<T> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="page-content"]')) return;
      observer.disconnect();
      resolve(look());
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

describe('the app takes over the first paint the server drew', () => {
  it('keeps every element readable and in order while it renders its own, never showing one twice', async () => {
    const material = materialOf(texts(40));
    const expected = material.content.map((element) => element.id);
    await serverShell(material);
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const ids = idsInOrder();
      if (new Set(ids).size !== ids.length) seen.push(`twice: ${ids.join(',')}`);
      if (ids.length && ids.join() !== expected.join()) seen.push(`order or gap: ${ids.join(',')}`);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const first = atFirstCommit(() => ({ shell: document.getElementById('shell'), drawnByServer: drawnByServer(), ids: idsInOrder() }));

    renderMaterialPage(material);
    // The first commit: the shell is gone, its frames stand in the app's page for the elements it has not rendered.
    expect(await first).toEqual({ shell: null, drawnByServer: 40, ids: expected });
    await waitFor(() => expect(document.querySelector('[data-shell-element]')).toBeNull());
    observer.disconnect();
    expect(idsInOrder()).toEqual(expected);
    expect(document.querySelector('[data-shell-rest]')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('replaces frames chunk by chunk, starting with a small chunk', async () => {
    const material = materialOf(texts(40));
    await serverShell(material);
    const counts: number[] = [];
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="page-content"]') && counts.at(-1) !== drawnByServer()) counts.push(drawnByServer());
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderMaterialPage(material);
    await waitFor(() => expect(counts.at(-1)).toBe(0));
    observer.disconnect();
    // All 40 drawn by the server at the first commit, then a first chunk of 4, then the rest as fast as chunks go.
    expect(counts.slice(0, 2)).toEqual([40, 36]);
  });

  it('shows the element the page was asked to scroll to at once (with its group), the server frames after it still in place', async () => {
    const material = materialOf(texts(40));
    await serverShell(material);
    const first = atFirstCommit(() => ({
      target: document.getElementById('tk-30')?.hasAttribute('data-shell-element'),
      // tk-28 … tk-31 are one group (paint/elementGroups.ts): the list renders whole groups.
      group: document.getElementById('tk-31')?.hasAttribute('data-shell-element'),
      next: document.getElementById('tk-32')?.hasAttribute('data-shell-element'),
      ids: idsInOrder(),
    }));
    renderMaterialPage(material, '?scrollTo=tk-30');
    expect(await first).toEqual({ target: false, group: false, next: true, ids: material.content.map((element) => element.id) });
  });

  it('draws reading elements exactly as the app does, so nothing moves when the app takes over', async () => {
    const content = materialOf([
      { modelName: 'Text', id: 'same-text', size: 'p-big', content: { html: '<p>Vom <em>Regen</em></p>' } },
      { modelName: 'Heading', id: 'same-heading', level: 3, content: { html: 'Abschnitt' } },
      { modelName: 'Quote', id: 'same-quote', text: 'Wasser ist Leben', author: 'Anonym' },
      { modelName: 'Separator', id: 'same-separator' },
      { modelName: 'Image', id: 'same-image', asset: { file: 'regen.jpg', width: 800, height: 600 }, caption: '<p>Regen</p>' },
      {
        modelName: 'Columns', id: 'same-columns', ratio: 0.5,
        left: [{ modelName: 'Text', id: 'same-left', content: { html: '<p>Links</p>' } }],
        right: [{ modelName: 'Heading', id: 'same-right', level: 2, content: { html: 'Rechts' } }],
      },
      { modelName: 'HighlightedElement', id: 'same-panel', content: [{ modelName: 'Text', id: 'same-inner', content: { html: '<p>Innen</p>' } }] },
    ]).content;
    const shell = document.createElement('div');
    shell.innerHTML = await shellContentHtml(content, 'de');
    const app = render(
      <I18nProvider i18n={createI18n('de')}>
        <ServerSanitizedHtml.Provider value>
          <ContentList elements={content as ContentElement[]} />
        </ServerSanitizedHtml.Provider>
      </I18nProvider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    for (const element of content) {
      const drawn = shell.querySelector(`[id="${element.id}"]`)!;
      const rendered = app.container.querySelector(`[id="${element.id}"]`)!;
      expect(rendered, element.id).not.toBeNull();
      drawn.removeAttribute('data-shell-element');
      for (const node of [drawn, ...drawn.querySelectorAll('[data-shell-element]')]) node.removeAttribute('data-shell-element');
      // Attributes compare as sets; inline styles as the browser reads them.
      for (const node of [drawn, rendered, ...drawn.querySelectorAll('[style]'), ...rendered.querySelectorAll('[style]')]) {
        if (node.hasAttribute('style')) node.setAttribute('style', (node as HTMLElement).style.cssText);
      }
      expect(drawn.isEqualNode(rendered), `${element.id}:\n${drawn.outerHTML}\n${rendered.outerHTML}`).toBe(true);
    }
  });
});

describe('a long page the server drew renders only what the learner reaches', () => {
  /**
   * 150 paragraphs with a choice question at 100 (drawn as its early form) and a foldable after it (drawn as
   * its stand-in): a long page (src/elements/dormant/dormantContent.ts DORMANT_FROM_ELEMENTS).
   */
  const longMaterial = () => {
    const content = texts(150);
    content.splice(100, 0, {
      modelName: 'ChoiceQuestion', id: 'tk-q', type: 'sc', question: '<p>Welche Farbe hat Wasser?</p>',
      choices: [{ id: 'tk-q-a', text: 'Blau', correct: true }, { id: 'tk-q-b', text: 'Rot', correct: false }],
    }, {
      modelName: 'Foldable', id: 'tk-f', title: 'Mehr über Wasser', content: [{ modelName: 'Text', id: 'tk-f-t', content: { html: '<p>Innen</p>' } }],
    });
    return materialOf(content);
  };
  const rendered = (id: string) => {
    const element = document.getElementById(id);
    return Boolean(element) && !element!.hasAttribute('data-shell-element');
  };
  /** The observer of the server's groups of frames (paint/elementGroups.ts). */
  const framesObserver = () =>
    [...IntersectionObserverDouble.instances].find((observer) => [...observer.targets].some((target) => target.querySelector(':scope > [data-shell-element]')));

  it('renders up to the furthest frame that comes near the viewport, and no further', async () => {
    const material = longMaterial();
    await serverShell(material);
    renderMaterialPage(material);
    await waitFor(() => expect(document.getElementById('shell')).toBeNull());
    const observer = framesObserver()!;
    expect(observer.rootMargin).toBe('150% 0px 150% 0px');
    expect(rendered('tk-0')).toBe(false);

    act(() => observer.simulate(document.getElementById('tk-30')!.parentElement!, true));
    await waitFor(() => expect(rendered('tk-30')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(rendered('tk-0')).toBe(true);
    expect(document.getElementById('tk-60')!.hasAttribute('data-shell-element')).toBe(true);
    expect(idsInOrder()).toEqual(material.content.map((element) => element.id));
  });

  it('a link pressed in a frame stays under the press, so its click is followed', async () => {
    const content = texts(150);
    content.splice(120, 0, { modelName: 'Chapter', id: 'tk-c', publicId: 'weiter', title: 'Weiter', content: [] });
    const material = materialOf(content);
    await serverShell(material);
    renderMaterialPage(material);
    await waitFor(() => expect(document.getElementById('shell')).toBeNull());
    const link = document.getElementById('tk-c')!.querySelector<HTMLAnchorElement>('a[href]')!;
    expect(link.getAttribute('href')).toBe('weiter/');
    act(() => {
      fireEvent.pointerDown(link);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(link.isConnected).toBe(true);
    expect(document.getElementById('tk-c')!.hasAttribute('data-shell-element')).toBe(true);
    // Pressed elsewhere in a frame, the list renders up to it at once.
    act(() => {
      fireEvent.pointerDown(document.getElementById('tk-130')!.firstElementChild!);
    });
    await waitFor(() => expect(rendered('tk-130')).toBe(true));
  });

  it('a stand-in the learner tabs into is rendered at once and keeps the focus, inside the woken element', async () => {
    const material = longMaterial();
    await serverShell(material);
    renderMaterialPage(material);
    await waitFor(() => expect(document.getElementById('shell')).toBeNull());
    const standIn = document.getElementById('tk-f')!.querySelector<HTMLElement>('[data-dormant]')!;
    act(() => standIn.focus());
    await waitFor(() => expect(document.getElementById('tk-f')?.querySelector('button[aria-expanded]')).not.toBeNull());
    expect(rendered('tk-f')).toBe(true);
    await waitFor(() => expect(document.getElementById('tk-f')!.contains(document.activeElement)).toBe(true));
    expect(document.activeElement?.closest('[data-shell-element]')).toBeNull();
    expect(idsInOrder()).toEqual(material.content.map((element) => element.id));
  });

  it('a choice answered in its early form before the app reached it is the app’s answer when it renders, and the focus follows', async () => {
    const material = longMaterial();
    await serverShell(material);
    listenForEarlyAnswers(document);
    const early = document.getElementById('tk-q')!;
    const red = early.querySelector<HTMLInputElement>('input[value="tk-q-b"]')!;
    act(() => red.focus());
    fireEvent.click(red);
    expect(red.checked).toBe(true);
    renderMaterialPage(material);
    await waitFor(() => expect(document.getElementById('shell')).toBeNull());
    // Not reached yet: still the early form, which still answers.
    expect(rendered('tk-q')).toBe(false);
    const evaluate = early.querySelector<HTMLButtonElement>('[data-early-button]')!;
    expect(evaluate.disabled).toBe(false);
    act(() => evaluate.focus());
    fireEvent.click(evaluate);
    expect(early.querySelector('[data-feedback="negative"]')).not.toBeNull();

    act(() => framesObserver()!.simulate(document.getElementById('tk-q')!.parentElement!, true));
    await waitFor(() => expect(rendered('tk-q')).toBe(true));
    const question = document.getElementById('tk-q')!;
    await waitFor(() => expect(question.querySelector('[data-state]')?.getAttribute('data-state')).toBe('evaluated'));
    expect(question.querySelector<HTMLInputElement>('input[value="tk-q-b"]')!.checked).toBe(true);
    expect(question.querySelector('[data-feedback="negative"]')).not.toBeNull();
    expect(document.activeElement).toBe(question.querySelector('[data-answer-button]'));
  });
});

it('marks the highlight in elements that render after the page was highlighted', async () => {
  const material = materialOf(texts(40));
  await serverShell(material);
  renderMaterialPage(material, '?highlight=Absatz');
  await waitFor(() => expect(document.querySelector('[data-shell-element]')).toBeNull());
  await waitFor(() => expect(document.querySelectorAll(':is(.content-flow, .element-group) > [data-model-name] mark[data-highlight]')).toHaveLength(40));
});
