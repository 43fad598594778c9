import { z } from 'zod';
import { ClientId, listPlatforms, PlatformIssuer, PlatformRegistration, registerPlatform, removePlatform, type Platform } from '../lti/platforms';
import { scoreStatus, type ScoreStatus } from '../lti/scores';
import { rotateToolKey } from '../lti/toolKeys';
import { toolUrlLines } from '../lti/toolUrls';
import { originOf } from '../scorm/origin';
import { CliError, exitCodeFor, onServerOrDatabase, parseCommandLine, runCommand } from './cliSupport';

const USAGE = `Usage: npm run lti -- COMMAND

  add-platform --issuer ISS --client-id CID --deployment-id DID [--deployment-id DID2 …]
               --auth-url URL --token-url URL --jwks-url URL [--token-audience AUD]
                          register an LMS (an LTI 1.3 platform), or update the registration of this
                          issuer and client id (its URLs replaced, the deployment ids added); prints the
                          tool's URLs to paste into the LMS
  list [--json]           the registered platforms and their deployment ids
  remove --issuer ISS --client-id CID
                          forget a platform (its learners' accounts and their work stay)
  rotate-key              a new signing key for the tool; the old one stays in the JWKS for 7 days
  scores [--json]         scores waiting for their LMS (the oldest of them), and those the LMS refused
  urls                    print the tool's URLs

The URLs carry PUBLIC_ORIGIN (the address learners' browsers reach, like https://lernwerk.school.example),
else the running server's address. Platform URLs are https (http only on this machine, for testing).
While a server runs on the database, the command goes through it (its admin routes).`;

const AGAIN = 'run this command again';

function publicOrigin(fallback: string): string {
  const configured = process.env.PUBLIC_ORIGIN?.trim();
  if (!configured) return fallback;
  const origin = originOf(configured);
  if (!origin) throw new CliError(`PUBLIC_ORIGIN=${configured} is not an http(s) origin (like https://lernwerk.school.example, no path).`);
  return origin;
}

function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new CliError(parsed.error.issues.map((i) => `--${i.path.map(String).join('.').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${i.message}`).join('\n'), 2);
}

function printPlatform(p: Platform): void {
  console.log(`${p.issuer}\tclient ${p.clientId}\tdeployments ${p.deploymentIds.join(', ')}`);
  console.log(`  auth ${p.authUrl}\n  token ${p.tokenUrl}${p.tokenAudience ? ` (audience ${p.tokenAudience})` : ''}\n  jwks ${p.jwksUrl}`);
}

/** `npm run lti -- COMMAND …`; answers the exit code. */
export async function runLti(argv: string[]): Promise<number> {
  const args = parseCommandLine(
    argv,
    {
      options: {
        issuer: { type: 'string' },
        'client-id': { type: 'string' },
        'deployment-id': { type: 'string', multiple: true },
        'auth-url': { type: 'string' },
        'token-url': { type: 'string' },
        'jwks-url': { type: 'string' },
        'token-audience': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    },
    USAGE,
  );
  if (typeof args === 'number') return args;
  const [command, ...rest] = args.positionals;
  const v = args.values;
  try {
    if (rest.length) throw new CliError(USAGE, 2);
    switch (command) {
      case 'add-platform': {
        const reg = checked(PlatformRegistration, {
          issuer: v.issuer,
          clientId: v['client-id'],
          deploymentIds: v['deployment-id'] ?? [],
          authUrl: v['auth-url'],
          tokenUrl: v['token-url'],
          jwksUrl: v['jwks-url'],
          tokenAudience: v['token-audience'],
        });
        const { result, origin } = await onServerOrDatabase<{ result: { platform: Platform; created: boolean }; origin: string }>(AGAIN, {
          server: async (call, server) => ({ result: await call('POST', '/lti/platforms', reg), origin: server.origin }),
          database: async (db, origin) => ({ result: await registerPlatform(db, reg), origin }),
        });
        console.error(result.created ? 'Registered the platform.' : 'Updated the registration of this issuer and client id.');
        printPlatform(result.platform);
        for (const line of toolUrlLines(publicOrigin(origin))) console.log(line);
        return 0;
      }
      case 'list': {
        const platforms = await onServerOrDatabase<Platform[]>(AGAIN, {
          server: (call) => call('GET', '/lti/platforms'),
          database: (db) => listPlatforms(db),
        });
        if (v.json) console.log(JSON.stringify(platforms));
        else if (!platforms.length) console.log('No platform is registered.');
        else platforms.forEach(printPlatform);
        return 0;
      }
      case 'remove': {
        const { issuer, clientId } = checked(z.strictObject({ issuer: PlatformIssuer, clientId: ClientId }), { issuer: v.issuer, clientId: v['client-id'] });
        const removed = await onServerOrDatabase<boolean>(AGAIN, {
          server: async (call) => {
            await call('DELETE', `/lti/platforms?${new URLSearchParams({ issuer, clientId })}`);
            return true;
          },
          database: (db) => removePlatform(db, issuer, clientId),
        });
        if (!removed) throw new CliError('No platform is registered with this issuer and client id.');
        console.log('Removed the platform.');
        return 0;
      }
      case 'rotate-key': {
        const { kid } = await onServerOrDatabase<{ kid: string }>(AGAIN, {
          server: (call) => call('POST', '/lti/keys/rotate'),
          database: async (db) => ({ kid: await rotateToolKey(db) }),
        });
        console.log(`New signing key ${kid}; the previous one stays published for 7 days.`);
        return 0;
      }
      case 'scores': {
        const status = await onServerOrDatabase<ScoreStatus>(AGAIN, { server: (call) => call('GET', '/lti/scores'), database: (db) => scoreStatus(db) });
        if (v.json) {
          console.log(JSON.stringify(status));
          return 0;
        }
        const oldest = status.oldestWaiting;
        console.log(`waiting\t${status.waiting}`);
        console.log(`oldest waiting\t${oldest ? `${oldest.since} ${oldest.issuer} ${oldest.lineItemUrl} (${oldest.attempts} attempts)` : '-'}`);
        console.log(`parked\t${status.parked.length}`);
        for (const p of status.parked) console.log(`  ${p.issuer}\t${p.lineItemUrl}\t${p.sub}\t${p.reason}`);
        return 0;
      }
      case 'urls': {
        const origin = await onServerOrDatabase<string>(AGAIN, { server: async (_call, server) => server.origin, database: async (_db, origin) => origin });
        for (const line of toolUrlLines(publicOrigin(origin))) console.log(line);
        return 0;
      }
      default:
        throw new CliError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE, 2);
    }
  } catch (error) {
    return exitCodeFor(error);
  }
}

runCommand(runLti);
