import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Imports `content` (a material or collection file's JSON) into the database in `dataDir` the way an
 * author does, `server/cli/import.ts FILE --share KIND` (through the server when one runs on that
 * database, else directly), and answers the share's public id from the link it prints.
 */
export async function importShare(content: unknown, dataDir: string, share: 'public' | 'guest' | 'scorm' | 'private'): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lernwerk-import-'));
  const file = path.join(dir, 'content.json');
  writeFileSync(file, JSON.stringify(content));
  try {
    const cli = spawn(process.execPath, ['--import', 'tsx', 'server/cli/import.ts', file, '--share', share], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      cli.once('error', reject);
      cli.once('exit', resolve);
    });
    const link = /\/s\/([A-Za-z0-9_-]+)\//.exec(output);
    if (code !== 0 || !link) throw new Error(`the import exited with ${code}:\n${output}`);
    return link[1];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
