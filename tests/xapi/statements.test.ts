import { describe, expect, it } from 'vitest';
import { withChange, type LearnerState } from '../../model/learnerState';
import { deriveStatements, type DerivationInput } from '../../server/xapi/derive';
import { KIND_INDEXING } from '../../src/kinds/indexing';
import { PROGRESS_EXTENSION, VERBS, type Statement } from '../../server/xapi/statement';
import { xapiMaterial } from './fixtures';
import { statementProblems } from './statementSchema';

const material = xapiMaterial('u');
const ORIGIN = 'https://lernwerk.example';
const AT = Date.UTC(2026, 10, 28, 9, 30, 0, 123);

/** One learner who changes fields one after another; each change answers the statements it led to. */
function learner(options: Partial<DerivationInput> = {}) {
  let state: LearnerState = {};
  let n = 0;
  return (modelId: string, field: string, value: unknown): Statement[] => {
    const after = withChange(state, { id: modelId, field, value });
    const statements = deriveStatements({
      secret: 's'.repeat(64),
      origin: ORIGIN,
      language: 'de',
      sendFreeText: false,
      shareId: 'share-1',
      collection: null,
      learner: { identity: 'guest:GUEST-SESSION-ID-0123456789', name: 'Ada Lovelace' },
      material,
      event: { id: `event-${++n}-0123456789abcdef`, modelId, field, value, at: AT + n },
      receivedAt: AT + 60_000,
      before: state,
      after,
      ...options,
    });
    state = after;
    return statements;
  };
}

/** Answers a question the way the viewer reports it: the answer, then evaluated and progress. */
function answer(change: ReturnType<typeof learner>, id: string, field: string, value: unknown): Statement[] {
  return [...change(id, field, value), ...change(id, 'evaluated', true), ...change(id, 'progress', 1)];
}

const verbs = (statements: Statement[]) => statements.map((s) => `${s.verb.id.split('/').pop()} ${s.object.id.replace(`${ORIGIN}/xapi/activities/`, '')}`);

