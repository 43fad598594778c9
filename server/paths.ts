import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root (the directory of package.json), found from this module's own place: `server/`
 * when running from source (tsx, vitest), `dist/server/` when compiled (scripts/server-build.mjs
 * bundles the server there, shared code in chunks beside the entry files). Files the server reads
 * from the project (migrations, the default content and client dirs) are resolved from here, never
 * from `import.meta.url` of the module that reads them, and never from the working directory.
 */
export const APP_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}: the server must run inside the project directory`);
  }
}

/** The compiled server (`npm run build:server`). */
export const SERVER_BUILD_DIR = path.join(APP_ROOT, 'dist', 'server');

/**
 * DATA_DIR as an absolute path: relative to the working directory when given, else `data` in the
 * project directory (so the server and the commands find the same dir wherever they are started).
 * Here, without zod (server/config.ts), so that the server opens its database before loading anything else.
 */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(APP_ROOT, 'data');
}
