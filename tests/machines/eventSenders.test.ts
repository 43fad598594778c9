import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../scripts/statecharts/machines';

/*
 * Every event a machine of scripts/statecharts/machines.ts accepts (an `on` key of any of its state nodes; the
 * actors' done and error events, delays and `always` are xstate's own) has a sender in the product:
 * an object literal whose `type` is that string (`send({ type: … })`, `sendTo`, `raise`, `sendBack`,
 * an `emit` forwarded to the machine, an event factory) in a source file of the product. An event
 * nobody sends is a state or a transition the learner never reaches: give it its sender, or remove it.
 */

const ROOT = join(import.meta.dirname, '../..');
const PRODUCT = ['src', 'paint', 'i18n', 'routes', 'machines', 'server'];

/** Accepted events that have no sender in the product, each with the reason it stays. */
const WITHOUT_SENDER: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The strings an expression can be: literals, both arms of a conditional, through `as`, `satisfies` and parentheses. */
function stringsOf(node: ts.Expression): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isConditionalExpression(node)) return [...stringsOf(node.whenTrue), ...stringsOf(node.whenFalse)];
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) return stringsOf(node.expression);
  return [];
}

/** The event types the product's source builds: the `type` of every object literal, with where it stands. */
function sentTypes(): Map<string, string> {
  const sent = new Map<string, string>();
  for (const file of PRODUCT.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        for (const property of node.properties) {
          if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === 'type') {
            for (const type of stringsOf(property.initializer)) if (!sent.has(type)) sent.set(type, relative(ROOT, file));
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sent;
}

type StateNodeLike = { config: { on?: Record<string, unknown> }; states: Record<string, StateNodeLike> };

/** The event types the machine's state nodes name in `on` (xstate's own `xstate.*` events left out). */
function acceptedTypes(machine: AnyStateMachine): Set<string> {
  const types = new Set<string>();
  const walk = (node: StateNodeLike) => {
    for (const type of Object.keys(node.config.on ?? {})) if (!type.startsWith('xstate.')) types.add(type);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root as unknown as StateNodeLike);
  return types;
}

/** Whether `type` (maybe a wildcard: `*` or `prefix.*`) has a sender. */
function hasSender(type: string, sent: ReadonlyMap<string, string>): boolean {
  if (type === '*') return sent.size > 0;
  if (type.endsWith('.*')) return [...sent.keys()].some((t) => t.startsWith(type.slice(0, -1)));
  return sent.has(type);
}

describe('every event a machine accepts has a sender in the product', () => {
  const sent = sentTypes();
  it.each(Object.entries(machines))('%s', (name, machine) => {
    const missing = [...acceptedTypes(machine)].filter((type) => !hasSender(type, sent) && !(`${name} ${type}` in WITHOUT_SENDER));
    expect(missing).toEqual([]);
  });

  it('each exception still names an event without a sender', () => {
    for (const key of Object.keys(WITHOUT_SENDER)) {
      const [name, type] = key.split(' ') as [string, string];
      expect(acceptedTypes(machines[name]!).has(type)).toBe(true);
      expect(hasSender(type, sent)).toBe(false);
    }
  });
});
