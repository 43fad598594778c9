/**
 * The fleet's HAProxy config, made from the reference config (deploy/haproxy/lernwerk.cfg) so that
 * the fleet tests what operators deploy: only the addresses, the server lines, the check path and
 * what a foreground process of an ordinary user needs (no chroot, user, group or daemon; logs to
 * stdout, the runtime API socket in the fleet's directory) are changed.
 */

export interface BalancedServer {
  name: string;
  port: number;
}

export interface HaproxyConfigOptions {
  /** Address and port the frontend binds. */
  host: string;
  port: number;
  statsPort: number;
  servers: BalancedServer[];
  /** The readiness path the checks ask (normally /api/ready, as in the template). */
  checkPath: string;
  /** The runtime API's socket. */
  socketFile: string;
}

const SECTION = /^(global|defaults|frontend|backend|listen|resolvers|peers|userlist|cache|program|http-errors|ring)\b(?:\s+(\S+))?/;

/** The template with the fleet's addresses and servers; throws when the template no longer has what is replaced. */
export function haproxyConfig(template: string, options: HaproxyConfigOptions): string {
  const out: string[] = ['# Made by npm run fleet (scripts/fleet/haproxyConfig.ts) from deploy/haproxy/lernwerk.cfg.'];
  let section = '';
  const found = { frontendBind: 0, statsBind: 0, servers: 0, check: 0 };
  for (const line of template.split('\n')) {
    const header = SECTION.exec(line);
    if (header) section = `${header[1]} ${header[2] ?? ''}`.trim();
    const words = line.trim().split(/\s+/);
    const directive = line.trim().startsWith('#') ? '' : words[0];
    const indent = /^\s*/.exec(line)?.[0] ?? '';
    if (section === 'global') {
      if (['chroot', 'user', 'group', 'daemon'].includes(directive)) continue;
      if (directive === 'log') {
        out.push(`${indent}log stdout format raw local0`);
        continue;
      }
      if (directive === 'stats' && words[1] === 'socket') {
        out.push(`${indent}stats socket ${options.socketFile} mode 600 level admin`);
        continue;
      }
    }
    if (section === 'frontend lernwerk' && directive === 'bind') {
      found.frontendBind++;
      out.push(`${indent}bind ${options.host}:${options.port}`);
      continue;
    }
    if (section === 'listen stats' && directive === 'bind') {
      found.statsBind++;
      out.push(`${indent}bind 127.0.0.1:${options.statsPort}`);
      continue;
    }
    if (section === 'backend lernwerk' && directive === 'option' && words[1] === 'httpchk') {
      found.check++;
      out.push(`${indent}option httpchk GET ${options.checkPath}`);
      continue;
    }
    if (section === 'backend lernwerk' && directive === 'server') {
      if (found.servers++ === 0) for (const server of options.servers) out.push(`${indent}server ${server.name} 127.0.0.1:${server.port}`);
      continue;
    }
    out.push(line);
  }
  const missing = Object.entries(found)
    .filter(([, count]) => count === 0)
    .map(([what]) => what);
  if (missing.length || found.frontendBind !== 1 || found.statsBind !== 1) {
    throw new Error(`deploy/haproxy/lernwerk.cfg no longer has what the fleet replaces (one bind in "frontend lernwerk" and in "listen stats", "option httpchk" and server lines in "backend lernwerk"): ${JSON.stringify(found)}`);
  }
  return out.join('\n');
}

/** One line of HAProxy's CSV statistics, for a server or a proxy's frontend/backend. */
export interface HaproxyStat {
  /** The proxy (`lernwerk`, `stats`). */
  proxy: string;
  /** The server's name, or FRONTEND / BACKEND. */
  name: string;
  /** UP, DOWN, MAINT, NOLB, no check …, without the "1/2" of a transition. */
  status: string;
  /** The status as HAProxy wrote it ("UP 1/2": one failed check of the two that take it down). */
  rawStatus: string;
  /** Every column of the line, by its CSV name (scur, stot, hrsp_5xx, check_status, lastchg …). */
  fields: Record<string, string>;
}

/** Parses the CSV of HAProxy's stats page (`/;csv`). */
export function parseHaproxyCsv(csv: string): HaproxyStat[] {
  const lines = csv.split('\n').filter((line) => line.trim() !== '');
  if (!lines[0]?.startsWith('# ')) return [];
  const columns = lines[0].slice(2).split(',');
  return lines.slice(1).map((line) => {
    const values = line.split(',');
    const fields: Record<string, string> = {};
    columns.forEach((column, i) => {
      if (column) fields[column] = values[i] ?? '';
    });
    return { proxy: fields.pxname, name: fields.svname, status: (fields.status ?? '').split(' ')[0], rawStatus: fields.status ?? '', fields };
  });
}
