import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import type { ElementChangedEvent } from '../../machines/elements/elementChanged';
import {
  freeTextGuards, freeTextMachine, type FeedbackRequest, type FeedbackResult, type FreeTextContext, type FreeTextEvent,
} from '../../src/kinds/freeText/freeText.machine';
import { FreeTextInput } from '../../model/elements';
import { USERDATA_VALUE_MAX_CHARS } from '../../model/tracking';
import { itWalks, pathsOf, runPath } from './walkMachine';

const element = (useGenerativeFeedback: boolean) =>
  FreeTextInput.parse({
    id: `ft-${useGenerativeFeedback ? 'gen' : 'static'}`,
    modelName: 'FreeTextInput',
    instructions: { html: '<p>Explain photosynthesis.</p>' },
    useGenerativeFeedback,
  });

const ctx = (over: Partial<FreeTextContext> = {}): { context: FreeTextContext } => ({
  context: { id: 'f', value: '', useGenerativeFeedback: false, generatedFeedback: [], failed: false, savedEvaluated: false, ...over },
});

describe('free-text guards', () => {
  it('fitsLimit takes a text as long as a saved value may be, and no longer', () => {
    expect(freeTextGuards.fitsLimit(ctx({ value: 'x'.repeat(USERDATA_VALUE_MAX_CHARS) }))).toBe(true);
    expect(freeTextGuards.fitsLimit(ctx({ value: 'x'.repeat(USERDATA_VALUE_MAX_CHARS + 1) }))).toBe(false);
  });
  it('hasAnswer needs non-blank text', () => {
    expect(freeTextGuards.hasAnswer(ctx({ value: ' \n ' }))).toBe(false);
    expect(freeTextGuards.hasAnswer(ctx({ value: 'Light' }))).toBe(true);
  });
  it('usesGenerativeFeedback follows the element', () => {
    expect(freeTextGuards.usesGenerativeFeedback(ctx({ useGenerativeFeedback: true }))).toBe(true);
    expect(freeTextGuards.usesGenerativeFeedback(ctx())).toBe(false);
  });
  it('isFeedbackOk reads ok', () => {
    expect(freeTextGuards.isFeedbackOk({ ok: true, feedback: 'Fine' })).toBe(true);
    expect(freeTextGuards.isFeedbackOk({ ok: false })).toBe(false);
  });
});

const ANSWER = 'Plants turn light into sugar.';
/** An answer longer than a saved value may be (a pasted book). */
const TOO_LONG = ANSWER.padEnd(USERDATA_VALUE_MAX_CHARS + 1, '.');
const GOOD: FeedbackResult = { ok: true, feedback: 'Well explained.', correct: true };
const DONE = 'xstate.done.actor.generateFeedback';
const ERROR = 'xstate.error.actor.generateFeedback';
// The traversal cannot run the invoked call: its results are events of the walk.
const events = [
  { type: 'answer.change', value: '' },
  { type: 'answer.change', value: ANSWER },
  { type: 'answer.change', value: TOO_LONG },
  { type: 'answer.submit' },
  { type: 'answer.edit' },
  { type: DONE, output: GOOD },
  { type: DONE, output: { ok: false } },
  { type: ERROR, error: new Error('network down') },
] as unknown as FreeTextEvent[];

type Pending = { request: FeedbackRequest; resolve: (result: FeedbackResult) => void; reject: (error: unknown) => void };

const fields = (reports: ElementChangedEvent[]) => reports.map((r) => [r.field, r.value]);

