import { describe, expect, it } from 'vitest';
import { registerKindMachines } from '../../scripts/statecharts/kindMachines';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { viewerMachine, type ViewerInput } from '../../machines/viewer';
import { loadedElementMachines as elementMachines } from '../../machines/elements/loadedMachines';
import { elementsOnPage } from '../../model/tree';
import { Material } from '../../model/material';
import { elementProgress } from '../../model/progressTree';
import { fixtureMaterial as material } from '../viewer/fixtureMaterial';

// The viewer spawns from the kinds' charts; in the app each comes with its view's chunk (src/elements/registry.ts).
await registerKindMachines();

const statefulOnPage = (content: typeof material.content) =>
  [...elementsOnPage(content)].filter((e) => elementMachines[e.modelName]).map((e) => e.id).sort();

describe('viewer machine', () => {
  it('spawns one actor per stateful element of revealed elements, once, with a stable id', () => {
    const viewer = createActor(viewerMachine, { input: { material } }).start();
    expect(viewer.getSnapshot().context.elementActors).toEqual({});
    viewer.send({ type: 'page.open', pageId: material.id });
    viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(material.content)] });
    const first = viewer.getSnapshot().context.elementActors;
    expect(statefulOnPage(material.content)).toEqual(['fold', 'path']);
    expect(Object.keys(first).sort()).toEqual(statefulOnPage(material.content));
    for (const [id, ref] of Object.entries(first)) expect(ref.id).toBe(`element:${id}`);

    viewer.send({ type: 'page.open', pageId: material.id });
    viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(material.content)] });
    expect(viewer.getSnapshot().context.elementActors).toBe(first);
    expect(viewer.getSnapshot().context.openedPageIds).toEqual([material.id]);
  });

  it('does not spawn the inside of chapters that were not revealed', () => {
    const viewer = createActor(viewerMachine, { input: { material } }).start();
    viewer.send({ type: 'page.open', pageId: material.id });
    viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(material.content)] });
    const chapter = material.content[1];
    if (chapter.modelName !== 'Chapter') throw new Error('fixture changed');
    const inside = statefulOnPage(chapter.content);
    expect(inside).toEqual(['ch1-fold']);
    for (const id of inside) expect(viewer.getSnapshot().context.elementActors[id]).toBeUndefined();
    viewer.send({ type: 'page.open', pageId: chapter.id });
    viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(chapter.content)] });
    for (const id of inside) expect(viewer.getSnapshot().context.elementActors[id]?.id).toBe(`element:${id}`);
    expect(viewer.getSnapshot().context.currentPageId).toBe(chapter.id);
    expect(viewer.getSnapshot().context.openedPageIds).toEqual([material.id, chapter.id]);
  });

  it('records what children report', () => {
    const viewer = createActor(viewerMachine, { input: { material } }).start();
    viewer.send({ type: 'element.changed', id: 'x', field: 'progress', value: 1 });
    expect(viewer.getSnapshot().context.changes).toEqual([{ id: 'x', field: 'progress', value: 1 }]);
  });
});

