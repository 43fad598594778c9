import { readFileSync } from 'node:fs';
import ts from 'typescript';
import type { DelayRef } from './names';

/*
 * The timing constants of model/constants.ts (spec section 9) with their doc comments, so the
 * index can say where a delay's number comes from. Machines name delays in `setup({ delays })`
 * with these values; the machine object keeps only the number, so a delay is matched to its
 * constant by value, and among equal values by the words the names share.
 */

export type TimingConstant = { name: string; value: number; doc?: string };

export const CONSTANTS_FILE = 'model/constants.ts';

function docOf(statement: ts.Statement, source: ts.SourceFile): string | undefined {
  const ranges = ts.getLeadingCommentRanges(source.text, statement.pos) ?? [];
  const docs = ranges
    .map((range) => source.text.slice(range.pos, range.end))
    .filter((text) => text.startsWith('/**'))
    .map((text) => text.replace(/^\/\*\*|\*\/$/g, '').replace(/^\s*\* ?/gm, '').replace(/\s+/g, ' ').trim());
  return docs.length ? docs[docs.length - 1] : undefined;
}

/** Every exported numeric constant whose name ends in `_MS`; a constant without its own doc shares the one just above it. */
export function readTimingConstants(file = CONSTANTS_FILE, values: Record<string, unknown> = {}): TimingConstant[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const constants: TimingConstant[] = [];
  let previousDoc: string | undefined;
  let previousEnd = -1;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) {
      previousDoc = undefined;
      continue;
    }
    const ownDoc = docOf(statement, source);
    const gap = source.text.slice(previousEnd, statement.getStart(source, true));
    const doc = ownDoc ?? (previousEnd >= 0 && !/\n\s*\n/.test(gap) ? previousDoc : undefined);
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(source);
      const value = values[name];
      if (name.endsWith('_MS') && typeof value === 'number') constants.push({ name, value, ...(doc ? { doc } : {}) });
    }
    previousDoc = doc;
    previousEnd = statement.end;
  }
  return constants;
}

const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && word !== 'ms');

/** The constant a delay of `machineId` takes its value from: equal value, most words in common; undefined when none or a tie. */
export function constantOfDelay(delay: DelayRef, machineId: string, constants: TimingConstant[]): TimingConstant | undefined {
  if (delay.ms === undefined) return undefined;
  const candidates = constants.filter((c) => c.value === delay.ms);
  if (candidates.length <= 1) return candidates[0];
  const own = new Set([...words(delay.name ?? ''), ...words(machineId)]);
  const scored = candidates.map((c) => ({ c, score: words(c.name).filter((w) => own.has(w)).length })).sort((a, b) => b.score - a.score);
  return scored[0].score > scored[1].score ? scored[0].c : undefined;
}
