import { spawn } from 'node:child_process';

/**
 * Registers an LTI platform with the server on the database in `dataDir`, the way an administrator does:
 * `npm run lti -- add-platform …` (through the running server). Answers what the command printed.
 */
export async function registerLtiPlatform(
  dataDir: string,
  platform: { issuer: string; clientId: string; deploymentId: string; authUrl: string; tokenUrl: string; jwksUrl: string },
): Promise<string> {
  const args = ['--issuer', platform.issuer, '--client-id', platform.clientId, '--deployment-id', platform.deploymentId, '--auth-url', platform.authUrl, '--token-url', platform.tokenUrl, '--jwks-url', platform.jwksUrl];
  const cli = spawn(process.execPath, ['--import', 'tsx', 'server/cli/lti.ts', 'add-platform', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_ORIGIN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    cli.once('error', reject);
    cli.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run lti -- add-platform exited with ${code}:\n${output}`);
  return output;
}
