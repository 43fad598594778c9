// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetLearnerStates } from '../../src/guest/forgetThisBrowser';
import { learnerStateKey, saveLearnerState } from '../../src/viewer/localLearnerState';
import { EARLY_ANSWERS_KEY_PREFIX } from '../../src/elements/early/earlyAnswers';

afterEach(() => localStorage.clear());

describe('a guest who lets this browser forget them', () => {
  it('leaves neither the share\'s learner states nor any early answer behind, and nothing of other shares is touched', () => {
    saveLearnerState(learnerStateKey('share-a', 'm1'), { q1: { selected: ['x'] } });
    saveLearnerState(learnerStateKey('share-a', 'm2'), { q2: { evaluated: true } });
    saveLearnerState(learnerStateKey('share-b', 'm1'), { q1: { selected: ['y'] } });
    localStorage.setItem(`${EARLY_ANSWERS_KEY_PREFIX}/s/share-a/c/kapitel`, JSON.stringify({ q3: { selected: ['z'], evaluated: true } }));
    localStorage.setItem('lernwerk.annotationDraft:share-b/m1/r#0-1', '{}');

    forgetLearnerStates('share-a');

    expect(Object.keys(localStorage).sort()).toEqual(['lernwerk.annotationDraft:share-b/m1/r#0-1', learnerStateKey('share-b', 'm1')]);
  });

  it('does not throw where the browser keeps nothing', () => {
    expect(() => forgetLearnerStates('share-a', undefined)).not.toThrow();
  });
});
