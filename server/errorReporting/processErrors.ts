import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { APP_ROOT } from '../paths';
import { ErrorReporter, serverErrorReport } from './errorReporter';

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
 * process as before, printed as Node prints it and with exit code 1, but is reported first: always
 * (no rate or repeat limit), waiting at most CRASH_REPORT_WAIT_MS. Meanwhile `stopServing` (the HTTP
 * server's close) keeps new requests away from a process in an unknown state.
 */
export function reportCrashes(reporter: ErrorReporter, stopServing: () => void = () => undefined): void {
  let crashed = false;
  process.on('uncaughtException', (error) => {
    if (crashed) return; // a second error while the first report goes out: the process ends anyway
    crashed = true;
    try {
      console.error(error);
      stopServing();
      reporter.report(serverErrorReport(error, 'process', 'uncaught'), { force: true });
    } catch {
      // Ending the process is what matters now.
    }
    void reporter.flush(CRASH_REPORT_WAIT_MS).finally(() => process.exit(1));
  });
}
