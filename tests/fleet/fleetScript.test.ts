/**
 * The fleet library (scripts/fleet/fleet.ts, `npm run fleet`): a PostgreSQL 15 primary with a
 * streaming replica, two compiled servers and HAProxy come up, the balancer spreads requests over
 * both servers and keeps answering while one is killed and started again, the replica follows the
 * primary, freeze/thaw hangs and frees the database, and `down()` leaves no process and no port.
 * Runs where PostgreSQL 15 and HAProxy are installed (CI installs both: .ci/run).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetPrerequisites, ROOT, startFleet, type Fleet } from '../../scripts/fleet/fleet';
import { haproxyConfig, parseHaproxyCsv } from '../../scripts/fleet/haproxyConfig';
import { nginxSiteConfig } from '../../scripts/fleet/nginxConfig';
import { portAnswers } from '../../scripts/fleet/ports';
import { isRunning, processesIn, type ProcessId } from '../../scripts/fleet/processes';

const missing = fleetPrerequisites('haproxy');

/** GETs `path` through the balancer `times` times; answers the statuses (0: no answer). */
async function statuses(origin: string, path: string, times: number): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < times; i++) {
    answers.push(await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.status, () => 0));
  }
  return answers;
}

/** Pids of processes working in `dir` or below (also when it was removed: Linux then adds " (deleted)"). */
function processesWithin(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`).startsWith(dir)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Requests each server of `backend lernwerk` answered so far, by HAProxy's statistics. */
async function answeredBy(fleet: Fleet): Promise<Record<string, number>> {
  const stats = (await fleet.balancer.stats()) ?? [];
  return Object.fromEntries(stats.filter((s) => s.proxy === 'lernwerk' && /^app\d+$/.test(s.name)).map((s) => [s.name, Number(s.fields.stot)]));
}

describe('the fleet\'s balancer configs, made from deploy/', () => {
  const servers = [
    { name: 'app1', port: 41001 },
    { name: 'app2', port: 41002 },
    { name: 'app3', port: 41003 },
  ];

  it('keeps HAProxy\'s reference config but for addresses, servers and the foreground process', () => {
    const template = fs.readFileSync(path.join(ROOT, 'deploy/haproxy/lernwerk.cfg'), 'utf8');
    const config = haproxyConfig(template, { host: '127.0.0.1', port: 41000, statsPort: 41009, servers, checkPath: '/api/ready', socketFile: '/tmp/x/haproxy.sock' });
    const lines = config.split('\n').map((line) => line.trim());
    expect(lines).toContain('bind 127.0.0.1:41000');
    expect(lines).toContain('bind 127.0.0.1:41009');
    expect(lines.filter((line) => line.startsWith('server '))).toEqual(['server app1 127.0.0.1:41001', 'server app2 127.0.0.1:41002', 'server app3 127.0.0.1:41003']);
    expect(lines).toContain('log stdout format raw local0');
    expect(lines).toContain('stats socket /tmp/x/haproxy.sock mode 600 level admin');
    for (const gone of ['daemon', 'user haproxy', 'group haproxy', 'chroot /var/lib/haproxy']) expect(lines).not.toContain(gone);
    // What the fleet tests is what operators deploy.
    for (const kept of ['option httpchk GET /api/ready', 'http-check expect status 200', 'balance roundrobin', 'option redispatch 1', 'retries 2', 'option forwardfor']) {
      expect(lines).toContain(kept);
    }
  });

  it('keeps nginx\'s reference site but for addresses and servers', () => {
    const template = fs.readFileSync(path.join(ROOT, 'deploy/nginx/lernwerk.conf'), 'utf8');
    const lines = nginxSiteConfig(template, { host: '127.0.0.1', port: 41000, statsPort: 41009, servers }).split('\n').map((line) => line.trim());
    expect(lines.filter((line) => line.startsWith('server 127.'))).toEqual(servers.map((s) => `server 127.0.0.1:${s.port} max_fails=2 fail_timeout=5s;`));
    expect(lines.filter((line) => line.startsWith('listen '))).toEqual(['listen 127.0.0.1:41000;', 'listen 127.0.0.1:41009;']);
    expect(lines).toContain('proxy_next_upstream error timeout http_503;');
  });

  it('reads HAProxy\'s CSV statistics', () => {
    const csv = '# pxname,svname,scur,stot,status,check_status,\nlernwerk,FRONTEND,0,12,OPEN,,\nlernwerk,app1,0,7,UP,L7OK,\nlernwerk,app2,0,5,DOWN 1/2,L4CON,\n';
    const stats = parseHaproxyCsv(csv);
    expect(stats.map((s) => [s.name, s.status, s.rawStatus, s.fields.stot])).toEqual([
      ['FRONTEND', 'OPEN', 'OPEN', '12'],
      ['app1', 'UP', 'UP', '7'],
      ['app2', 'DOWN', 'DOWN 1/2', '5'],
    ]);
  });
});

describe.skipIf(missing.length > 0)('the fleet (scripts/fleet)', () => {
  let fleet: Fleet;

  beforeAll(async () => {
    fleet = await startFleet({ servers: 2, replica: true, shutdownDrainMs: 1_000 });
  }, 120_000);

  afterAll(async () => {
    // Only when a test failed before `down` ran.
    if (fleet && fs.existsSync(fleet.dir)) await fleet.down({ fast: true });
  }, 60_000);

  it('serves the demo through the balancer, from both servers', async () => {
    expect(fleet.checkPath).toBe('/api/ready');
    expect(fleet.demoShares.material).toMatch(/^[\w-]{10,}$/);
    expect(fleet.servers.map((s) => s.env.DATABASE_READ_URL)).toEqual([fleet.replica?.url, fleet.replica?.url]);
    const before = await answeredBy(fleet);
    const page = await fetch(`${fleet.origin}/s/${fleet.demoShares.material}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    expect(await statuses(fleet.origin, '/api/health', 10)).toEqual(Array(10).fill(200));
    const after = await answeredBy(fleet);
    // Round robin: 11 requests, each server got some.
    for (const name of ['app1', 'app2']) expect(after[name] - before[name], name).toBeGreaterThanOrEqual(4);
  });

  it('keeps answering while a server is killed, and takes it back once it is started again', async () => {
    const [first] = fleet.servers;
    const oldPid = first.pid;
    expect(first.kill('SIGKILL')).toBe(true);
    await first.waitExit(5_000);
    // A refused connection is retried on the other server (retries + redispatch): no learner sees it.
    expect(await statuses(fleet.origin, '/api/health', 10)).toEqual(Array(10).fill(200));
    await fleet.balancer.waitForServers(['app1'], 'DOWN', 10_000);
    expect(await first.ready()).toBe(false);

    await first.start();
    expect(first.pid).not.toBe(oldPid);
    expect(await first.ready()).toBe(true);
    await fleet.balancer.waitForServers(['app1'], 'UP', 10_000);
    const before = await answeredBy(fleet);
    expect(await statuses(fleet.origin, '/api/health', 6)).toEqual(Array(6).fill(200));
    expect((await answeredBy(fleet)).app1).toBeGreaterThan(before.app1);
  });

  it('has a replica that follows the primary, and a primary that can be frozen and thawed', async () => {
    const replica = fleet.replica!;
    await fleet.primary.sql('CREATE TABLE fleet_probe (n int)');
    await fleet.primary.sql('INSERT INTO fleet_probe VALUES (42)');
    await replica.waitCaughtUp(10_000);
    expect(await replica.sql('SELECT n FROM fleet_probe')).toEqual([{ n: 42 }]);
    // Not 0: the servers' readiness checks write a heartbeat every second, which the replica replays a moment later.
    const lag = await replica.lag();
    expect(lag.bytes).toBeLessThan(64 * 1024);

    fleet.primary.freeze();
    await expect(fleet.primary.sql('SELECT 1', [], { timeoutMs: 500 })).rejects.toThrow();
    fleet.primary.thaw();
    expect(await fleet.primary.sql('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('down() stops every process and frees every port', async () => {
    const state = fleet.state;
    const longLived: ProcessId[] = [
      ...fleet.servers.map((s) => s.state.process!),
      fleet.balancer.state.process!,
      state.watchdog!,
      fleet.primary.postmaster()!,
      fleet.replica!.postmaster()!,
    ];
    expect(longLived.every(isRunning)).toBe(true);
    // With every process of the two clusters (checkpointer, WAL sender and receiver, backends …).
    const processes = [...longLived, ...processesIn(fleet.primary.dataDir), ...processesIn(fleet.replica!.dataDir)];
    expect(processes.length).toBeGreaterThan(10);
    const ports = [...state.servers.map((s) => s.port), state.balancer.port, state.balancer.statsPort, state.primary.port, state.replica!.port];

    const started = Date.now();
    await fleet.down();
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(processes.filter(isRunning)).toEqual([]);
    expect(processesWithin(fleet.dir)).toEqual([]);
    for (const port of ports) expect(await portAnswers(port), `port ${port}`).toBe(false);
    expect(fs.existsSync(fleet.dir)).toBe(false);
  }, 30_000);
});