describe('viewer: progress, barriers and paths', () => {
  const progressMaterial = Material.parse({
    modelName: 'Material', id: 'pm', publicId: 'pm', title: 'P',
    content: [
      {
        id: 'q', modelName: 'ChoiceQuestion', type: 'sc', question: '<p>?</p>',
        choices: [{ id: 'q-a', text: 'a', correct: true }, { id: 'q-b', text: 'b', correct: false }],
      },
      { id: 'b', modelName: 'Barrier', mode: 'all' },
      {
        id: 'path', modelName: 'Path',
        content: [
          { id: 'open-me', modelName: 'Chapter', publicId: 'open-me', title: 'O', pathEvaluationType: 'openedCompletion', content: [] },
          { id: 'derived', modelName: 'Chapter', publicId: 'derived', title: 'D', content: [] },
        ],
      },
    ],
  });
  const start = () => {
    const viewer = createActor(viewerMachine, { input: { material: progressMaterial } }).start();
    viewer.send({ type: 'page.open', pageId: 'pm' });
    viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(progressMaterial.content)] });
    return viewer;
  };

  it('enables a barrier once the question before it is evaluated, and records the unlock', () => {
    const viewer = start();
    const actors = viewer.getSnapshot().context.elementActors;
    expect(actors.b.getSnapshot().context.canContinue).toBe(false);
    actors.q.send({ type: 'choice.select', choiceId: 'q-a' });
    actors.q.send({ type: 'answer.submit' });
    expect(viewer.getSnapshot().context.progress.q).toBe(1);
    expect(actors.b.getSnapshot().context.canContinue).toBe(true);
    actors.b.send({ type: 'barrier.unlock' });
    expect(viewer.getSnapshot().context.unlockedBarrierIds).toEqual(['b']);
    actors.q.send({ type: 'answer.edit' });
    expect(viewer.getSnapshot().context.progress.q).toBe(0);
    expect(actors.b.getSnapshot().value).toBe('unlocked');
  });

  it('completes an openedCompletion step when its page opens, and tells the path', () => {
    const viewer = start();
    const path = viewer.getSnapshot().context.elementActors.path;
    expect(path.getSnapshot().context.progress).toEqual({ 'open-me': 0, derived: 1 });
    viewer.send({ type: 'page.open', pageId: 'open-me', completesOnOpen: true });
    expect(viewer.getSnapshot().context.progress['open-me']).toBe(1);
    expect(path.getSnapshot().context.progress['open-me']).toBe(1);
    expect(elementProgress(progressMaterial.content[2], viewer.getSnapshot().context.progress)).toBe(1);
    expect(elementProgress(progressMaterial, viewer.getSnapshot().context.progress)).toBe(0.5);
  });
});

describe('viewer: services for element machines', () => {
  const feedbackMaterial = Material.parse({
    modelName: 'Material', id: 'fm', publicId: 'fm', title: 'F',
    content: [{ id: 'ft', modelName: 'FreeTextInput', instructions: { html: '<p>?</p>' }, useGenerativeFeedback: true }],
  });
  const answer = async (options: { input: ViewerInput }) => {
    const viewer = createActor(viewerMachine, options).start();
    viewer.send({ type: 'page.open', pageId: 'fm' });
    viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(feedbackMaterial.content)] });
    const ft = viewer.getSnapshot().context.elementActors.ft;
    ft.send({ type: 'answer.change', value: 'Weil die Sonne scheint.' });
    ft.send({ type: 'answer.submit' });
    await waitFor(ft, (s) => s.matches('evaluated'));
    return viewer.getSnapshot().context.changes.filter((c) => c.id === 'ft' && c.field === 'generatedFeedback');
  };

  it('gives free texts the feedback call it was given', async () => {
    const calls: unknown[] = [];
    const generateFeedback = fromPromise(async ({ input }: { input: unknown }) => {
      calls.push(input);
      return { ok: true as const, feedback: 'Gut so.', correct: true };
    });
    const reported = await answer({ input: { material: feedbackMaterial, services: { generateFeedback } } });
    expect(calls).toEqual([{ userAnswer: 'Weil die Sonne scheint.', elementId: 'ft' }]);
    expect(reported.at(-1)?.value).toEqual([{ feedback: 'Gut so.', correct: true }]);
  });

  it('without a feedback service, a generative free text behaves as a static one (no call, no error)', async () => {
    const reported = await answer({ input: { material: feedbackMaterial } });
    expect(reported.filter((c) => Array.isArray(c.value) && c.value.length > 0)).toEqual([]);
  });
});

describe('viewer: resuming what the learner did', () => {
  const material = Material.parse({
    modelName: 'Material', id: 'rm', publicId: 'rm', title: 'R',
    content: [
      {
        id: 'q', modelName: 'ChoiceQuestion', type: 'mc', question: '<p>?</p>',
        choices: [{ id: 'q-a', text: 'a', correct: true }, { id: 'q-b', text: 'b', correct: true }],
      },
      { id: 'b', modelName: 'Barrier', mode: 'all' },
    ],
  });

  it('spawns actors in their saved state and keeps every later change in `saved`', () => {
    const saved = { q: { selected: ['q-a', 'q-b'], evaluated: true, progress: 1 }, b: { unlocked: true } };
    const viewer = createActor(viewerMachine, { input: { material, saved } }).start();
    expect(viewer.getSnapshot().context.progress).toEqual({ q: 1 });
    viewer.send({ type: 'page.open', pageId: 'rm' });
    viewer.send({ type: 'elements.reveal', elements: [...elementsOnPage(material.content)] });
    const { q, b } = viewer.getSnapshot().context.elementActors;
    expect(q.getSnapshot().value).toBe('evaluated');
    expect(q.getSnapshot().context.selected).toEqual(['q-a', 'q-b']);
    expect(b.getSnapshot().value).toBe('unlocked');

    q.send({ type: 'answer.edit' });
    expect(viewer.getSnapshot().context.saved.q).toMatchObject({ evaluated: false, progress: 0 });
    expect(viewer.getSnapshot().context.saved.b).toEqual({ unlocked: true });
  });
});

