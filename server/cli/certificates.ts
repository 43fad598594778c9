import { formatCode, normalizeCode } from '../../model/certificates';
import { listCertificates, revokeCertificate } from '../certificates/store';
import type { AdminCertificate } from '../routes/adminCertificates';
import { AdminRevokeBody } from '../routes/adminCertificates';
import { CliError, exitCodeFor, onServerOrDatabase, parseCommandLine, runCommand } from './cliSupport';
import { AdminRequestError } from './viaServer';

const USAGE = `Usage: npm run certificates -- COMMAND

  list [--limit N] [--json]     the certificates issued, newest first (default: the last 1000)
  revoke CODE --reason TEXT     revoke a certificate: its verify page says so at once, with the reason
                                (revoking again keeps the date and takes the new reason)

A CODE is the verification code printed on the certificate (like ABCD-EFGH-JKMN; case, spaces and
hyphens do not matter). While a server runs on the database, the command goes through it (its admin routes).`;

const AGAIN = 'run this command again';

const withoutCredential = ({ jws: _jws, ...rest }: AdminCertificate & { jws?: string }): AdminCertificate => rest;

function printCertificate(c: AdminCertificate): void {
  const state = c.revoked ? `revoked ${c.revoked.at.slice(0, 10)}: ${c.revoked.reason}` : 'valid';
  console.log(`${formatCode(c.code)}\t${c.facts.issuedOn.slice(0, 10)}\t${c.facts.learnerName}\t${c.facts.materialTitle}\t${state}`);
}

/** `npm run certificates -- COMMAND …`; answers the exit code. */
export async function runCertificates(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv, { options: { reason: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }, USAGE);
  if (typeof args === 'number') return args;
  const [command, ...rest] = args.positionals;
  const v = args.values;
  try {
    switch (command) {
      case 'list': {
        if (rest.length) throw new CliError(USAGE, 2);
        const limit = v.limit === undefined ? 1000 : Number(v.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new CliError('--limit: a whole number from 1 to 10000', 2);
        const list = await onServerOrDatabase<AdminCertificate[]>(AGAIN, {
          server: (call) => call('GET', `/certificates?limit=${limit}`),
          database: async (db) => (await listCertificates(db, limit)).map(withoutCredential),
        });
        if (v.json) console.log(JSON.stringify(list));
        else if (!list.length) console.log('No certificate has been issued.');
        else list.forEach(printCertificate);
        return 0;
      }
      case 'revoke': {
        if (rest.length !== 1) throw new CliError(USAGE, 2);
        const code = normalizeCode(rest[0]);
        if (!code) throw new CliError(`${rest[0]} is not a verification code (12 characters like ABCD-EFGH-JKMN).`, 2);
        const body = AdminRevokeBody.safeParse({ reason: v.reason ?? '' });
        if (!body.success) throw new CliError(`--reason: ${body.error.issues[0].message}`, 2);
        const revoked = await onServerOrDatabase<AdminCertificate | null>(AGAIN, {
          server: (call) =>
            call<AdminCertificate>('POST', `/certificates/${code}/revoke`, body.data).catch((error: unknown) => {
              if (error instanceof AdminRequestError && error.status === 404) return null;
              throw error;
            }),
          database: async (db) => {
            const done = await revokeCertificate(db, code, body.data.reason);
            return done && withoutCredential(done);
          },
        });
        if (!revoked) throw new CliError(`No certificate has the code ${formatCode(code)}.`);
        console.log(`Revoked ${formatCode(code)} (${revoked.facts.learnerName}, ${revoked.facts.materialTitle}).`);
        return 0;
      }
      default:
        throw new CliError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE, 2);
    }
  } catch (error) {
    return exitCodeFor(error);
  }
}

runCommand(runCertificates);
