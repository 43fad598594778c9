/**
 * The fleet's nginx config: deploy/nginx/lernwerk.conf (an http-level file) with the fleet's
 * addresses and servers, and a main file around it for an nginx of its own (foreground, pid file,
 * logs and temp files in the fleet's directory).
 */
import path from 'node:path';
import type { BalancedServer } from './haproxyConfig';

export interface NginxConfigOptions {
  host: string;
  port: number;
  statsPort: number;
  servers: BalancedServer[];
}

/** The template with the fleet's addresses and servers; throws when the template no longer has what is replaced. */
export function nginxSiteConfig(template: string, options: NginxConfigOptions): string {
  const out: string[] = ['# Made by npm run fleet (scripts/fleet/nginxConfig.ts) from deploy/nginx/lernwerk.conf.'];
  let block = '';
  let depth = 0;
  let listens = 0;
  let servers = 0;
  for (const line of template.split('\n')) {
    const code = line.replace(/#.*/, '').trim();
    const indent = /^\s*/.exec(line)?.[0] ?? '';
    if (depth === 0) {
      const opening = /^(\w+)(?:\s+(\S+))?\s*\{/.exec(code);
      if (opening) block = `${opening[1]} ${opening[2] ?? ''}`.trim();
    }
    if (block === 'upstream lernwerk' && depth === 1 && /^server\s/.test(code)) {
      // The parameters of the template's first server line (max_fails …) go on every server.
      const params = code.replace(/;$/, '').split(/\s+/).slice(2).join(' ');
      if (servers++ === 0) for (const server of options.servers) out.push(`${indent}server 127.0.0.1:${server.port}${params ? ` ${params}` : ''};`);
      continue;
    }
    if (block === 'server' && depth === 1 && /^listen\s/.test(code)) {
      listens++;
      out.push(listens === 1 ? `${indent}listen ${options.host}:${options.port};` : `${indent}listen 127.0.0.1:${options.statsPort};`);
      continue;
    }
    depth += (code.match(/\{/g)?.length ?? 0) - (code.match(/\}/g)?.length ?? 0);
    out.push(line);
  }
  if (servers === 0 || listens !== 2) {
    throw new Error(`deploy/nginx/lernwerk.conf no longer has what the fleet replaces (server lines in "upstream lernwerk", one listen in the site's and one in the stats' server block): ${JSON.stringify({ servers, listens })}`);
  }
  return out.join('\n');
}

/** The main nginx.conf of the fleet's nginx, including `siteFile`; everything of it under `nginxDir` and `logDir`. */
export function nginxMainConfig({ nginxDir, logDir, siteFile }: { nginxDir: string; logDir: string; siteFile: string }): string {
  const asRoot = process.getuid?.() === 0;
  return [
    '# Made by npm run fleet (scripts/fleet/nginxConfig.ts).',
    'daemon off;',
    'master_process on;',
    'worker_processes 1;',
    // Run as root, nginx would start its workers as nobody anyway; said here to be plain about it.
    ...(asRoot ? ['user nobody nogroup;'] : []),
    `pid ${path.join(nginxDir, 'nginx.pid')};`,
    `error_log ${path.join(logDir, 'nginx.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `    access_log ${path.join(logDir, 'nginx-access.log')};`,
    `    client_body_temp_path ${path.join(nginxDir, 'tmp', 'body')};`,
    `    proxy_temp_path ${path.join(nginxDir, 'tmp', 'proxy')};`,
    `    fastcgi_temp_path ${path.join(nginxDir, 'tmp', 'fastcgi')};`,
    `    uwsgi_temp_path ${path.join(nginxDir, 'tmp', 'uwsgi')};`,
    `    scgi_temp_path ${path.join(nginxDir, 'tmp', 'scgi')};`,
    `    include ${siteFile};`,
    '}',
    '',
  ].join('\n');
}
