/**
 * `DIR/fleet.json`: what a fleet consists of (ports, directories, pids), so that `npm run fleet --
 * down` and `status`, and the watchdog of a test run, find everything a start left running. Written
 * whenever a process of the fleet starts (a server started again has a new pid).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ProcessId } from './processes';

export const STATE_FILE = 'fleet.json';

export type BalancerKind = 'haproxy' | 'nginx';

export interface ServerState {
  /** app1, app2 …: also the server's name in the balancer's config. */
  name: string;
  port: number;
  dataDir: string;
  logFile: string;
  /** The node binary (`--node`). */
  node: string;
  /** The environment it is started with (no secrets: the fleet's PostgreSQL trusts local connections). */
  env: Record<string, string>;
  process: ProcessId | null;
}

export interface PostgresState {
  role: 'primary' | 'replica';
  port: number;
  dataDir: string;
  logFile: string;
}

export interface BalancerState {
  kind: BalancerKind;
  port: number;
  host: string;
  /** The stats page (HAProxy) or stub_status (nginx). */
  statsPort: number;
  configFile: string;
  logFile: string;
  process: ProcessId | null;
}

/** The demo's share ids, as the servers print them at start. */
export interface DemoShares {
  material?: string;
  materialEn?: string;
  collection?: string;
  materialGuest?: string;
  materialPrivate?: string;
}

export interface FleetState {
  version: 1;
  dir: string;
  createdAt: string;
  /** Processes outlive the process that started them (`npm run fleet -- up`); else a watchdog ends them with it. */
  persist: boolean;
  /** The path the balancer checks and `ready()` asks: /api/ready, or /api/health on a server without it. */
  checkPath: string;
  shutdownDrainMs: number;
  database: string;
  primary: PostgresState;
  replica: PostgresState | null;
  servers: ServerState[];
  balancer: BalancerState;
  /** The test run's watchdog (scripts/fleet/cleanup.ts), when there is one. */
  watchdog: ProcessId | null;
  /** The demo's share ids (as the servers printed them). */
  demoShares: DemoShares;
}

export function stateFile(dir: string): string {
  return path.join(dir, STATE_FILE);
}

/** The state of the fleet in `dir`, or null when there is none. */
export function readState(dir: string): FleetState | null {
  try {
    const state = JSON.parse(fs.readFileSync(stateFile(dir), 'utf8')) as FleetState;
    return state.version === 1 ? state : null;
  } catch {
    return null;
  }
}

/** Writes the state whole or not at all. */
export function writeState(state: FleetState): void {
  const file = stateFile(state.dir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(tmp, file);
}
