import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine } from 'xstate';
import * as timingValues from '../../model/constants';
import { chartOf } from './chart';
import { readTimingConstants } from './constants';
import { toMermaid } from './mermaid';
import { toReadme, type ExportedMachine } from './readme';
import { openMermaid } from './renderSvg';
import { toScxml } from './scxml';

/*
 * Writes the exported statecharts of a machine registry into a directory: per machine
 * `<name>.mmd`, `<name>.scxml`, `<name>.svg`, and one README.md. Machines in name order; no
 * timestamps, so the same machines give the same bytes.
 */

export const DOCS_DIR = 'docs/statecharts';

/** Files the export owns in DOCS_DIR (coverage.md/json belong to `npm run coverage:paths`). */
export function isExportFile(file: string): boolean {
  return file === 'README.md' || /\.(mmd|scxml|svg)$/.test(file);
}

export type ExportOptions = { svg: boolean };

export async function exportCharts(registry: Record<string, AnyStateMachine>, outDir: string, options: ExportOptions): Promise<string[]> {
  const names = Object.keys(registry).sort();
  const exported: ExportedMachine[] = names.map((name) => ({ name, machine: registry[name], chart: chartOf(registry[name]) }));
  const files = new Map<string, string>();
  for (const { name, chart } of exported) {
    files.set(`${name}.mmd`, toMermaid(chart));
    files.set(`${name}.scxml`, toScxml(chart));
  }
  files.set('README.md', toReadme(exported, readTimingConstants(undefined, timingValues)));
  if (options.svg) {
    const mermaid = await openMermaid();
    try {
      for (const { name } of exported) files.set(`${name}.svg`, await mermaid.render(`statechart-${name}`, files.get(`${name}.mmd`)!));
    } finally {
      await mermaid.close();
    }
  }
  mkdirSync(outDir, { recursive: true });
  // A machine removed from the registry takes its files with it.
  for (const file of readdirSync(outDir)) {
    if (isExportFile(file) && !files.has(file) && (options.svg || !file.endsWith('.svg'))) rmSync(path.join(outDir, file));
  }
  for (const [file, text] of files) writeFileSync(path.join(outDir, file), text);
  return [...files.keys()].sort();
}

export type Drift = { changed: string[]; missing: string[]; extra: string[] };

/** Compares a fresh export (`freshDir`) with the committed one: files that differ, are missing, or should not be there. */
export function compareExports(freshDir: string, committedDir: string, options: ExportOptions): Drift {
  const relevant = (file: string) => isExportFile(file) && (options.svg || !file.endsWith('.svg'));
  const fresh = readdirSync(freshDir).filter(relevant).sort();
  const committed = existsSync(committedDir) ? readdirSync(committedDir).filter(relevant).sort() : [];
  return {
    changed: fresh.filter((f) => committed.includes(f) && readFileSync(path.join(freshDir, f), 'utf8') !== readFileSync(path.join(committedDir, f), 'utf8')),
    missing: fresh.filter((f) => !committed.includes(f)),
    extra: committed.filter((f) => !fresh.includes(f)),
  };
}
