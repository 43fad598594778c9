import { SETTABLE_FEATURE_FLAGS, SettableFeatureFlag, type FeatureFlagsAnswer } from '../../model/featureFlagSettings';
import { featureFlagsFromEnv } from '../config';
import { announceFeatureFlagsChanged, readFeatureFlagOverrides, setFeatureFlagOverride } from '../store/featureFlagOverrides';
import { CliError, onServerOrDatabase, parseCommandLine, runCommand, exitCodeFor } from './cliSupport';

const USAGE = `Usage: npm run features -- COMMAND

  list                          each flag: on or off, and whether a stored setting or the environment decides
  set NAME on|off|default       store a setting for every server (default: the environment decides again)

Flags: ${SETTABLE_FEATURE_FLAGS.join(', ')}.
The environment (FULLTEXT_SEARCH=1 …) gives each server's defaults; a stored setting overrides them on
every server of the database. A change takes effect without a restart: the servers read the flags again
at once (on PostgreSQL every server hears of it by NOTIFY). POST /api/features/clear (an account with the
role admin) makes them read changes made by hand in the table feature_flags.
While a server runs on the database, the command goes through it (its admin routes); otherwise it opens
the database itself, and "list" shows the environment of this command.`;

const SETTINGS: Record<string, boolean | null> = { on: true, off: false, default: null };

const AGAIN = 'run this command again';

/** `npm run features -- COMMAND …`; answers the exit code. */
export async function runFeatures(argv: string[]): Promise<number> {
  const args = parseCommandLine(argv, { options: { help: { type: 'boolean', short: 'h' } } }, USAGE);
  if (typeof args === 'number') return args;
  const [command, name, setting, ...rest] = args.positionals;
  try {
    if (rest.length) throw new CliError(USAGE, 2);
    switch (command) {
      case 'list': {
        if (name) throw new CliError(USAGE, 2);
        const answer = await onServerOrDatabase<FeatureFlagsAnswer>(AGAIN, {
          server: (call) => call('GET', '/features'),
          database: async (db) => {
            const overrides = await readFeatureFlagOverrides(db);
            return { featureFlags: { ...featureFlagsFromEnv(), ...overrides }, overrides };
          },
        });
        for (const flag of SETTABLE_FEATURE_FLAGS) {
          console.log(`${flag}\t${answer.featureFlags[flag] ? 'on' : 'off'}\t${flag in answer.overrides ? 'stored' : 'environment'}`);
        }
        return 0;
      }
      case 'set': {
        const flag = SettableFeatureFlag.safeParse(name);
        if (!flag.success) throw new CliError(`"${name ?? ''}" is not a flag to set: ${SETTABLE_FEATURE_FLAGS.join(', ')}.`, 2);
        if (setting === undefined || !(setting in SETTINGS)) throw new CliError(`Set ${flag.data} on, off or default.`, 2);
        const enabled = SETTINGS[setting];
        await onServerOrDatabase(AGAIN, {
          server: (call) => call('PUT', `/features/${flag.data}`, { enabled }),
          database: async (db) => {
            await setFeatureFlagOverride(db, flag.data, enabled);
            await announceFeatureFlagsChanged(db);
          },
        });
        console.log(enabled === null ? `${flag.data} follows the environment again on every server.` : `${flag.data} is now ${setting} on every server.`);
        return 0;
      }
      default:
        throw new CliError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE, 2);
    }
  } catch (error) {
    return exitCodeFor(error);
  }
}

runCommand(runFeatures);
