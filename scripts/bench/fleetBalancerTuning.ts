/**
 * What-if changes to the benchmark's HAProxy (never to deploy/): its config, made from the
 * reference config, is rewritten in the fleet's (or the floor's) directory and HAProxy restarted,
 * so that a suspected limit of the reference config can be measured rather than argued:
 *
 * - `maxconn`: the global limit of client connections (4096 in deploy/haproxy/lernwerk.cfg);
 * - `cache`: HAProxy's RAM cache in front of the servers, for what they mark cacheable (the app's
 *   immutable files, the resized images); pages and API answers (no-store / private) pass through.
 */
import fs from 'node:fs';
import type { FleetBalancer } from '../fleet/balancer';

export interface BalancerTuning {
  maxconn?: number;
  cache?: boolean;
}

export function describeTuning(tuning: BalancerTuning): string {
  const parts = [];
  if (tuning.maxconn) parts.push(`maxconn ${tuning.maxconn}`);
  if (tuning.cache) parts.push('HAProxy cache for cacheable answers');
  return parts.join(', ');
}

const CACHE_SECTION = ['', 'cache lernwerk-static', '    total-max-size 256', '    max-object-size 4194304', '    max-age 86400', '    process-vary on', ''];

/** The config with the tuning applied; throws when the config lacks what is changed. */
export function tuneHaproxyConfig(config: string, tuning: BalancerTuning): string {
  let lines = config.split('\n');
  if (tuning.maxconn) {
    const at = lines.findIndex((line) => /^\s+maxconn\s+\d+/.test(line));
    if (at < 0) throw new Error('The HAProxy config has no global maxconn to change');
    lines[at] = lines[at].replace(/maxconn\s+\d+/, `maxconn ${tuning.maxconn}`);
  }
  if (tuning.cache) {
    const backend = lines.findIndex((line) => /^backend lernwerk\b/.test(line));
    if (backend < 0) throw new Error('The HAProxy config has no "backend lernwerk"');
    lines = [...lines.slice(0, backend), ...CACHE_SECTION, lines[backend], '    http-request cache-use lernwerk-static', '    http-response cache-store lernwerk-static', ...lines.slice(backend + 1)];
  }
  return lines.join('\n');
}

/** Rewrites the balancer's config and restarts it; resolves once it sees `servers` UP again. */
export async function applyTuning(balancer: FleetBalancer, servers: string[], tuning: BalancerTuning): Promise<void> {
  if (!tuning.maxconn && !tuning.cache) return;
  fs.writeFileSync(balancer.configFile, tuneHaproxyConfig(fs.readFileSync(balancer.configFile, 'utf8'), tuning));
  await balancer.restart();
  await balancer.waitForServers(servers, 'UP', 15_000);
}
