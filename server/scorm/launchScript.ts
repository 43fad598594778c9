import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { APP_ROOT } from '../paths';

/*
 * The launch page's scripts, built from TypeScript with esbuild when a package is exported: the
 * launcher (server/scorm/launcher/, with the statechart machines/scormLauncher.ts and the message
 * contract model/hostMessages.ts) is one readable file, `launch.js` (not minified: an LMS
 * administrator may read what runs in their LMS), and the part of XState it uses is a second,
 * minified file, `xstate.js`, with its licence. So the package runs the very statechart the tests
 * walk, and nothing is built by hand twice.
 *
 * esbuild is a devDependency; this project installs its devDependencies wherever it runs (`npm start`
 * builds the client with vite, and the commands rebuild dist/server with esbuild when stale), and the
 * export reads the sources from the project directory (APP_ROOT), like the migrations.
 */

/** The launcher's entry (browser code). */
export const LAUNCHER_ENTRY = path.join(APP_ROOT, 'server', 'scorm', 'launcher', 'main.ts');
/** The global xstate.js defines and launch.js reads (a classic script of the launch page). */
export const XSTATE_GLOBAL = 'LernwerkXState';
/** What the launcher imports from xstate (machines/scormLauncher.ts and server/scorm/launcher/launcher.ts). */
export const XSTATE_EXPORTS = ['assertEvent', 'assign', 'createActor', 'setup'] as const;
/** Browsers the scripts are written for: an LMS's learners may use older ones than the viewer needs. */
export const LAUNCH_SCRIPT_TARGET = 'es2018';

export type LaunchScripts = {
  /** The launcher, readable. */
  launchJs: string;
  /** XState's functions the launcher uses, minified, as the global LernwerkXState. */
  xstateJs: string;
  /** XState's licence (MIT), shipped beside it. */
  xstateLicense: string;
  xstateVersion: string;
};

/** Resolves `import … from 'xstate'` in launch.js to the global that xstate.js defines. */
const xstateFromGlobal: Plugin = {
  name: 'lernwerk-xstate-global',
  setup(build) {
    build.onResolve({ filter: /^xstate$/ }, () => ({ path: 'xstate', namespace: 'lernwerk-global' }));
    build.onLoad({ filter: /.*/, namespace: 'lernwerk-global' }, () => ({ contents: `module.exports = globalThis.${XSTATE_GLOBAL};`, loader: 'js' }));
  },
};

let built: Promise<LaunchScripts> | null = null;

/** The scripts, built once per process. */
export function launchScripts(): Promise<LaunchScripts> {
  built ??= buildLaunchScripts().catch((error: unknown) => {
    built = null;
    throw error;
  });
  return built;
}

export async function buildLaunchScripts(): Promise<LaunchScripts> {
  const { build } = await import('esbuild');
  const xstateDir = path.join(APP_ROOT, 'node_modules', 'xstate');
  const xstateVersion = (JSON.parse(fs.readFileSync(path.join(xstateDir, 'package.json'), 'utf8')) as { version: string }).version;
  const xstateLicense = fs.readFileSync(path.join(xstateDir, 'LICENSE'), 'utf8');
  const common = { bundle: true, write: false, format: 'iife', platform: 'browser', target: LAUNCH_SCRIPT_TARGET, charset: 'utf8', logLevel: 'silent' } as const;

  const launcher = await build({
    ...common,
    absWorkingDir: APP_ROOT,
    entryPoints: [LAUNCHER_ENTRY],
    plugins: [xstateFromGlobal],
    legalComments: 'none',
    resolveExtensions: ['.ts', '.js'],
    banner: {
      js: [
        '/*',
        ' * Launch page of a Lernwerk SCORM package: finds the LMS API, starts the session, shows the course',
        ' * (served by the Lernwerk server named in launch.html) in a frame, and hands its progress and results',
        ' * to the LMS. Built from the TypeScript sources server/scorm/launcher/, machines/scormLauncher.ts and',
        ' * model/hostMessages.ts of Lernwerk; needs xstate.js (loaded before it by launch.html).',
        ' */',
      ].join('\n'),
    },
  });
  const vendor = await build({
    ...common,
    absWorkingDir: APP_ROOT,
    stdin: { contents: `export { ${XSTATE_EXPORTS.join(', ')} } from 'xstate';`, resolveDir: APP_ROOT, loader: 'js', sourcefile: 'xstate-subset.js' },
    globalName: XSTATE_GLOBAL,
    minify: true,
    legalComments: 'none',
    banner: { js: `/*! XState ${xstateVersion} (${XSTATE_EXPORTS.join(', ')}) | MIT License, see LICENSE-xstate.txt | https://github.com/statelyai/xstate */` },
  });
  return {
    launchJs: launcher.outputFiles[0].text,
    xstateJs: vendor.outputFiles[0].text,
    xstateLicense,
    xstateVersion,
  };
}
