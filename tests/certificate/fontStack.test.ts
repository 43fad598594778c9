import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_FONT_SUBSETS } from '../../src/certificate/certificateFonts';
import { FontStack } from '../../src/certificate/fontStack';
import { readFontFile } from './fontFiles';

let latin: PDFFont;
let latinExt: PDFFont;
let greek: PDFFont;
let stack: FontStack;

beforeAll(async () => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const embed = async (name: string) => doc.embedFont(await readFontFile(CERTIFICATE_FONT_SUBSETS.find((font) => font.name === name)!.regular), { subset: true });
  [latin, latinExt, greek] = [await embed('latin'), await embed('latin-ext'), await embed('greek')];
  stack = new FontStack([latin, latinExt, greek]);
});

const runs = (text: string) => stack.runs(text).map((run) => [[latin, latinExt, greek].indexOf(run.font), run.text]);

describe('a font stack', () => {
  it('draws each character with the first font that has it', () => {
    expect(runs('Zofia Łukasiewicz')).toEqual([[0, 'Zofia '], [1, 'Ł'], [0, 'ukasiewicz']]);
    expect(runs('Ψυχή και')).toEqual([[2, 'Ψυχή'], [0, ' '], [2, 'και']]);
    expect(runs('')).toEqual([]);
  });

  it('keeps a combining mark with the letter before it when that font has the mark', () => {
    // U+0308 is in latin and latin-ext; after Ł it stays in latin-ext, after a it is latin anyway.
    expect(runs('Ł\u0308a\u0308')).toEqual([[1, 'Ł\u0308'], [0, 'a\u0308']]);
  });

  it('measures a text as the sum of its runs, and has the characters of all its fonts', () => {
    const text = 'Zofia Łukasiewicz Ψ';
    const sum = stack.runs(text).reduce((width, run) => width + run.font.widthOfTextAtSize(run.text, 12), 0);
    expect(stack.widthOfTextAtSize(text, 12)).toBeCloseTo(sum, 6);
    expect(stack.widthOfTextAtSize(text, 12)).toBeGreaterThan(latin.widthOfTextAtSize('Zofia ukasiewicz ', 12));
    const characters = new Set(stack.getCharacterSet());
    for (const char of 'AŁΨ ') expect(characters.has(char.codePointAt(0)!)).toBe(true);
    expect(characters.has('Ж'.codePointAt(0)!)).toBe(false);
  });

  it('needs a font', () => {
    expect(() => new FontStack([])).toThrow();
  });
});