describe('statements of tracked changes', () => {
  it('maps every question kind to its interaction type, and no other element kind to one', () => {
    const kinds = Object.entries(KIND_INDEXING).flatMap(([kind, indexing]) => ('interaction' in indexing ? [kind] : []));
    expect(kinds.sort()).toEqual(['AssignmentQuestion', 'ChoiceQuestion', 'ClozeQuestion', 'FreeTextInput', 'PolygonTargetExercise']);
  });

  it('an evaluated choice question is answered: choice interaction, response, success and score; progress of chapter and material rises', () => {
    const change = learner();
    const statements = answer(change, 'u-choice', 'selected', ['u-choice-c', 'u-choice-a']);
    expect(verbs(statements)).toEqual(['answered u-material/u-choice', 'progressed u-material/u-ch1', 'progressed u-material']);
    const [answered, chapter, whole] = statements;
    expect(answered.object.definition).toMatchObject({
      type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
      interactionType: 'choice',
      correctResponsesPattern: ['u-choice-a[,]u-choice-c'],
      choices: [
        { id: 'u-choice-a', description: { de: 'Nucleus' } },
        { id: 'u-choice-b', description: { de: 'Cell wall & more' } },
        { id: 'u-choice-c', description: { de: 'Mitochondrion' } },
      ],
    });
    expect(answered.result).toEqual({ success: true, completion: true, response: 'u-choice-a[,]u-choice-c', score: { scaled: 1, raw: 1, min: 0, max: 1 } });
    expect(answered.context.contextActivities.parent?.[0].id).toBe(`${ORIGIN}/xapi/activities/u-material/u-ch1`);
    expect(answered.context.contextActivities.grouping?.map((a) => a.id)).toEqual([`${ORIGIN}/xapi/activities/u-material`]);
    // 1 of 5 questions in chapter one; chapter one is half of the material's tracked items.
    expect(chapter.result?.extensions?.[PROGRESS_EXTENSION]).toBe(20);
    expect(whole.result?.extensions?.[PROGRESS_EXTENSION]).toBe(10);
    for (const s of statements) expect(statementProblems(s)).toEqual([]);
  });

  it('a wrong cloze, an assignment and a polygon answer: fill-in, matching and other interactions', () => {
    const change = learner();
    const [cloze] = answer(change, 'u-cloze', 'inputs', [' Core ', 'water']);
    expect(cloze.object.definition).toMatchObject({
      interactionType: 'fill-in',
      correctResponsesPattern: ['{case_matters=false}nucleus[,]DNA', '{case_matters=false}core[,]DNA'],
    });
    expect(cloze.result).toMatchObject({ success: false, response: 'Core[,]water', score: { scaled: 0, raw: 0, min: 0, max: 1 } });
    const [assignment] = answer(change, 'u-assign', 'assignedItemIds', { 'u-zone-plant': ['u-item-wall'], 'u-zone-animal': ['u-item-centriole'] });
    expect(assignment.object.definition).toMatchObject({
      interactionType: 'matching',
      source: [{ id: 'u-item-wall' }, { id: 'u-item-centriole' }, { id: 'u-item-wheel' }],
      target: [{ id: 'u-zone-plant' }, { id: 'u-zone-animal' }],
      correctResponsesPattern: ['u-item-wall[.]u-zone-plant[,]u-item-centriole[.]u-zone-animal'],
    });
    expect(assignment.result).toMatchObject({ success: true, response: 'u-item-wall[.]u-zone-plant[,]u-item-centriole[.]u-zone-animal' });
    const [polygon] = answer(change, 'u-polygon', 'points', [{ x: 0.3, y: 0.2 }]);
    expect(polygon.object.definition?.interactionType).toBe('other');
    expect(polygon.result).toMatchObject({ success: true, response: '0.3000,0.2000' });
    for (const s of [cloze, assignment, polygon]) expect(statementProblems(s)).toEqual([]);
  });

  it('a free text is long-fill-in without a score; its words leave only with XAPI_SEND_FREE_TEXT', () => {
    const [kept] = answer(learner(), 'u-free', 'value', 'Water moves through a membrane');
    expect(kept.object.definition).toMatchObject({ interactionType: 'long-fill-in' });
    expect(kept.object.definition).not.toHaveProperty('correctResponsesPattern');
    expect(kept.result).toEqual({ completion: true });
    const [sent] = answer(learner({ sendFreeText: true }), 'u-free', 'value', 'Water moves through a membrane');
    expect(sent.result).toEqual({ completion: true, response: 'Water moves through a membrane' });
    expect(statementProblems(kept)).toEqual([]);
  });

  it('an opened external resource and a completed path step are experienced; a chapter and the material are completed at 1', () => {
    const change = learner();
    expect(verbs(change('u-video', 'progress', 1))).toEqual(['experienced u-material/u-video', 'progressed u-material/u-ch2', 'progressed u-material']);
    expect(verbs(change('u-step', 'progress', 1))).toEqual(['experienced u-material/u-step', 'completed u-material/u-step', 'completed u-material/u-ch2', 'progressed u-material']);
    for (const [id, field, value] of [['u-choice', 'selected', ['u-choice-a']], ['u-cloze', 'inputs', ['x', 'y']], ['u-assign', 'assignedItemIds', {}], ['u-polygon', 'points', []]] as const) {
      answer(change, id, field, value);
    }
    const last = answer(change, 'u-free', 'value', 'done');
    expect(verbs(last)).toEqual(['answered u-material/u-free', 'completed u-material/u-ch1', 'completed u-material']);
    expect(last[2].result).toEqual({ completion: true, extensions: { [PROGRESS_EXTENSION]: 100 } });
    expect(last[2].verb.id).toBe(VERBS.completed);
    // Nothing rises any more: a repeated report says nothing new.
    expect(change('u-video', 'progress', 1)).toEqual([]);
  });

  it('the same change gives the same statements; ids differ per event, learner and share, and carry no learner or share id', () => {
    const first = answer(learner(), 'u-choice', 'selected', ['u-choice-a']);
    expect(answer(learner(), 'u-choice', 'selected', ['u-choice-a'])).toEqual(first);
    const other = answer(learner({ learner: { identity: 'guest:ANOTHER-SESSION-0123456789', name: 'Ada Lovelace' } }), 'u-choice', 'selected', ['u-choice-a']);
    expect(other[0].id).not.toBe(first[0].id);
    expect(other[0].actor.account.name).not.toBe(first[0].actor.account.name);
    expect(other[0].context.registration).not.toBe(first[0].context.registration);
    const text = JSON.stringify(first);
    expect(text).not.toContain('GUEST-SESSION-ID');
    expect(text).not.toContain('share-1');
    expect(first[0].actor).toEqual({ objectType: 'Agent', name: 'Ada Lovelace', account: { homePage: ORIGIN, name: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect(first[0].context).toMatchObject({ platform: 'Lernwerk', language: 'de', registration: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('the timestamp is the learner\'s, in UTC, never later than the server received it', () => {
    const [answered] = answer(learner(), 'u-choice', 'selected', ['u-choice-a']);
    expect(answered.timestamp).toBe('2026-11-28T09:30:00.125Z');
    const [future] = answer(learner({ receivedAt: AT }), 'u-choice', 'selected', ['u-choice-a']);
    expect(future.timestamp).toBe(new Date(AT).toISOString());
  });

  it('on a collection share the collection groups every statement', () => {
    const [answered, , whole] = answer(learner({ collection: { id: 'u-collection', title: 'Biology' } }), 'u-choice', 'selected', ['u-choice-a']);
    expect(answered.context.contextActivities.grouping?.map((a) => a.id)).toEqual([`${ORIGIN}/xapi/activities/u-material`, `${ORIGIN}/xapi/activities/u-collection`]);
    expect(whole.context.contextActivities.parent?.map((a) => a.id)).toEqual([`${ORIGIN}/xapi/activities/u-collection`]);
    expect(statementProblems(whole)).toEqual([]);
  });
});

describe('the xAPI 2.0 statement schema of the tests', () => {
  const [valid] = answer(learner(), 'u-choice', 'selected', ['u-choice-a']);
  const broken = (change: (s: Record<string, unknown>) => void) => {
    const copy = structuredClone(valid) as unknown as Record<string, unknown>;
    change(copy);
    return statementProblems(copy);
  };

  it('accepts what the product emits', () => expect(statementProblems(valid)).toEqual([]));

  it('fails a relative IRI', () => {
    expect(broken((s) => ((s.object as { id: string }).id = 'xapi/activities/u-material'))).toEqual(['object.id: an absolute IRI']);
    expect(broken((s) => ((s.verb as { id: string }).id = 'answered'))).toEqual(['verb.id: an absolute IRI']);
    expect(broken((s) => ((s.actor as { account: { homePage: string } }).account.homePage = '/home'))).not.toEqual([]);
  });

  it('fails a bad timestamp', () => {
    for (const timestamp of ['2026-11-28 09:30:00Z', '2026-11-28T09:30:00', '2026-11-28T09:30:00.601-00:00', '2026-02-30T09:30:00Z', 'yesterday']) {
      expect(broken((s) => (s.timestamp = timestamp)), timestamp).not.toEqual([]);
    }
    expect(broken((s) => (s.timestamp = '2026-11-28T09:30:00.601+02:00'))).toEqual([]);
  });

  it('fails a bad id, a score out of range, an unknown property and a component list the interaction type has not', () => {
    expect(broken((s) => (s.id = 'not-a-uuid'))).not.toEqual([]);
    expect(broken((s) => ((s.result as { score: { scaled: number } }).score.scaled = 1.5))).not.toEqual([]);
    expect(broken((s) => ((s.result as { score: { raw: number } }).score.raw = 2))).toEqual([`result.score: raw lies within min and max`]);
    expect(broken((s) => (s.stored = '2026-11-28T09:30:00Z'))).not.toEqual([]);
    expect(broken((s) => ((s.object as { definition: Record<string, unknown> }).definition.target = [{ id: 'x' }]))).not.toEqual([]);
    expect(broken((s) => ((s.object as { definition: { correctResponsesPattern: string[] } }).definition.correctResponsesPattern = ['no-such-choice']))).not.toEqual([]);
  });
});
