import { describe, expect, it } from 'vitest';
import { Material, type MaterialInput } from '../../model/material';
import { scaledScore, scoreOf } from '../../model/score';

const material = Material.parse({
  modelName: 'Material',
  id: 'm',
  publicId: 'm',
  title: 'Punkte',
  content: [
    {
      modelName: 'ChoiceQuestion', id: 'q1', type: 'sc', question: '<p>?</p>',
      choices: [{ id: 'a', text: 'A', correct: true }, { id: 'b', text: 'B', correct: false }],
    },
    {
      modelName: 'Chapter', id: 'c', publicId: 'c', title: 'Kapitel',
      content: [
        {
          modelName: 'ChoiceQuestion', id: 'q2', type: 'mc', question: '<p>?</p>',
          choices: [{ id: 'x', text: 'X', correct: true }, { id: 'y', text: 'Y', correct: true }],
        },
        { modelName: 'FreeTextInput', id: 'f', instructions: { html: '<p>Warum?</p>' } },
      ],
    },
  ],
} satisfies MaterialInput);

describe('the score an LMS receives', () => {
  it('counts the questions with a right answer, not free texts', () => {
    expect(scoreOf(material, {})).toEqual({ questions: 2, evaluated: 0, correct: 0 });
    expect(scaledScore(scoreOf(material, {}))).toBe(0);
  });

  it('counts an answer once it is evaluated, right by the rules the question shows', () => {
    const saved = { q1: { selected: ['a'], evaluated: true }, q2: { selected: ['x'], evaluated: true }, f: { value: 'weil', evaluated: true } };
    expect(scoreOf(material, saved)).toEqual({ questions: 2, evaluated: 2, correct: 1 });
    expect(scaledScore(scoreOf(material, { ...saved, q2: { selected: ['x', 'y'], evaluated: true } }))).toBe(1);
    // Selected but not evaluated: not counted; bad stored values count as wrong, never throw.
    expect(scoreOf(material, { q1: { selected: ['a'] }, q2: { selected: 'x', evaluated: true } })).toEqual({ questions: 2, evaluated: 1, correct: 0 });
  });

  it('has no score without questions', () => {
    expect(scaledScore({ questions: 0, evaluated: 0, correct: 0 })).toBeNull();
  });
});
