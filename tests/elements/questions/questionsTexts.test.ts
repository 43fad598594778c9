import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { questions } from '../../../i18n/resources/questions';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

const root = path.resolve(__dirname, '../../..');
const kindDirs = readdirSync(path.join(root, 'src/kinds'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `src/kinds/${entry.name}`);
const sources = ['src/elements/questions', ...kindDirs]
  .flatMap((dir) => readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.tsx')).map((f) => readFileSync(path.join(root, dir, f), 'utf8')))
  .filter((source) => source.includes("useTranslation('questions')"));

describe('questions texts', () => {
  it('German and English have the same keys', () => {
    expect(keysOf(questions.de as Tree).sort()).toEqual(keysOf(questions.en as Tree).sort());
  });

  it('every key the components use exists', () => {
    const known = new Set(keysOf(questions.en as Tree));
    const used = sources.flatMap((source) => [...source.matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)].map((m) => m[1]));
    // keys picked with a conditional: t(correct ? 'a' : 'b', …)
    const conditional = sources.flatMap((source) => [...source.matchAll(/\bt\([^)]*?\?\s*'([a-zA-Z.]+)'\s*:\s*'([a-zA-Z.]+)'/g)].flatMap((m) => [m[1], m[2]]));
    expect(used.length).toBeGreaterThan(30);
    expect([...used, ...conditional].filter((key) => !known.has(key))).toEqual([]);
  });

  it('keeps the spec wording in English', () => {
    expect(questions.en.freeText.placeholder).toBe('Insert answer text');
    expect(questions.en.freeText.evaluating).toBe('Evaluating answer...');
    expect(questions.en.freeText.submitted).toBe('Answer has been submitted');
    expect(questions.en.freeText.failed).toBe('Oops, something went wrong while evaluating your answer. Please try again later.');
    expect(`${questions.en.feedback.positiveTitle} ${questions.en.feedback.positiveText}`).toBe('Answered correctly: That is correct.');
    expect(`${questions.en.feedback.negativeTitle} ${questions.en.feedback.negativeText}`).toBe("Wrong answer: That's not quite right yet.");
    expect(questions.en.barrier.hintLocked).toBe('Learning content above not yet completed');
  });
});
