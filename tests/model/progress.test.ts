import { describe, expect, it } from 'vitest';
import { activeStepIndex, averageProgress, evaluatedProgress, isComplete } from '../../model/progress';

describe('progress', () => {
  it('an evaluated element gives 1, else 0', () => {
    expect(evaluatedProgress(true)).toBe(1);
    expect(evaluatedProgress(false)).toBe(0);
  });
  it('averages children, 1 when there are none', () => {
    expect(averageProgress([])).toBe(1);
    expect(averageProgress([1, 0])).toBe(0.5);
    expect(averageProgress([1, 0.5, 0])).toBe(0.5);
  });
  it('the active step is the first below 1', () => {
    expect(activeStepIndex([1, 0.5, 0])).toBe(1);
    expect(activeStepIndex([0, 1])).toBe(0);
    expect(activeStepIndex([1, 1])).toBe(-1);
    expect(isComplete(0.999)).toBe(false);
  });
});
