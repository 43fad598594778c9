import { execFileSync } from 'node:child_process';

/*
 * The port of an end-to-end run. `E2E_PORT` when it is set; otherwise a free one, found once in the
 * process that evaluates playwright.config.ts first (the runner) and written to `process.env.E2E_PORT`,
 * so the worker processes, which evaluate the config again but inherit the runner's environment when they
 * are forked, read the same port instead of choosing their own.
 *
 * A run uses a block of ports: the suite's server on the first, specs' own servers (ownPort(offset) in
 * ownServer.ts) on the next ones. A free block is looked for below Linux's ephemeral range (32768 up),
 * so an outgoing connection cannot take one of its ports while the run goes on.
 */

/** Ports a run uses from its base: the suite's server and the offsets of ownPort (up to 15). */
export const E2E_PORT_SPAN = 16;
const SEARCH_FROM = 20_000;
const SEARCH_TO = 32_000;

/**
 * Runs in a child node (playwright.config.ts is evaluated synchronously, and binding a socket is not):
 * tries random bases until every port of base … base+span-1 can be bound on 127.0.0.1, prints the base.
 */
const FIND_FREE_BLOCK = `
const net = require('node:net');
const [span, from, to] = process.argv.slice(1).map(Number);
const bindable = (port) => new Promise((resolve) => {
  const server = net.createServer();
  server.once('error', () => resolve(false));
  server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
});
(async () => {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = from + Math.floor(Math.random() * (to - from - span + 1));
    let free = true;
    for (let port = base; port < base + span && free; port++) free = await bindable(port);
    if (free) { process.stdout.write(String(base)); return; }
  }
  process.exitCode = 1;
})();
`;

/** A base port whose whole block of `span` ports is free now (on 127.0.0.1), the block within `from` … `to`. */
export function findFreePortBlock(span = E2E_PORT_SPAN, from = SEARCH_FROM, to = SEARCH_TO): number {
  const output = execFileSync(process.execPath, ['-e', FIND_FREE_BLOCK, String(span), String(from), String(to)], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  const port = Number(output);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no free block of ${span} ports found between ${from} and ${to}`);
  return port;
}

/** `E2E_PORT` if set (it must be a port number); else a free port, stored in `env.E2E_PORT` for the workers. */
export function e2ePort(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.E2E_PORT;
  if (given !== undefined && given !== '') {
    const port = Number(given);
    if (!Number.isInteger(port) || port < 1 || port > 65535 - E2E_PORT_SPAN) throw new Error(`E2E_PORT is not a usable port: ${given}`);
    return port;
  }
  const port = findFreePortBlock();
  env.E2E_PORT = String(port);
  return port;
}

/** Where end-to-end runs keep their servers' data dirs. */
export const E2E_DATA_ROOT = '.cache/e2e-data';

/**
 * The data dir of the suite's server (playwright.config.ts `webServer`): one per port, made empty at its start and
 * removed when it stops. Specs read the server's admin token from its servers/PID.json (support/demoShares.ts).
 */
export function suiteDataDir(port: number = e2ePort()): string {
  return `${E2E_DATA_ROOT}/suite-${port}`;
}
