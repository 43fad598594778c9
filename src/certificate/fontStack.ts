import type { PDFFont } from 'pdf-lib';
import type { MeasuringFont } from './wrapText';

/** A piece of a line drawn with one font. */
export type TextRun = { font: PDFFont; text: string };

const MARK = /^\p{M}$/u;

/**
 * Fonts tried in order, as in a CSS font-family list: each character is drawn with the first font
 * that has it, a combining mark with the font of the character before it when that font has the
 * mark. Text must already be reduced to characters some font has (`fitText`).
 */
export class FontStack implements MeasuringFont {
  private readonly sets: Set<number>[];

  constructor(readonly fonts: readonly PDFFont[]) {
    if (fonts.length === 0) throw new Error('A font stack needs at least one font');
    this.sets = fonts.map((font) => new Set(font.getCharacterSet()));
  }

  getCharacterSet(): number[] {
    return [...new Set(this.sets.flatMap((set) => [...set]))];
  }

  /** `text` cut into runs of one font each, in order; a character no font has goes with the first font. */
  runs(text: string): TextRun[] {
    const runs: { index: number; text: string }[] = [];
    for (const char of text) {
      const code = char.codePointAt(0)!;
      const last = runs.at(-1);
      const index = last && MARK.test(char) && this.sets[last.index].has(code) ? last.index : Math.max(0, this.sets.findIndex((set) => set.has(code)));
      if (last?.index === index) last.text += char;
      else runs.push({ index, text: char });
    }
    return runs.map(({ index, text }) => ({ font: this.fonts[index], text }));
  }

  widthOfTextAtSize(text: string, size: number): number {
    return this.runs(text).reduce((width, run) => width + run.font.widthOfTextAtSize(run.text, size), 0);
  }
}
