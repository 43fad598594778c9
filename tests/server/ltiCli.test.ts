import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPgliteDataDir, testDatabaseKinds, useTestDatabase } from './databases';
import { ensureServerBuild, runCommand } from './compiledServer';

/*
 * `npm run lti` on the database itself (no server runs on it). Through a running server the command
 * calls the admin routes that tests/server/lti.test.ts drives.
 */

/** The command as `npm run` runs it: the compiled entry (scripts/run-cli.mjs), as in production. */
const CLI = 'lti';

beforeAll(() => ensureServerBuild(), 180_000);
const kind = testDatabaseKinds[testDatabaseKinds.length - 1];

describe(`npm run lti on ${kind}`, () => {
  const t = useTestDatabase(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-lti-cli-'));
  const dataDir = path.join(dir, 'data');
  const run = (args: string[]) => runCommand(CLI, args, { DATA_DIR: dataDir, DATABASE_URL: t.url, PUBLIC_ORIGIN: 'https://lernwerk.school.example' });

  beforeAll(async () => {
    if (kind === 'pglite') await seedPgliteDataDir(dataDir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('registers a platform and prints the URLs to paste into the LMS; refuses http platforms off this machine', async () => {
    const platform = ['--issuer', 'https://moodle.school.example', '--client-id', 'AbC123', '--auth-url', 'https://moodle.school.example/mod/lti/auth.php', '--token-url', 'https://moodle.school.example/mod/lti/token.php', '--jwks-url', 'https://moodle.school.example/mod/lti/certs.php'];
    const added = await run(['add-platform', ...platform, '--deployment-id', '7', '--deployment-id', '8']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout.split('\n').slice(-5)).toEqual([
      'OIDC login URL: https://lernwerk.school.example/lti/login',
      'Launch URL: https://lernwerk.school.example/lti/launch',
      'JWKS URL: https://lernwerk.school.example/lti/jwks',
      'Deep linking URL: https://lernwerk.school.example/lti/launch',
      '',
    ]);
    const http = await run(['add-platform', ...platform.map((a) => a.replace('https://moodle', 'http://moodle')), '--deployment-id', '7']);
    expect([http.code, http.stderr]).toEqual([2, '--issuer: https (http only for a platform on this machine: localhost, 127.0.0.1, [::1])\n--auth-url: https (http only for a platform on this machine: localhost, 127.0.0.1, [::1])\n--token-url: https (http only for a platform on this machine: localhost, 127.0.0.1, [::1])\n--jwks-url: https (http only for a platform on this machine: localhost, 127.0.0.1, [::1])\n']);
    const list = await run(['list', '--json']);
    expect(JSON.parse(list.stdout)).toMatchObject([{ issuer: 'https://moodle.school.example', clientId: 'AbC123', deploymentIds: ['7', '8'] }]);
  });
});
