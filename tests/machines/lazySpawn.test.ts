import { describe, expect, it } from 'vitest';
import { registerKindMachines } from '../../scripts/statecharts/kindMachines';
import { createActor, type AnyActorRef } from 'xstate';
import { viewerMachine, type ViewerContext } from '../../machines/viewer';
import type { ContentElement } from '../../model/elements';
import type { LearnerState } from '../../model/learnerState';
import { Material } from '../../model/material';
import { barrierMet, barrierPreconditions, derivedStepProgress, elementProgress } from '../../model/progressTree';
import { allElements, elementsOnPage } from '../../model/tree';

// The viewer spawns from the kinds' charts; in the app each comes with its view's chunk (src/elements/registry.ts).
await registerKindMachines();

/*
 * Property: the viewer spawns element actors only when their elements are about to render. What the
 * learner sees derived (material progress, each barrier's condition, each path's steps, unlocked
 * barriers) must not depend on which actors exist. For many generated materials, saved states and
 * sequences of learner changes, a viewer that revealed everything at once and one that reveals in
 * random pieces at random moments (or never) agree after every step; and every actor the second
 * spawns late starts in the state the first one's is in.
 */

/** A small deterministic PRNG (mulberry32), so a failing seed can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

/** A material of questions, texts, barriers, containers, chapters and paths, nested a few levels. */
function generateMaterial(rng: Random, seed: number): Material {
  let n = 0;
  const id = (kind: string) => `${kind}-${seed}-${n++}`;
  const question = () => {
    const q = id('q');
    return { modelName: 'ChoiceQuestion', id: q, type: 'sc', question: '<p>?</p>', choices: [{ id: `${q}-a`, text: 'a', correct: true }, { id: `${q}-b`, text: 'b', correct: false }] };
  };
  const list = (depth: number, length: number): unknown[] =>
    Array.from({ length }, () => {
      const roll = rng.int(depth > 0 ? 10 : 5);
      if (roll <= 1) return question();
      if (roll === 2) return { modelName: 'Text', id: id('t'), content: { html: '<p>t</p>' } };
      if (roll === 3) return { modelName: 'Barrier', id: id('b'), mode: rng.pick(['all', 'last', 'unlocked']) };
      if (roll === 4) return { modelName: 'FreeTextInput', id: id('f'), instructions: { html: '<p>?</p>' } };
      if (roll === 5) return { modelName: 'Foldable', id: id('fold'), title: 'F', content: list(depth - 1, 1 + rng.int(4)) };
      if (roll === 6) return { modelName: 'Columns', id: id('col'), left: list(depth - 1, rng.int(3)), right: list(depth - 1, rng.int(3)) };
      if (roll === 7) {
        const publicId = id('ch');
        return { modelName: 'Chapter', id: publicId, publicId, title: 'C', content: list(depth - 1, 1 + rng.int(4)) };
      }
      return {
        modelName: 'Path', id: id('path'),
        content: Array.from({ length: 1 + rng.int(3) }, () => {
          const publicId = id('step');
          const kind = rng.pick(['selfCompletion', 'openedCompletion', undefined]);
          return { modelName: 'Chapter', id: publicId, publicId, title: 'S', ...(kind ? { pathEvaluationType: kind } : {}), content: kind ? [] : list(depth - 1, 1 + rng.int(3)) };
        }),
      };
    });
  return Material.parse({ modelName: 'Material', id: `m-${seed}`, publicId: `m-${seed}`, title: 'M', content: list(3, 4 + rng.int(10)) });
}

const QUESTIONS = new Set(['ChoiceQuestion', 'FreeTextInput']);

/** What a learner may already have done: some questions answered, barriers unlocked, steps completed. */
function generateSaved(rng: Random, elements: readonly ContentElement[]): LearnerState {
  const saved: LearnerState = {};
  for (const element of elements) {
    if (QUESTIONS.has(element.modelName) && rng.chance(0.3)) saved[element.id] = { evaluated: true, progress: 1 };
    if (element.modelName === 'Barrier' && rng.chance(0.2)) saved[element.id] = { unlocked: true };
    if (element.modelName === 'Chapter' && element.pathEvaluationType && rng.chance(0.3)) saved[element.id] = { progress: 1 };
  }
  return saved;
}

/** A learner's action. Learners act on what is rendered: on elements whose actors exist. */
type Action =
  | { kind: 'answer'; element: ContentElement; evaluate: boolean }
  | { kind: 'unlock'; element: ContentElement }
  | { kind: 'toggleStep'; path: ContentElement; stepId: string }
  | { kind: 'open'; pageId: string; completesOnOpen: boolean };

function generateAction(rng: Random, elements: readonly ContentElement[]): Action {
  const element = rng.pick(elements);
  if (QUESTIONS.has(element.modelName)) return { kind: 'answer', element, evaluate: rng.chance(0.7) };
  if (element.modelName === 'Barrier') return { kind: 'unlock', element };
  if (element.modelName === 'Path') return { kind: 'toggleStep', path: element, stepId: rng.pick(element.content).id };
  if (element.modelName === 'Chapter') return { kind: 'open', pageId: element.id, completesOnOpen: element.pathEvaluationType === 'openedCompletion' };
  return { kind: 'open', pageId: element.id, completesOnOpen: false };
}

