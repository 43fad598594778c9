import { describe, expect, it } from 'vitest';
import { clozeHasInput, dropdownOptions, gapHasInput, isClozeCorrect, isGapCorrect } from '../../src/kinds/cloze/cloze.model';

const gap = { id: 'g1', solutions: [{ text: 'Bern', correct: true }, { text: 'Berne', correct: true }, { text: 'Zürich', correct: false }] };

describe('cloze gaps', () => {
  it('matches a correct solution case-insensitively and trimmed', () => {
    expect(isGapCorrect(gap, 'bern')).toBe(true);
    expect(isGapCorrect(gap, '  BERNE ')).toBe(true);
    expect(isGapCorrect(gap, 'Zürich')).toBe(false);
    expect(isGapCorrect(gap, 'Ber')).toBe(false);
    expect(isGapCorrect(gap, '')).toBe(false);
  });
  it('has input when non-empty', () => {
    expect(gapHasInput('')).toBe(false);
    expect(gapHasInput('   ')).toBe(false);
    expect(gapHasInput(undefined)).toBe(false);
    expect(gapHasInput('x')).toBe(true);
    expect(clozeHasInput(['', 'x'])).toBe(true);
    expect(clozeHasInput(['', ' '])).toBe(false);
  });
  it('a cloze is correct when every gap is', () => {
    const other = { id: 'g2', solutions: [{ text: 'red', correct: true }] };
    expect(isClozeCorrect([gap, other], ['Bern', 'Red'])).toBe(true);
    expect(isClozeCorrect([gap, other], ['Bern', ''])).toBe(false);
  });
  it('dropdowns list every solution text once, in a stable order', () => {
    const options = dropdownOptions({ ...gap, solutions: [...gap.solutions, { text: 'Bern', correct: true }] });
    expect([...options].sort()).toEqual(['Bern', 'Berne', 'Zürich']);
    expect(dropdownOptions(gap)).toEqual(dropdownOptions(gap));
  });
});
