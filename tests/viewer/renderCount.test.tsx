// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preloadElementComponents } from '../../src/elements/registry';
import { loadQuestionTexts } from '../../i18n/questionTexts';
import { Material } from '../../model/material';
import { renderMaterialPage } from '../support/materialPage';
import { recordRenders, type RenderedComponent } from '../support/renderRecorder';
import { expectVisible } from '../support/visible';

/*
 * Cost follows what changed: a learner's click re-renders the element that changed and the few
 * views that show derived figures (the progress ring), never the page, its lists or other elements.
 * Counted on the real page (header, list, footer, viewer actor) with React's own commit reports.
 */

const choice = (id: string) => ({
  id, modelName: 'ChoiceQuestion', type: 'sc', question: `<p>Frage ${id}</p>`,
  choices: [{ id: `${id}-a`, text: 'Richtig', correct: true }, { id: `${id}-b`, text: 'Falsch', correct: false }],
});
const text = (id: string) => ({ id, modelName: 'Text', content: { html: `<p>Text ${id}</p>` } });

const material = Material.parse({
  modelName: 'Material', id: 'rc', publicId: 'rc', title: 'Render count',
  content: [
    text('t1'),
    choice('q-before'),
    { id: 'bar', modelName: 'Barrier', mode: 'all', buttonLabel: 'Weiter geht’s' },
    text('t2'),
    choice('q-after'),
    {
      id: 'path', modelName: 'Path',
      content: [
        { id: 'step-self', modelName: 'Chapter', publicId: 'step-self', title: 'Selbst abhaken', pathEvaluationType: 'selfCompletion', content: [] },
        { id: 'step-other', modelName: 'Chapter', publicId: 'step-other', title: 'Noch ein Schritt', content: [text('in-step')] },
      ],
    },
    ...Array.from({ length: 40 }, (_, i) => text(`tail-${i}`)),
  ],
});

beforeAll(() => Promise.all([preloadElementComponents(), loadQuestionTexts()]));
// The viewer keeps a visitor's work in localStorage: every test starts as a new visitor.
beforeEach(() => localStorage.clear());

async function renderPage() {
  renderMaterialPage(material);
  await waitFor(() => expect(document.getElementById('bar')?.querySelector('button')).toBeTruthy());
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

const element = (id: string) => within(document.getElementById(id)!);

/** What rendered, as `Component@element` (or the bare name outside content elements), each once. */
const nameOf = (r: RenderedComponent) => (r.name === 'Anonymous' ? `Anonymous in ${r.parent}` : r.name);
const summary = (rendered: RenderedComponent[]) => [...new Set(rendered.map((r) => (r.elementId ? `${nameOf(r)}@${r.elementId}` : nameOf(r))))].sort();
const outside = (rendered: RenderedComponent[]) => summary(rendered.filter((r) => !r.elementId));
const elementsTouched = (rendered: RenderedComponent[]) => [...new Set(rendered.flatMap((r) => (r.elementId ? [r.elementId] : [])))].sort();

async function record(user: ReturnType<typeof userEvent.setup>, action: () => Promise<void>) {
  // The pointer and focus leaving the element clicked before re-render its button (react-aria's hover and focus ring): not this click's cost.
  await user.hover(document.body);
  act(() => (document.activeElement as HTMLElement | null)?.blur());
  const recording = recordRenders();
  await action();
  // Effects and chunk tasks that follow the click are part of what it cost.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return recording.stop();
}

async function answer(user: ReturnType<typeof userEvent.setup>, id: string) {
  await user.click(element(id).getByRole('radio', { name: 'Richtig' }));
  await user.click(element(id).getByRole('button', { name: 'Auswerten' }));
}

describe('a click renders only what it changed', () => {
  it('answering a question renders that question and the progress ring, nothing else of the page', async () => {
    const user = await renderPage();
    await answer(user, 'q-before');
    await user.click(element('bar').getByRole('button', { name: 'Weiter geht’s' }));
    await waitFor(() => expect(document.getElementById('q-after')).not.toBeNull());

    await waitFor(() => expect(document.getElementById('tail-39')).not.toBeNull());
    const rendered = await record(user, () => answer(user, 'q-after'));
    expectVisible(element('q-after').getByText('Richtig beantwortet:', { exact: false }));
    expect(elementsTouched(rendered)).toEqual(['q-after']);
    expect(outside(rendered)).toEqual(['HostProgress', 'MaterialProgressRing', 'ProgressAnnouncer', 'ProgressRing']);
  });

  it('a barrier’s unlock renders the barrier, what it reveals and the footer’s Forward, not the page', async () => {
    const user = await renderPage();
    await answer(user, 'q-before');
    const rendered = await record(user, async () => {
      await user.click(element('bar').getByRole('button', { name: 'Weiter geht’s' }));
      await waitFor(() => expect(document.getElementById('q-after')).not.toBeNull());
    });
    // The revealed elements mount (in groups of their own: src/elements/elementGroups.ts); among the elements that were there, only the barrier renders.
    const revealed = ['t2', 'q-after', 'path', ...Array.from({ length: 40 }, (_, i) => `tail-${i}`)];
    expect(elementsTouched(rendered).filter((id) => !revealed.includes(id))).toEqual(['bar']);
    expect(outside(rendered)).not.toContain('MaterialPage');
    expect(outside(rendered)).not.toContain('Header');
    expect(outside(rendered)).toContain('FooterNav');
    expect(outside(rendered)).toEqual(['Anonymous in FooterNav', 'Chunk', 'ContentList', 'ElementGroup', 'ElementRun', 'FooterNav', 'UnlockGate']);
  });

  it('completing a path step renders that path and the progress ring', async () => {
    const user = await renderPage();
    await answer(user, 'q-before');
    await user.click(element('bar').getByRole('button', { name: 'Weiter geht’s' }));
    await waitFor(() => expect(document.getElementById('tail-39')).not.toBeNull());
    const rendered = await record(user, () => user.click(element('path').getByRole('button', { name: /Abschließen/ })));
    expect(screen.getAllByText(/Abgeschlossen/).length).toBeGreaterThan(0);
    expect(elementsTouched(rendered)).toEqual(['path']);
    expect(outside(rendered)).toEqual(['HostProgress', 'MaterialProgressRing', 'ProgressAnnouncer', 'ProgressRing']);
  });
});
