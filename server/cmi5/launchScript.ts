import fs from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../paths';
import { LAUNCH_SCRIPT_TARGET } from '../scorm/launchScript';

/*
 * The AU launch page's script, built from TypeScript with esbuild the first time the page is asked
 * for (server/cmi5/launcher/, with the statechart machines/cmi5Launcher.ts and the part of XState it
 * uses), like the SCORM package's launch script: the page runs the very chart the tests walk. Not
 * minified: an LMS administrator may read what runs for their learners. esbuild is a devDependency,
 * which this project installs wherever it runs (server/scorm/launchScript.ts).
 */

export const CMI5_LAUNCHER_ENTRY = path.join(APP_ROOT, 'server', 'cmi5', 'launcher', 'main.ts');

export type Cmi5Script = { js: string; xstateVersion: string };

let built: Promise<Cmi5Script> | null = null;

/** The script, built once per process (a failed build is tried again on the next request). */
export function cmi5LaunchScript(): Promise<Cmi5Script> {
  built ??= buildCmi5LaunchScript().catch((error: unknown) => {
    built = null;
    throw error;
  });
  return built;
}

export async function buildCmi5LaunchScript(): Promise<Cmi5Script> {
  const { build } = await import('esbuild');
  const xstateVersion = (JSON.parse(fs.readFileSync(path.join(APP_ROOT, 'node_modules', 'xstate', 'package.json'), 'utf8')) as { version: string }).version;
  const result = await build({
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: LAUNCH_SCRIPT_TARGET,
    charset: 'utf8',
    logLevel: 'silent',
    absWorkingDir: APP_ROOT,
    entryPoints: [CMI5_LAUNCHER_ENTRY],
    resolveExtensions: ['.ts', '.js'],
    legalComments: 'none',
    banner: {
      js: [
        '/*',
        ' * Launch page of a Lernwerk cmi5 AU: gets the authorization token and the launch data from the LMS,',
        ' * shows the course in a frame and states its progress and results to the LMS (xAPI). Built from the',
        ' * TypeScript sources server/cmi5/launcher/, machines/cmi5Launcher.ts and model/hostMessages.ts of Lernwerk.',
        ` * Includes XState ${xstateVersion} (MIT License, https://github.com/statelyai/xstate).`,
        ' */',
      ].join('\n'),
    },
  });
  return { js: result.outputFiles[0].text, xstateVersion };
}
