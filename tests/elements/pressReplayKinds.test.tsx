// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DormantElement } from '../../src/elements/dormant/DormantElement';
import { forgetPresses, listenForStandInPresses } from '../../src/elements/dormant/pressReplay';
import { frameAttributes } from '../../paint/frameAttributes';
import type { ElementProps } from '../../paint/elementProps';
import { elementComponents, preloadElementComponents } from '../../src/elements/registry';
import { createI18n } from '../../i18n';
import { loadQuestionTexts } from '../../i18n/questionTexts';
import { I18nProvider } from '../../i18n/react';
import { ContentElement } from '../../model/elements';

/*
 * Each kind whose stand-in has press keys (src/elements/dormant/dormantContent.ts) gives its woken
 * control the same key: a press on the stand-in does what a press on the control does.
 */

beforeAll(async () => {
  await Promise.all([preloadElementComponents(), loadQuestionTexts()]);
  listenForStandInPresses(document);
});
afterEach(() => {
  cleanup();
  forgetPresses();
});

let wakeUp: () => void = () => {};

/** The element's frame: its stand-in until `wakeUp()`, then the element itself. */
function Frame({ element }: { element: ContentElement }) {
  const [awake, setAwake] = useState(false);
  wakeUp = () => setAwake(true);
  const Component = elementComponents[element.modelName] as ComponentType<ElementProps>;
  return <div {...frameAttributes(element)}>{awake ? <Component element={element} /> : <DormantElement element={element} onWake={() => {}} />}</div>;
}

/** Presses the stand-in's part showing `text`, then wakes the element; answers its frame. */
async function pressThenWake(raw: unknown, text: string): Promise<HTMLElement> {
  const element = ContentElement.parse(raw);
  const { container } = render(
    <I18nProvider i18n={createI18n('de')}>
      <Frame element={element} />
    </I18nProvider>,
  );
  const part = [...container.querySelectorAll('[data-dormant] [data-press]')].find((node) => node.textContent === text);
  if (!part) throw new Error(`no stand-in part ${text}`);
  fireEvent.pointerDown(part);
  fireEvent.pointerUp(part);
  fireEvent.click(part);
  act(() => wakeUp());
  return container.querySelector<HTMLElement>(`[id="${element.id}"]`)!;
}

describe('a press on a stand-in, replayed on the woken element', () => {
  it('multiple choice: the choice pressed is ticked, the others not', async () => {
    const frame = await pressThenWake(
      {
        id: 'mc', modelName: 'ChoiceQuestion', type: 'mc', question: '<p>Was spart Wasser?</p>',
        choices: [{ id: 'a', text: '<p>Sparduschkopf</p>', correct: true }, { id: 'b', text: '<p>Baden</p>', correct: false }],
      },
      'Sparduschkopf',
    );
    const boxes = () => [...frame.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map((box) => box.checked);
    await waitFor(() => expect(boxes()).toEqual([true, false]));
  });

  it('foldable: the title pressed unfolds it', async () => {
    const frame = await pressThenWake(
      { id: 'fold', modelName: 'Foldable', title: 'Mehr erfahren', content: [{ id: 'inner', modelName: 'Text', content: { html: '<p>Innen</p>' } }] },
      'Mehr erfahren',
    );
    await waitFor(() => expect(frame.querySelector('button[aria-expanded]')?.getAttribute('aria-expanded')).toBe('true'));
  });

  it('hotspot: the spot pressed opens', async () => {
    const frame = await pressThenWake(
      {
        id: 'hs', modelName: 'Hotspot', asset: { file: 'karte.png', licenseTitle: 'Karte' },
        elements: [{ id: 'zh', x: 0.6, y: 0.2, title: 'Zürich', content: '<p>Stadt</p>' }, { id: 'be', x: 0.3, y: 0.5, title: 'Bern', content: '<p>Bundesstadt</p>' }],
      },
      'Bern',
    );
    const states = () => [...frame.querySelectorAll('button[data-press]')].map((marker) => marker.getAttribute('data-state'));
    await waitFor(() => expect(states()).toEqual(['closed', 'open']));
  });
});
