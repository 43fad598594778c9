import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { APP_ROOT } from '../paths';
import { ErrorReporter } from './errorReporter';

/** How long a crashing process waits for its report to go out. */
export const CRASH_REPORT_WAIT_MS = 2_000;

/** The reporter the configuration asks for (ERROR_REPORTING_DSN), or null; its failures to send are warned of on stderr. */
export function errorReporterFromConfig(config: Pick<ServerConfig, 'errorReporting'>): ErrorReporter | null {
  if (!config.errorReporting) return null;
  const { version } = JSON.parse(fs.readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return new ErrorReporter({
    dsn: config.errorReporting.dsn,
    environment: config.errorReporting.environment,
    release: `lernwerk@${version ?? '0.0.0'}`,
    serverName: os.hostname(),
    warn: (message) => console.warn(message),
  });
}

/**
 * An error nothing caught (an unhandled rejection too, under Node's default `throw` mode) ends the
 * process as before, printed and with exit code 1, but is reported first (at most CRASH_REPORT_WAIT_MS).
 */
export function reportCrashes(reporter: ErrorReporter): void {
  process.on('uncaughtException', (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    const report = error instanceof Error ? error : new Error(String(error));
    reporter.report({ platform: 'node', kind: 'uncaught', type: report.name, message: report.message, stack: report.stack, where: 'process' });
    void reporter.flush(CRASH_REPORT_WAIT_MS).finally(() => process.exit(1));
  });
}
