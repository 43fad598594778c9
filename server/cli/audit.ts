import type { AuditRecord } from '../store/audit';
import { listAudit } from '../store/audit';
import { CliError, onServerOrDatabase, parseCommandLine, runCommand, exitCodeFor } from './cliSupport';

const USAGE = `Usage: npm run audit -- [--root ID] [--before SEQ] [--limit N] [--json]

Prints the audit log, newest first: every change authors made through the API (create, update,
delete, restore, copy), every publication, rollback and removal of one, and every import — who, when,
which model, and the values before and after.

  --root ID      only the changes of one material or collection
  --before SEQ   only entries older than SEQ (the first column), to page back
  --limit N      at most N entries (default 100, at most 1000)
  --json         one JSON object per line instead of columns

The database is the server's: DATABASE_URL if set, else PGlite in DATA_DIR (default ./data).
While a server runs on that database, the command goes through it (its admin routes).`;

const ID = /^[A-Za-z0-9_-]{1,80}$/;

function positiveInt(value: string | undefined, name: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new CliError(`--${name} takes a whole number from 1 to ${max}.`, 2);
  return n;
}

/** One entry as a line: seq, time, actor, action, model, and the values (JSON) when there are any. */
function line(entry: AuditRecord): string {
  const model = entry.modelName ? `${entry.modelName} ${entry.modelId ?? ''}`.trim() : '-';
  const values = [entry.oldValues === undefined ? '' : `old ${JSON.stringify(entry.oldValues)}`, entry.newValues === undefined ? '' : `new ${JSON.stringify(entry.newValues)}`]
    .filter(Boolean)
    .join(' ');
  return [entry.seq, entry.at, entry.actor, entry.action, model, values].join('\t');
}

/** `npm run audit -- …`; answers the exit code. */
export async function runAudit(argv: string[]): Promise<number> {
  const args = parseCommandLine(
    argv,
    { options: { root: { type: 'string' }, before: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } },
    USAGE,
  );
  if (typeof args === 'number') return args;
  try {
    if (args.positionals.length) throw new CliError(USAGE, 2);
    const root = args.values.root;
    if (root !== undefined && !ID.test(root)) throw new CliError(`"${root}" is not a model id.`, 2);
    const before = positiveInt(args.values.before, 'before', Number.MAX_SAFE_INTEGER);
    const limit = positiveInt(args.values.limit, 'limit', 1000) ?? 100;
    const entries = await onServerOrDatabase<AuditRecord[]>('run this command again', {
      server: (call) => {
        const query = new URLSearchParams({ limit: String(limit), ...(root ? { root } : {}), ...(before ? { before: String(before) } : {}) });
        return call('GET', `/audit?${query}`);
      },
      database: (db) => listAudit(db, { rootId: root, before, limit }),
    });
    if (!entries.length && !args.values.json) console.error(root ? `Nothing in the audit log for ${root}.` : 'The audit log is empty.');
    for (const entry of entries) console.log(args.values.json ? JSON.stringify(entry) : line(entry));
    return 0;
  } catch (error) {
    return exitCodeFor(error);
  }
}

runCommand(runAudit);
