import type { OutboxStatus } from '../xapi/outbox';
import { outboxStatus, resendSince } from '../xapi/outbox';
import { CliError, onServerOrDatabase, parseCommandLine, runCommand, exitCodeFor } from './cliSupport';

const USAGE = `Usage: npm run xapi -- COMMAND

  status [--json]         statements waiting for the LRS, the oldest of them, how many were sent,
                          and the parked ones (refused by the LRS for good) with its reason
  resend --since DATE     send again every statement of a learner's event at or after DATE
                          (2026-01-31 or an RFC 3339 time): to fill a new LRS

Statements go to XAPI_ENDPOINT (docs/xapi.md). The database is the server's: DATABASE_URL if set,
else PGlite in DATA_DIR (default ./data). While a server runs on it, the command goes through it.`;

const AGAIN = 'run this command again';

function sinceOf(text: string | undefined): Date {
  const date = text && /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(text) ? new Date(text) : null;
  if (!date || Number.isNaN(date.getTime())) throw new CliError('resend needs --since DATE (2026-01-31, or a time like 2026-01-31T08:00:00Z).', 2);
  return date;
}

/** `npm run xapi -- COMMAND …`; answers the exit code. */
export async function runXapi(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv, { options: { since: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }, USAGE);
  if (typeof args === 'number') return args;
  const [command, ...rest] = args.positionals;
  try {
    if (rest.length) throw new CliError(USAGE, 2);
    switch (command) {
      case 'status': {
        const status = await onServerOrDatabase<OutboxStatus>(AGAIN, {
          server: (call) => call('GET', '/xapi/status'),
          database: (db) => outboxStatus(db),
        });
        if (args.values.json) {
          console.log(JSON.stringify(status));
          return 0;
        }
        console.log(`waiting\t${status.waiting}`);
        console.log(`oldest waiting\t${status.oldestWaiting ? `${status.oldestWaiting.createdAt} ${status.oldestWaiting.statementId} (${status.oldestWaiting.attempts} attempts)` : '-'}`);
        console.log(`sent\t${status.sent}`);
        console.log(`parked\t${status.parkedCount}`);
        for (const p of status.parked) console.log(`  ${p.parkedAt}\t${p.statementId}\t${p.reason}`);
        return 0;
      }
      case 'resend': {
        const since = sinceOf(args.values.since);
        const { queued } = await onServerOrDatabase<{ queued: number }>(AGAIN, {
          server: (call) => call('POST', '/xapi/resend', { since: since.toISOString() }),
          database: async (db) => ({ queued: await resendSince(db, since) }),
        });
        console.log(`${queued} statements wait to be sent again.`);
        return 0;
      }
      default:
        throw new CliError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE, 2);
    }
  } catch (error) {
    return exitCodeFor(error);
  }
}

runCommand(runXapi);
