import { describe, expect, it } from 'vitest';
import { deselectChoice, feedbackKind, isChoiceCorrect, isChoiceQuestionCorrect, selectChoice } from '../../src/kinds/choice/choice.model';

const choices = [{ id: 'a', correct: true }, { id: 'b', correct: false }, { id: 'c', correct: true }];

describe('choice rules', () => {
  it('single choice replaces, multiple choice adds once', () => {
    expect(selectChoice('sc', ['a'], 'b')).toEqual(['b']);
    expect(selectChoice('mc', ['a'], 'b')).toEqual(['a', 'b']);
    expect(selectChoice('mc', ['a'], 'a')).toEqual(['a']);
    expect(deselectChoice(['a', 'b'], 'a')).toEqual(['b']);
  });
  it('a choice is correct when selected equals correct; the question when all are', () => {
    expect(isChoiceCorrect(choices[1], [])).toBe(true);
    expect(isChoiceCorrect(choices[0], [])).toBe(false);
    expect(isChoiceQuestionCorrect(choices, ['a', 'c'])).toBe(true);
    expect(isChoiceQuestionCorrect(choices, ['a'])).toBe(false);
    expect(isChoiceQuestionCorrect(choices, ['a', 'b', 'c'])).toBe(false);
  });
  it('feedback is neutral when asked, else positive or negative', () => {
    expect(feedbackKind(true, false)).toBe('neutral');
    expect(feedbackKind(false, true)).toBe('positive');
    expect(feedbackKind(false, false)).toBe('negative');
  });
});
