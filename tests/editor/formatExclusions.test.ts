import { describe, expect, it } from 'vitest';
import {
  EXCLUSION_GROUPS, FORMAT_MARKS, HIGHLIGHT_FORMATS, exclusionGroupOf, formatOfMark, isFormatMark, listAfterToggle, markOfFormat, marksToUnset,
  type FormatMark,
} from '../../src/editor/formatExclusions';
import { HIGHLIGHT_COLORS, RichTextMarkSchema } from '../../model/richTextDoc';

describe('format exclusions (spec section 4)', () => {
  it('has the three groups of the spec, in the document’s names', () => {
    expect(EXCLUSION_GROUPS).toEqual([
      ['underline', 'strike'],
      ['highlight:yellow', 'highlight:green', 'highlight:blue', 'highlight:pink', 'highlight:orange'],
      ['subscript', 'superscript', 'gap'],
    ]);
    expect(HIGHLIGHT_FORMATS).toHaveLength(5);
    expect(HIGHLIGHT_COLORS).toHaveLength(5);
  });

  it('puts each format in at most one group', () => {
    const grouped = EXCLUSION_GROUPS.flat();
    expect(new Set(grouped).size).toBe(grouped.length);
    for (const mark of grouped) expect(FORMAT_MARKS).toContain(mark);
  });

  it('underline and strike (linethrough) exclude each other', () => {
    expect(marksToUnset('underline')).toEqual(['strike']);
    expect(marksToUnset('strike')).toEqual(['underline']);
  });

  it('each highlight excludes the four others', () => {
    for (const highlight of HIGHLIGHT_FORMATS) {
      expect(marksToUnset(highlight)).toEqual(HIGHLIGHT_FORMATS.filter((other) => other !== highlight));
    }
    expect(marksToUnset('highlight:blue')).toEqual(['highlight:yellow', 'highlight:green', 'highlight:pink', 'highlight:orange']);
  });

  it('subscript, superscript and gap exclude each other', () => {
    expect(marksToUnset('subscript')).toEqual(['superscript', 'gap']);
    expect(marksToUnset('superscript')).toEqual(['subscript', 'gap']);
    expect(marksToUnset('gap')).toEqual(['subscript', 'superscript']);
  });

  it('bold and italic exclude nothing and are excluded by nothing', () => {
    expect(marksToUnset('bold')).toEqual([]);
    expect(marksToUnset('italic')).toEqual([]);
    expect(exclusionGroupOf('bold')).toBeUndefined();
    for (const mark of FORMAT_MARKS) {
      expect(marksToUnset(mark)).not.toContain('bold');
      expect(marksToUnset(mark)).not.toContain('italic');
    }
  });

  it('never unsets the format being applied, and exclusion is symmetric', () => {
    for (const mark of FORMAT_MARKS) {
      expect(marksToUnset(mark)).not.toContain(mark);
      for (const other of marksToUnset(mark)) expect(marksToUnset(other)).toContain(mark);
    }
  });

  it('a text keeps at most one format per group when each applied format first unsets its group', () => {
    const marks = new Set<FormatMark>();
    const apply = (mark: FormatMark) => {
      for (const other of marksToUnset(mark)) marks.delete(other);
      marks.add(mark);
    };
    for (const mark of ['bold', 'underline', 'highlight:green', 'strike', 'highlight:orange', 'subscript', 'gap', 'italic'] as const) apply(mark);
    expect([...marks].sort()).toEqual(['bold', 'gap', 'highlight:orange', 'italic', 'strike']);
    for (const group of EXCLUSION_GROUPS) expect(group.filter((mark) => marks.has(mark)).length).toBeLessThanOrEqual(1);
  });

  it('maps formats to the document’s marks and back; a link is no format', () => {
    for (const format of FORMAT_MARKS) {
      const mark = markOfFormat(format);
      expect(RichTextMarkSchema.safeParse(mark).success, format).toBe(true);
      expect(formatOfMark(mark)).toBe(format);
    }
    expect(markOfFormat('highlight:pink')).toEqual({ type: 'highlight', attrs: { color: 'pink' } });
    expect(markOfFormat('strike')).toEqual({ type: 'strike' });
    expect(formatOfMark({ type: 'highlight' })).toBe('highlight:yellow');
    expect(formatOfMark({ type: 'link', attrs: { href: 'https://example.org/' } })).toBeNull();
  });

  it('isFormatMark tells toolbar formats from other names', () => {
    expect(isFormatMark('highlight:blue')).toBe(true);
    expect(isFormatMark('gap')).toBe(true);
    expect(isFormatMark('highlight:red')).toBe(false);
    expect(isFormatMark('linethrough')).toBe(false);
    expect(isFormatMark('bulletList')).toBe(false);
  });
});

describe('list toggles (spec section 4: ul and ol toggle)', () => {
  it('the same list button ends the list, the other switches, no list starts one', () => {
    expect(listAfterToggle(null, 'bulletList')).toBe('bulletList');
    expect(listAfterToggle('bulletList', 'bulletList')).toBeNull();
    expect(listAfterToggle('bulletList', 'orderedList')).toBe('orderedList');
    expect(listAfterToggle('orderedList', 'bulletList')).toBe('bulletList');
    expect(listAfterToggle('orderedList', 'orderedList')).toBeNull();
  });
});
