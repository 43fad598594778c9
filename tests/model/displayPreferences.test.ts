import { describe, expect, it } from 'vitest';
import { rtlLanguageOf } from '../../model/contentDirection';
import { DEFAULT_DISPLAY, displayAttributes, displayValue, parseDisplayValue } from '../../model/displayPreferences';

describe('display preferences', () => {
  it('read back what they wrote, and the defaults from anything else', () => {
    const chosen = { textSize: 175, contrast: 'more', motion: 'reduce', font: 'readable' } as const;
    expect(displayValue(chosen)).toBe('175.more.reduce.readable');
    expect(parseDisplayValue(displayValue(chosen))).toEqual(chosen);
    for (const value of [null, undefined, '', '90.system.system.default', '150.loud.system.default', '150.more.reduce', 'abc']) {
      expect(parseDisplayValue(value), String(value)).toEqual(DEFAULT_DISPLAY);
    }
  });

  it('name on <html> only what differs from the default', () => {
    expect(displayAttributes(DEFAULT_DISPLAY)).toEqual({});
    expect(displayAttributes({ ...DEFAULT_DISPLAY, textSize: 150, font: 'readable' })).toEqual({ 'data-text-size': '150', 'data-font': 'readable' });
  });
});

describe('the direction of a material', () => {
  it('is right to left for Arabic, Hebrew, Persian and Urdu, by tag or by name, under any of the language keys', () => {
    expect(rtlLanguageOf({ language: 'ar' })).toBe('ar');
    expect(rtlLanguageOf({ Lang: 'fa-IR' })).toBe('fa-IR');
    expect(rtlLanguageOf({ sprache: 'Hebräisch' })).toBe('he');
    expect(rtlLanguageOf({ locale: ['urdu'] })).toBe('ur');
    expect(rtlLanguageOf({ language: ' Arabic ' })).toBe('ar');
  });

  it('is left to right otherwise: other languages, look-alike tags, no language', () => {
    const others: Record<string, string>[] = [{ language: 'de' }, { language: 'Deutsch' }, { language: 'arn' }, { language: 'hebrew-ish' }, { fach: 'ar' }, {}];
    for (const metadata of others) {
      expect(rtlLanguageOf(metadata), JSON.stringify(metadata)).toBeNull();
    }
    expect(rtlLanguageOf(undefined)).toBeNull();
  });
});
