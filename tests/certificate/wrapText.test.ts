import { describe, expect, it } from 'vitest';
import { fitText, wrapText, type MeasuringFont } from '../../src/certificate/wrapText';

/** A monospaced font of the given characters: each is half the size wide. */
const mono = (characters: string): MeasuringFont => ({
  widthOfTextAtSize: (text, size) => ([...text].length * size) / 2,
  getCharacterSet: () => [...characters].map((char) => char.codePointAt(0)!),
});

const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

describe('fitText', () => {
  it('keeps what the font has, stand-ins only for what it lacks', () => {
    expect(fitText('a → b ≤ c', mono(ASCII))).toBe('a -> b <= c');
    expect(fitText('a → b ≤ c', mono(`${ASCII}→≤`))).toBe('a → b ≤ c');
    expect(fitText('Zofia Łukasiewicz-Dvořák', mono(`${ASCII}á`))).toBe('Zofia Lukasiewicz-Dvorák');
    expect(fitText('Zofia Łukasiewicz-Dvořák', mono(`${ASCII}áŁř`))).toBe('Zofia Łukasiewicz-Dvořák');
    expect(fitText('李 🙂', mono(ASCII))).toBe('? ?');
  });

  it('composes decomposed letters first, and drops soft hyphens and zero-width characters even when the font has them', () => {
    expect(fitText('Rene\u0301', mono(`${ASCII}é`))).toBe('René');
    const invisible = 'a\u00adb\u200bc\u200dd\u2060e\ufeff';
    expect(fitText(invisible, mono(`${ASCII}${invisible}`))).toBe('abcde');
    expect(fitText('a\tb', mono(ASCII))).toBe('a b');
  });
});

describe('wrapText', () => {
  const font = mono(`${ASCII}\u00a0\u202f`);
  // 10 pt: 5 points a character, 60 points = 12 characters a line.
  const wrap = (text: string) => wrapText(text, font, 10, 60);

  it('fills lines greedily at spaces and breaks words wider than a line', () => {
    expect(wrap('eins zwei drei vier fünf')).toEqual(['eins zwei', 'drei vier', 'fünf']);
    expect(wrap('Donaudampfschifffahrt ist lang')).toEqual(['Donaudampfsc', 'hifffahrt', 'ist lang']);
    expect(wrap('  \n ')).toEqual([]);
  });

  it('does not break at no-break spaces', () => {
    expect(wrap('Es sind 10\u00a0000 Liter')).toEqual(['Es sind', '10\u00a0000 Liter']);
    expect(wrap('Es sind 10\u202f000 Liter')).toEqual(['Es sind', '10\u202f000 Liter']);
    expect(wrap('Es sind 10 000 Liter')).toEqual(['Es sind 10', '000 Liter']);
  });
});