describe('viewer: tracking child', () => {
  /** A stand-in tracking logic that records what the viewer tells it. */
  const recorder = () => {
    const received: { type: string; [key: string]: unknown }[] = [];
    const logic = createMachine({ on: { '*': { actions: ({ event }) => received.push(event) } } });
    return { received, logic };
  };
  const quiz = Material.parse({
    modelName: 'Material', id: 'tm', publicId: 'tm', title: 'T',
    content: [
      { id: 'q1', modelName: 'ChoiceQuestion', type: 'sc', question: '<p>?</p>', choices: [{ id: 'q1-a', text: 'a', correct: true }, { id: 'q1-b', text: 'b', correct: false }] },
      { id: 'q2', modelName: 'ChoiceQuestion', type: 'sc', question: '<p>?</p>', choices: [{ id: 'q2-a', text: 'a', correct: true }, { id: 'q2-b', text: 'b', correct: false }] },
      { id: 'res', modelName: 'IFrame', title: 'Link', publicId: 'link', url: 'https://example.org/' },
    ],
  });

  it('spawns tracking with its input and system id, and none without it', () => {
    const { logic } = recorder();
    const viewer = createActor(viewerMachine, { input: { material: quiz, tracking: { logic, input: { mode: 'user' } } } }).start();
    expect(viewer.getSnapshot().context.tracking).not.toBeNull();
    expect(viewer.system.get('tracking')).toBe(viewer.getSnapshot().context.tracking);
    expect(createActor(viewerMachine, { input: { material: quiz } }).start().getSnapshot().context.tracking).toBeNull();
  });

  it('forwards each change with the modelName and the material progress when it moved', () => {
    const { received, logic } = recorder();
    const viewer = createActor(viewerMachine, { input: { material: quiz, tracking: { logic, input: {} } } }).start();
    viewer.send({ type: 'element.changed', id: 'q1', field: 'selected', value: ['q1-a'] });
    viewer.send({ type: 'element.changed', id: 'q1', field: 'progress', value: 1 });
    viewer.send({ type: 'element.changed', id: 'unknown', field: 'progress', value: 1 });
    expect(received).toEqual([
      { type: 'tracking.changed', changes: [{ id: 'q1', modelName: 'ChoiceQuestion', field: 'selected', value: ['q1-a'] }] },
      { type: 'tracking.changed', changes: [{ id: 'q1', modelName: 'ChoiceQuestion', field: 'progress', value: 1 }] },
      { type: 'root.progress', value: elementProgress(quiz, { q1: 1 }) },
    ]);
  });

  it('an external resource opened is saved and tracked as progress 1, once', () => {
    const { received, logic } = recorder();
    const viewer = createActor(viewerMachine, { input: { material: quiz, tracking: { logic, input: {} } } }).start();
    viewer.send({ type: 'page.open', pageId: 'res', completesOnOpen: true });
    viewer.send({ type: 'page.open', pageId: 'res', completesOnOpen: true });
    expect(viewer.getSnapshot().context.saved.res).toEqual({ progress: 1 });
    expect(received.filter((e) => e.type === 'tracking.changed')).toEqual([
      { type: 'tracking.changed', changes: [{ id: 'res', modelName: 'IFrame', field: 'progress', value: 1 }] },
    ]);
  });
});

describe('element statecharts known before they load', () => {
  it('the kinds the view treats as stateful are exactly those whose folder has a chart', async () => {
    const { isStateful, KIND_RULES } = await import('../../src/kinds/rules');
    expect((Object.keys(KIND_RULES) as (keyof typeof KIND_RULES)[]).filter(isStateful).sort()).toEqual(Object.keys(elementMachines).sort());
  });
});
