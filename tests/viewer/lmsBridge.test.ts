import { describe, expect, it } from 'vitest';
import { parseHostMessage, type LmsHelloMessage } from '../../model/hostMessages';
import { guestSessionIdOf, learnerNameOf, successOf, suspendDataOf } from '../../src/viewer/LmsBridge';

const hello = (name: string) =>
  parseHostMessage({ type: 'lms:hello', standard: 'scorm', version: '1.2', learner: { id: 'u1', name }, suspendData: '', entry: 'ab-initio', suspendDataLimit: 4096 }) as LmsHelloMessage;

describe('what the viewer keeps in the LMS', () => {
  it('is the guest session to resume, small and read back exactly', () => {
    const data = suspendDataOf('Gs7pQ2vXk9LmN4rT8wYz1A');
    expect(data.length).toBeLessThan(64);
    expect(guestSessionIdOf(data)).toBe('Gs7pQ2vXk9LmN4rT8wYz1A');
  });

  it('reads nothing from empty, foreign or forged suspend data', () => {
    for (const data of ['', 'abc', '{}', '{"v":2,"g":"x"}', '{"v":1,"g":"../x"}', '{"v":1,"g":"a b"}', 'null', '[1]']) expect(guestSessionIdOf(data), data).toBeNull();
  });
});

describe("the LMS learner's name", () => {
  it('becomes "First Last", as a guest who typed it', () => {
    expect(learnerNameOf(hello('Lovelace, Ada'))).toBe('Ada Lovelace');
    expect(learnerNameOf(hello('Grace Brewster Hopper'))).toBe('Grace Brewster Hopper');
    expect(learnerNameOf(hello('admin'))).toBe('admin');
  });
});

describe('success', () => {
  it('is known once every question is answered, by the passing score the LMS sets', () => {
    expect(successOf({ questions: 4, evaluated: 3, correct: 3 }, 0.5)).toBeUndefined();
    expect(successOf({ questions: 4, evaluated: 4, correct: 2 }, 0.5)).toBe('passed');
    expect(successOf({ questions: 4, evaluated: 4, correct: 1 }, 0.5)).toBe('failed');
    expect(successOf({ questions: 4, evaluated: 4, correct: 4 }, null)).toBeUndefined();
    expect(successOf({ questions: 0, evaluated: 0, correct: 0 }, 0.5)).toBeUndefined();
  });
});