/** The actor of an element, revealed first where the view has not rendered it yet (a learner acts only on what is shown). */
function actorFor(viewer: AnyActorRef, element: ContentElement): AnyActorRef {
  if (!contextOf(viewer).elementActors[element.id]) viewer.send({ type: 'elements.reveal', elements: [element] });
  return contextOf(viewer).elementActors[element.id];
}

function perform(viewer: AnyActorRef, action: Action) {
  switch (action.kind) {
    case 'answer': {
      const actor = actorFor(viewer, action.element);
      if (!action.evaluate) return actor.send({ type: 'answer.edit' });
      if (action.element.modelName === 'ChoiceQuestion') actor.send({ type: 'choice.select', choiceId: action.element.choices[0].id });
      else actor.send({ type: 'answer.change', value: 'Eine Antwort' });
      return actor.send({ type: 'answer.submit' });
    }
    case 'unlock':
      return actorFor(viewer, action.element).send({ type: 'barrier.unlock' });
    case 'toggleStep':
      return actorFor(viewer, action.path).send({ type: 'step.toggle', stepId: action.stepId });
    case 'open':
      return viewer.send({ type: 'page.open', pageId: action.pageId, completesOnOpen: action.completesOnOpen });
  }
}

const contextOf = (viewer: AnyActorRef) => viewer.getSnapshot().context as ViewerContext;

/** Everything derived from progress, computed by the pure functions alone. */
function derived(material: Material, viewer: AnyActorRef) {
  const { progress, unlockedBarrierIds } = contextOf(viewer);
  const barriers = barrierPreconditions(material);
  const paths = [...allElements(material.content)].filter((e) => e.modelName === 'Path');
  return {
    material: elementProgress(material, progress),
    barriers: Object.fromEntries([...barriers].map(([id, entry]) => [id, barrierMet(entry, progress)])),
    paths: Object.fromEntries(paths.map((path) => [path.id, derivedStepProgress(path, progress)])),
    unlocked: [...unlockedBarrierIds].sort(),
  };
}

/** What the spawned barrier and path actors hold; each must agree with the pure functions. */
function actorStates(material: Material, viewer: AnyActorRef) {
  const { elementActors, progress } = contextOf(viewer);
  const barriers = barrierPreconditions(material);
  const states: Record<string, unknown> = {};
  for (const element of allElements(material.content)) {
    const actor = elementActors[element.id];
    if (!actor) continue;
    const snapshot = actor.getSnapshot();
    if (element.modelName === 'Barrier') {
      const unlocked = snapshot.matches('unlocked');
      // An unlocked barrier stays unlocked; its condition no longer matters.
      states[element.id] = unlocked ? 'unlocked' : { canContinue: snapshot.context.canContinue };
      if (!unlocked) expect(snapshot.context.canContinue, `barrier ${element.id}`).toBe(barrierMet(barriers.get(element.id)!, progress));
    }
    if (element.modelName === 'Path') {
      const stepProgress = snapshot.context.progress as Record<string, number>;
      states[element.id] = stepProgress;
      for (const [stepId, value] of Object.entries(derivedStepProgress(element, progress))) expect(stepProgress[stepId], `step ${stepId}`).toBe(value);
    }
  }
  return states;
}

/** Every page of the material: the root and each chapter at any depth. */
const pagesOf = (material: Material): ContentElement[][] => [material.content, ...[...allElements(material.content)].flatMap((e) => (e.modelName === 'Chapter' ? [e.content] : []))];

const SEEDS = 120;

describe('lazy spawning changes nothing the learner sees', () => {
  it(`progress, barrier conditions, paths and unlocks agree whether actors were spawned up front, late or never (${SEEDS} generated materials)`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const rng = random(seed);
      const material = generateMaterial(rng, seed);
      const elements = [...allElements(material.content)];
      const saved = generateSaved(rng, elements);
      const eager = createActor(viewerMachine, { input: { material, saved } }).start();
      const lazy = createActor(viewerMachine, { input: { material, saved } }).start();
      for (const page of pagesOf(material)) eager.send({ type: 'elements.reveal', elements: [...elementsOnPage(page)] });

      const pieces = pagesOf(material).flatMap((page) => [...elementsOnPage(page)].map((element) => [element]));
      for (let step = 0; step < 25; step++) {
        const action = generateAction(rng, elements);
        perform(eager, action);
        perform(lazy, action);
        if (rng.chance(0.3) && pieces.length) lazy.send({ type: 'elements.reveal', elements: pieces.splice(rng.int(pieces.length), 1)[0] });
        expect(derived(material, lazy), `seed ${seed}, step ${step} (${action.kind})`).toEqual(derived(material, eager));
        actorStates(material, eager);
        actorStates(material, lazy);
      }
      // Whatever spawns last starts where the actor spawned first has got to.
      for (const page of pagesOf(material)) lazy.send({ type: 'elements.reveal', elements: [...elementsOnPage(page)] });
      expect(actorStates(material, lazy), `seed ${seed}`).toEqual(actorStates(material, eager));
      eager.stop();
      lazy.stop();
    }
  });
});
