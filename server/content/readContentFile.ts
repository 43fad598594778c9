import fs from 'node:fs/promises';
import { z } from 'zod';
import { formatIssues } from '../../model/material';

export type ReadResult<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** Line and column (1-based) of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** JSON.parse with the error located as `line L, column C`. */
export function parseJson(text: string): ReadResult<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    const lineCol = /line (\d+) column (\d+)/.exec(message);
    const position = /at position (\d+)/.exec(message);
    const where = lineCol
      ? { line: Number(lineCol[1]), column: Number(lineCol[2]) }
      : lineAndColumn(text, position ? Number(position[1]) : text.length);
    const reason = message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/\s*in JSON at position \d+/, '');
    return { ok: false, problems: [`invalid JSON at line ${where.line}, column ${where.column}: ${reason}`] };
  }
}

/** Reads a JSON file and checks it with a schema; problems are `path: message` lines. */
export async function readContentFile<S extends z.core.$ZodType>(file: string, schema: S): Promise<ReadResult<z.output<S>>> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    return { ok: false, problems: [`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`] };
  }
  return checkContentText(text, schema);
}

/** The text of a JSON file (a byte-order mark allowed) checked with a schema, as `readContentFile` does. */
export function checkContentText<S extends z.core.$ZodType>(text: string, schema: S): ReadResult<z.output<S>> {
  const json = parseJson(text.replace(/^\uFEFF/, ''));
  if (!json.ok) return json;
  const parsed = z.safeParse(schema, json.value);
  if (!parsed.success) return { ok: false, problems: formatIssues(parsed.error) };
  return { ok: true, value: parsed.data };
}
