import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { E2E_PORT_SPAN, e2ePort, findFreePortBlock } from '../../e2e/support/e2ePort';

/*
 * Issue 10, point 5: the end-to-end run picks its own port. The whole suite runs with port 3100 taken in
 * `npm test` (scripts/test-all.sh); these are the quick checks of the choice itself.
 */

const listeners: Server[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Listens on 127.0.0.1:`port`; resolves false when something else holds it already (it is taken either way). */
function occupy(port: number): Promise<boolean> {
  const server = createServer((socket) => socket.destroy());
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => {
      listeners.push(server);
      resolve(true);
    });
  });
}

function bindable(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('e2ePort', () => {
  it('takes E2E_PORT when it is set, and refuses one that is no port', () => {
    expect(e2ePort({ E2E_PORT: '4321' })).toBe(4321);
    expect(() => e2ePort({ E2E_PORT: 'abc' })).toThrow('E2E_PORT is not a usable port: abc');
  });

  it('without E2E_PORT and with 3100 taken: a free block elsewhere, written to the environment the workers inherit', async () => {
    await occupy(3100);
    const env: NodeJS.ProcessEnv = {};
    const port = e2ePort(env);
    expect(port).not.toBe(3100);
    expect(env.E2E_PORT).toBe(String(port));
    for (let offset = 0; offset < E2E_PORT_SPAN; offset++) expect(await bindable(port + offset), `port ${port + offset}`).toBe(true);
    // Asked again (a worker evaluating the config anew), the same port: it is read back, not found again.
    expect(e2ePort(env)).toBe(port);
    // A child process forked with that environment, as Playwright forks its workers, reads the same port.
    const inChild = execFileSync(process.execPath, ['-e', 'process.stdout.write(process.env.E2E_PORT)'], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(Number(inChild)).toBe(port);
  });

  it('skips a block with any port taken', async () => {
    // A range with room for two blocks, base and base+1; the first port taken, so only base+1 is left.
    const base = findFreePortBlock(E2E_PORT_SPAN + 1);
    expect(await occupy(base)).toBe(true);
    for (let i = 0; i < 5; i++) expect(findFreePortBlock(E2E_PORT_SPAN, base, base + E2E_PORT_SPAN + 1)).toBe(base + 1);
  });
});
