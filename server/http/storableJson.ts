import { formatPath } from '../../model/material';

/** A refused body's problem: its path and why, an item of the API's error answer (./errors.ts ApiErrorItem). */
export type JsonProblem = { path: string; message: string };

/** The deepest nesting of arrays and objects a request body may have (the body itself is level 1). */
export const MAX_JSON_DEPTH = 32;

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badText(text: string): string | null {
  if (text.includes(NUL)) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone surrogate (U+D800 to U+DFFF without its pair)';
  return null;
}

/**
 * The first reason a parsed request body cannot be taken as sent, with its path: nesting deeper than
 * MAX_JSON_DEPTH, or a string (value or key) holding NUL or a lone surrogate, which the database cannot
 * store as they are and would either refuse or change. Refused with a 400 rather than stored altered
 * (issue 14): what a learner typed comes back exactly, or is not taken. Stops at the first problem,
 * and never descends past `maxDepth`, so a body nested 100,000 levels costs 32 steps.
 */
export function unstorableJson(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | null {
  const visit = (node: unknown, path: PropertyKey[], depth: number): JsonProblem | null => {
    if (typeof node === 'string') {
      const message = badText(node);
      return message ? { path: formatPath(path), message } : null;
    }
    if (node === null || typeof node !== 'object') return null;
    if (depth > maxDepth) return { path: formatPath(path), message: `nested deeper than ${maxDepth} levels` };
    const entries: [PropertyKey, unknown][] = Array.isArray(node) ? node.map((item, i) => [i, item]) : Object.entries(node);
    for (const [key, child] of entries) {
      if (typeof key === 'string') {
        const message = badText(key);
        if (message) return { path: formatPath([...path, key]), message: `its name ${message}` };
      }
      const found = visit(child, [...path, key], depth + 1);
      if (found) return found;
    }
    return null;
  };
  return visit(value, [], 1);
}
