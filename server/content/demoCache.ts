/**
 * The demo files as the build prepared them: `dist/server/demo-cache.json`, written by the build
 * (server/prepareBuild.ts), maps the sha256 of a demo file's bytes to its content checked and
 * sanitised. A first start whose demo files are byte for byte the ones the build saw takes them
 * from here instead of loading the sanitiser's DOM (jsdom) and sanitising three materials (half the
 * first start's CPU: docs/decisions.md). Any other file (edited
 * content, another CONTENT_DIR) is prepared as before. The cache is made for the sanitiser version
 * it names and ignored under another; `DEMO_CACHE=0` ignores it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SANITIZER_VERSION } from '../../model/sanitize';
import { SERVER_BUILD_DIR } from '../paths';

export const DEMO_CACHE_FILE = path.join(SERVER_BUILD_DIR, 'demo-cache.json');

interface DemoCacheContent {
  sanitizer: number;
  /** Prepared content by the sha256 (hex) of the file's bytes. */
  files: Record<string, unknown>;
}

/** The key of a file's bytes in the cache. */
export const contentHash = (bytes: string | Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The prepared files by content hash; empty when there is no cache for this sanitiser version. */
export function readDemoCache(file = DEMO_CACHE_FILE, env: NodeJS.ProcessEnv = process.env): Map<string, unknown> {
  if (['0', 'off', 'false', 'no'].includes((env.DEMO_CACHE ?? '').trim().toLowerCase())) return new Map();
  try {
    const content = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoCacheContent;
    if (content.sanitizer !== SANITIZER_VERSION || typeof content.files !== 'object' || content.files === null) return new Map();
    return new Map(Object.entries(content.files));
  } catch {
    return new Map();
  }
}

/** Writes the cache complete or not at all. */
export function writeDemoCache(files: ReadonlyMap<string, unknown>, file = DEMO_CACHE_FILE): void {
  const content: DemoCacheContent = { sanitizer: SANITIZER_VERSION, files: Object.fromEntries(files) };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(content));
  fs.renameSync(tmp, file);
}