for (const generative of [true, false]) {
  describe(`free-text machine (${generative ? 'generative' : 'static'} feedback), every transition walked`, () => {
    const input = { element: element(generative) };
    const { paths, stats } = pathsOf(freeTextMachine, {
      input,
      events,
      key: (s) => [s.context.value, s.context.generatedFeedback, s.context.failed],
    });
    let pending: Pending | null = null;
    const machine = freeTextMachine.provide({
      actors: {
        generateFeedback: fromPromise<FeedbackResult, FeedbackRequest>(
          ({ input: request }) => new Promise((resolve, reject) => (pending = { request, resolve, reject })),
        ),
      },
    });
    // A done/error event of the call only exists while the call runs; elsewhere it cannot happen.
    const send = async (actor: AnyActorRef, event: FreeTextEvent) => {
      const type = event.type as string;
      if ((type === DONE || type === ERROR) && !pending) return;
      if ((type === DONE || type === ERROR) && pending) {
        const call = pending;
        pending = null;
        expect(call.request).toEqual({ userAnswer: ANSWER, elementId: input.element.id });
        if (type === DONE) call.resolve((event as unknown as { output: FeedbackResult }).output);
        else call.reject((event as unknown as { error: unknown }).error);
        await new Promise((resolve) => setTimeout(resolve, 0));
      } else actor.send(event);
    };
    beforeEach(() => {
      pending = null;
      vi.spyOn(console, 'error').mockImplementation(() => {});
    });
    afterEach(() => vi.restoreAllMocks());

    it('reaches evaluating only with generative feedback', () => {
      expect(paths.some((p) => p.state.value === 'evaluating')).toBe(generative);
      expect(paths.length).toBe(stats.transitions);
    });

    itWalks(`freeText (${generative ? 'generative' : 'static'})`, { paths, stats }, async (path) => {
      pending = null;
      await runPath(machine, path, input, ({ snapshot, event, previous, reports }) => {
        const type = event.type as string;
        if (type === 'answer.change') {
          const { value } = event as { value: string };
          if (previous.value !== 'notEvaluated') expect(snapshot.context.value).toBe(previous.context.value);
          else if (value.length > USERDATA_VALUE_MAX_CHARS) {
            // Shown, not saved.
            expect(snapshot.context.value).toBe(value);
            expect(reports).toEqual([]);
          } else expect(fields(reports)).toEqual([['value', value]]);
        }
        if (type === 'answer.submit' && previous.value === 'notEvaluated') {
          if (!previous.context.value.trim() || previous.context.value.length > USERDATA_VALUE_MAX_CHARS) {
            expect(snapshot.value).toBe('notEvaluated');
            expect(reports).toEqual([]);
          } else if (generative) expect(snapshot.value).toBe('evaluating');
          else {
            expect(snapshot.value).toBe('evaluated');
            expect(fields(reports)).toEqual([['evaluated', true], ['progress', 1]]);
          }
        }
        if (previous.value === 'evaluating' && type === DONE) {
          const output = (event as unknown as { output: FeedbackResult }).output;
          expect(snapshot.value).toBe('evaluated');
          if (output.ok) {
            expect(snapshot.context.generatedFeedback).toEqual([{ feedback: 'Well explained.', correct: true }]);
            expect(snapshot.context.failed).toBe(false);
            expect(fields(reports)).toEqual([['generatedFeedback', snapshot.context.generatedFeedback], ['evaluated', true], ['progress', 1]]);
          } else {
            expect(snapshot.context.failed).toBe(true);
            expect(fields(reports)).toEqual([['generatedFeedback', []], ['evaluated', true], ['progress', 1]]);
          }
        }
        if (previous.value === 'evaluating' && type === ERROR) {
          expect(snapshot.value).toBe('evaluated');
          expect(snapshot.context.failed).toBe(true);
          expect(console.error).toHaveBeenCalled();
          expect(fields(reports)).toEqual([['generatedFeedback', []], ['evaluated', true], ['progress', 1]]);
        }
        if (type === 'answer.edit' && previous.value === 'evaluated') {
          expect(snapshot.value).toBe('notEvaluated');
          expect(snapshot.context.generatedFeedback).toEqual([]);
          expect(snapshot.context.failed).toBe(false);
          expect(snapshot.context.value).toBe(previous.context.value);
          expect(fields(reports)).toEqual([['generatedFeedback', []], ['evaluated', false], ['progress', 0]]);
        }
        expect(snapshot.hasTag('complete')).toBe(snapshot.value === 'evaluated');
      }, send);
    });
  });
}

describe('free-text machine defaults', () => {
  it('without a provided call, generative feedback fails softly and still evaluates', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = createActor(freeTextMachine, { input: { element: element(true) } }).start();
    actor.send({ type: 'answer.change', value: ANSWER });
    actor.send({ type: 'answer.submit' });
    expect(actor.getSnapshot().value).toBe('evaluating');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('evaluated');
    expect(actor.getSnapshot().context.failed).toBe(true);
    vi.restoreAllMocks();
  });
  it('restores value, evaluation and generated feedback', () => {
    const saved = { value: ANSWER, evaluated: true, generatedFeedback: [{ feedback: 'Good', correct: true }] };
    const actor = createActor(freeTextMachine, { input: { element: element(true), saved } }).start();
    expect(actor.getSnapshot().value).toBe('evaluated');
    expect(actor.getSnapshot().context).toMatchObject({ value: ANSWER, generatedFeedback: [{ feedback: 'Good', correct: true }], failed: false });
  });
  it('restores a generative answer evaluated without a feedback item as failed; a static one as submitted', () => {
    const saved = { value: ANSWER, evaluated: true, generatedFeedback: [] };
    const failed = createActor(freeTextMachine, { input: { element: element(true), saved } }).start();
    expect(failed.getSnapshot().value).toBe('evaluated');
    expect(failed.getSnapshot().context.failed).toBe(true);
    expect(createActor(freeTextMachine, { input: { element: element(true), saved: { value: ANSWER, evaluated: true } } }).start().getSnapshot().context.failed).toBe(true);
    expect(createActor(freeTextMachine, { input: { element: element(false), saved } }).start().getSnapshot().context.failed).toBe(false);
    expect(createActor(freeTextMachine, { input: { element: element(true), saved: { value: ANSWER } } }).start().getSnapshot().context.failed).toBe(false);
  });
});
