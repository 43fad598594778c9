import { PASSWORD_MAX_LENGTH } from '../../model/tracking';
import { hashPassword, PASSWORD_MIN_LENGTH } from '../auth/password';
import type { AdminUser } from '../routes/admin';
import { createUser, listUsers, normalizeEmail, removeUser, setPasswordHash, setRoles, UserExistsError } from '../store/users';
import { ROLE_NAME } from '../../model/permissions';
import { CliError, onServerOrDatabase, parseCommandLine, refused, runCommand } from './cliSupport';
import { AdminRequestError } from './viaServer';
import { passwordIsTyped, readPassword } from './readPassword';

const USAGE = `Usage: npm run users -- COMMAND

  add EMAIL [--first-name NAME] [--last-name NAME]   add an account; the password is read from stdin
  list                                              list the accounts
  remove EMAIL                                      remove an account, its sessions and its saved progress
  password EMAIL                                    set a new password (read from stdin); ends its sessions
  roles EMAIL [ROLE …]                              give the account exactly these roles (none: no role)

Accounts log in on private shares. A material or collection whose file declares permissions opens
its private shares only to the accounts they name and to the holders of the roles they name. From a terminal the password is asked for without echo;
otherwise the first line of stdin is the password (at least ${PASSWORD_MIN_LENGTH} characters).
The database is the server's: DATABASE_URL if set, else PGlite in DATA_DIR (default ./data).
While a server runs on that database, the command goes through it (its admin routes, with the
token in DATA_DIR/servers/PID.json; the password is hashed here and never sent).`;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function checkEmail(email: string | undefined): string {
  if (!email) throw new CliError(USAGE, 2);
  const normalized = normalizeEmail(email);
  if (!EMAIL.test(normalized) || normalized.length > 320) throw new CliError(`"${email}" is not an email address.`, 2);
  return normalized;
}

async function newPassword(): Promise<string> {
  const password = await readPassword('Password: ');
  if (!password) throw new CliError('No password given: type it when asked, or pipe it to stdin as the first line.');
  if ([...password].length < PASSWORD_MIN_LENGTH) throw new CliError(`The password must have at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH) throw new CliError(`The password must have at most ${PASSWORD_MAX_LENGTH} characters.`);
  if (passwordIsTyped() && (await readPassword('Repeat password: ')) !== password) throw new CliError('The passwords differ.');
  return password;
}

const AGAIN = 'run this command again';

/** A 404 of the admin routes (no such account) as `false`, as the store functions answer it. */
function notFoundIsFalse(error: unknown): false {
  if (error instanceof AdminRequestError && error.status === 404) return false;
  throw error;
}

/** `npm run users -- COMMAND …`; answers the exit code. */
export async function runUsers(argv: string[]): Promise<number> {
  const args = parseCommandLine(
    argv,
    { options: { 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, help: { type: 'boolean', short: 'h' } } },
    USAGE,
  );
  if (typeof args === 'number') return args;
  const [command, email, ...rest] = args.positionals;
  const hasNames = args.values['first-name'] !== undefined || args.values['last-name'] !== undefined;
  try {
    if ((rest.length && command !== 'roles') || (hasNames && command !== 'add')) throw new CliError(USAGE, 2);
    switch (command) {
      case 'add': {
        const address = checkEmail(email);
        const firstname = (args.values['first-name'] ?? '').trim();
        const lastname = (args.values['last-name'] ?? '').trim();
        const passwordHash = await hashPassword(await newPassword());
        await onServerOrDatabase(AGAIN, {
          server: (call) => call('POST', '/users', { email: address, firstname, lastname, passwordHash }),
          database: (db) => createUser(db, { email: address, passwordHash, firstname, lastname }),
        });
        const name = [firstname, lastname].filter(Boolean).join(' ');
        console.log(`Added user ${address}${name ? ` (${name})` : ''}.`);
        return 0;
      }
      case 'list': {
        if (email) throw new CliError(USAGE, 2);
        const users = await onServerOrDatabase<AdminUser[]>(AGAIN, {
          server: (call) => call('GET', '/users'),
          database: async (db) =>
            (await listUsers(db)).map((u) => ({ email: u.email, firstname: u.firstname, lastname: u.lastname, roles: u.roles, createdAt: u.createdAt.toISOString() })),
        });
        if (!users.length) console.log('No users yet. Add one with: npm run users -- add EMAIL');
        for (const u of users) {
          const roles = u.roles.length ? `\troles ${u.roles.join(', ')}` : '';
          console.log(`${u.email}\t${[u.firstname, u.lastname].filter(Boolean).join(' ') || '-'}\tadded ${u.createdAt.slice(0, 10)}${roles}`);
        }
        return 0;
      }
      case 'remove': {
        const address = checkEmail(email);
        const removed = await onServerOrDatabase(AGAIN, {
          server: (call) => call('DELETE', `/users/${encodeURIComponent(address)}`).then(() => true, notFoundIsFalse),
          database: (db) => removeUser(db, address),
        });
        if (!removed) throw new CliError(`No user with the email ${address}.`);
        console.log(`Removed user ${address} with their sessions and saved progress.`);
        return 0;
      }
      case 'password': {
        const address = checkEmail(email);
        const passwordHash = await hashPassword(await newPassword());
        const changed = await onServerOrDatabase(AGAIN, {
          server: (call) => call('PUT', `/users/${encodeURIComponent(address)}/password`, { passwordHash }).then(() => true, notFoundIsFalse),
          database: (db) => setPasswordHash(db, address, passwordHash),
        });
        if (!changed) throw new CliError(`No user with the email ${address}.`);
        console.log(`Changed the password of ${address}; their login sessions were ended.`);
        return 0;
      }
      case 'roles': {
        const address = checkEmail(email);
        const roles = [...new Set(rest.map((role) => role.trim().toLowerCase()))];
        const wrong = roles.find((role) => !ROLE_NAME.test(role));
        if (wrong !== undefined) throw new CliError(`"${wrong}" is not a role: lower-case letters, digits, "-" and "_", starting with a letter (at most 40).`, 2);
        const changed = await onServerOrDatabase(AGAIN, {
          server: (call) => call('PUT', `/users/${encodeURIComponent(address)}/roles`, { roles }).then(() => true, notFoundIsFalse),
          database: (db) => setRoles(db, address, roles),
        });
        if (!changed) throw new CliError(`No user with the email ${address}.`);
        console.log(roles.length ? `${address} now holds the roles ${roles.sort().join(', ')}.` : `${address} now holds no role.`);
        return 0;
      }
      default:
        throw new CliError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE, 2);
    }
  } catch (error) {
    // The server answers 409 when the account exists, as createUser throws UserExistsError.
    if (error instanceof AdminRequestError && error.status === 409) {
      console.error(error.problems.join('\n'));
      return 1;
    }
    const failure = error instanceof AdminRequestError ? refused(error) : error;
    if (failure instanceof CliError) {
      console.error(failure.message);
      return failure.exitCode;
    }
    if (error instanceof UserExistsError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

runCommand(runUsers);
