import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/*
 * The transitions the Playwright run took in a real browser: the viewer records them through
 * XState's inspection API into `window.__lernwerkTransitions` (src/viewer/inspection.ts), and the
 * e2e fixture (e2e/support/transitions.ts) saves one file per test.
 */

export const TRANSITIONS_DIR = 'test-results/transitions';

/** One microstep: `transitions` are keys `source|event|index` (ChartTransition.key). */
export const RecordedTransition = z.object({
  machineId: z.string(),
  actorId: z.string(),
  from: z.unknown(),
  event: z.string(),
  to: z.unknown(),
  transitions: z.array(z.string()),
});
export type RecordedTransition = z.infer<typeof RecordedTransition>;

export const TransitionsFile = z.object({ test: z.string(), transitions: z.array(RecordedTransition) });
export type TransitionsFile = z.infer<typeof TransitionsFile>;

export type RecordedRun = { files: TransitionsFile[]; invalid: string[] };

/** Every saved file of the last e2e run, or null when there is none (e2e not run). */
export function readRecordedRun(dir = TRANSITIONS_DIR): RecordedRun | null {
  if (!existsSync(dir)) return null;
  const names = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  if (!names.length) return null;
  const files: TransitionsFile[] = [];
  const invalid: string[] = [];
  for (const name of names) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    } catch {
      invalid.push(name);
      continue;
    }
    const parsed = TransitionsFile.safeParse(json);
    if (parsed.success) files.push(parsed.data);
    else invalid.push(name);
  }
  return { files, invalid };
}
