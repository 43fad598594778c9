// @vitest-environment jsdom
import { virtual } from '@guidepup/virtual-screen-reader';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { trackingMachine, type SendBatchInput, type SendBatchOutput } from '../../machines/tracking';
import { viewerMachine } from '../../machines/viewer';
import { Material } from '../../model/material';
import { preloadElementComponents } from '../../src/elements/registry';
import { ViewerActorContext } from '../../src/elements/viewerContext';
import { createI18n } from '../../i18n';
import { loadQuestionTexts } from '../../i18n/questionTexts';
import { I18nProvider } from '../../i18n/react';
import { ANNOUNCE_DELAY_MS } from '../../src/ui/liveAnnouncer';
import { spokenSince } from '../support/spokenPhrases';
import ConnectivityNotice from '../../src/viewer/ConnectivityNotice';
import { SaveStateIndicator } from '../../src/viewer/SaveStateIndicator';
import { renderMaterialPage } from '../support/materialPage';

/*
 * Issue 28, item 4: what a screen reader hears of the learner's progress, of whether their work is
 * saved, and of the connection (a virtual screen reader reading the accessibility tree), beside the
 * answers and barriers of tests/elements/questions/announcements.test.tsx.
 */

beforeAll(() => Promise.all([preloadElementComponents(), loadQuestionTexts()]));

const started: AnyActorRef[] = [];
afterEach(async () => {
  await virtual.stop();
  started.splice(0).forEach((actor) => actor.stop());
  document.body.innerHTML = '';
});

/** What the virtual screen reader said since the last call from a live region, politely or at once. */
const spoken = spokenSince();
const heard = async () => (await spoken()).filter((line) => /^(polite|assertive):/.test(line));
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, ANNOUNCE_DELAY_MS + 100)));

const question = (id: string) => ({
  modelName: 'ChoiceQuestion' as const, id, type: 'sc' as const, question: '<p>Pick one</p>',
  choices: [{ id: `${id}-yes`, text: 'Yes', correct: true }, { id: `${id}-no`, text: 'No', correct: false }],
});

describe('progress milestones', () => {
  it('completing the chapter, and with it the material, is said once with the answer that did it', async () => {
    const material = Material.parse({
      modelName: 'Material', id: 'mm', publicId: 'mm', title: 'Water', evaluationType: 'composite',
      content: [{ modelName: 'Chapter', id: 'ch', publicId: 'rain', title: 'Rain', evaluationType: 'composite', content: [question('q1'), question('q2')] }],
    });
    renderMaterialPage(material, '', { lang: 'en', segments: ['rain'] });
    await screen.findByRole('heading', { level: 1, name: 'Rain' });
    await virtual.start({ container: document.body });
    await heard();
    const answer = async (id: string) => {
      const frame = document.getElementById(id)!;
      act(() => frame.querySelector<HTMLInputElement>(`input[value="${id}-yes"]`)!.click());
      act(() => frame.querySelector<HTMLButtonElement>('[data-answer-button]')!.click());
      await settle();
    };
    await answer('q1');
    expect(await heard()).toEqual(['polite: Answered correctly: That is correct.']);
    await answer('q2');
    expect(await heard()).toEqual(['polite: Answered correctly: That is correct. Chapter “Rain” completed. All done: “Water” is complete.']);
  });

  it('progress restored with the page is not said', async () => {
    const material = Material.parse({
      modelName: 'Material', id: 'mr', publicId: 'mr', title: 'Water', content: [question('r1')],
    });
    localStorage.clear();
    await virtual.start({ container: document.body });
    await heard();
    renderMaterialPage(material, '', { lang: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Water' });
    await settle();
    expect(await heard()).toEqual([]);
  });
});

/** A viewer whose tracking child sends through `send`, with the header's save state. */
function viewerWithTracking(send: (input: SendBatchInput) => Promise<SendBatchOutput>) {
  const material = Material.parse({ modelName: 'Material', id: 'ms', publicId: 'ms', title: 'M', content: [question('s1')] });
  const logic = trackingMachine.provide({
    actions: { persist: () => undefined },
    actors: { sendBatch: fromPromise<SendBatchOutput, SendBatchInput>(({ input }) => send(input)) },
  });
  const viewer = createActor(viewerMachine, { input: { material, tracking: { logic, input: { mode: 'user', guestSessionId: null, online: true, pending: 0 } } } }).start();
  started.push(viewer);
  render(
    <I18nProvider i18n={createI18n('en')}>
      <ViewerActorContext.Provider value={viewer}>
        <SaveStateIndicator />
        <ConnectivityNotice />
      </ViewerActorContext.Provider>
    </I18nProvider>,
  );
  return { viewer, tracking: () => viewer.getSnapshot().context.tracking as AnyActorRef };
}

describe('saved and offline', () => {
  it('going offline, work not saved while offline, the connection back and the work saved: each is said', async () => {
    const { viewer, tracking } = viewerWithTracking(async () => ({ acknowledged: 1, remaining: 0 }));
    await virtual.start({ container: document.body });
    await heard();

    act(() => {
      tracking().send({ type: 'network.lost' });
      window.dispatchEvent(new Event('offline'));
    });
    await settle();
    expect(await heard()).toEqual(['assertive: Connection lost. Please check your internet connection']);

    act(() => viewer.send({ type: 'element.changed', id: 's1', field: 'selected', value: ['s1-yes'] }));
    await settle();
    expect(await heard()).toEqual([expect.stringMatching(/^polite: 1 change not saved\. You are offline\. /)]);
    // One more waiting change is not said again.
    act(() => viewer.send({ type: 'element.changed', id: 's1', field: 'selected', value: ['s1-no'] }));
    await settle();
    expect(await heard()).toEqual([]);

    act(() => {
      tracking().send({ type: 'network.restored' });
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(await heard()).toEqual(['polite: Connection restored Saved. All changes are saved.']);
  });
});
