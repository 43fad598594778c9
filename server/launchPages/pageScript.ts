import fs from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../paths';
import { LAUNCH_SCRIPT_TARGET } from '../scorm/launchScript';

/*
 * The scripts of the pages this server writes for other systems (the cmi5 AU launch page, the LTI
 * storage pages): built from TypeScript with esbuild the first time a page asks for one, with the
 * statechart it runs and the part of XState it uses, so the page runs the very chart the tests walk.
 * Not minified: an administrator may read what runs for their learners. esbuild is a devDependency,
 * which this project installs wherever it runs (server/scorm/launchScript.ts).
 */

export type PageScript = { js: string; xstateVersion: string };

/** `entry`: the script's TypeScript entry under APP_ROOT; `describe`: the banner's first lines (what the page does, its sources). */
export type PageScriptSource = { entry: string; describe: readonly string[] };

const built = new Map<string, Promise<PageScript>>();

/** The script, built once per process (a failed build is tried again on the next request). */
export function pageScript(source: PageScriptSource): Promise<PageScript> {
  let script = built.get(source.entry);
  if (!script) {
    script = buildPageScript(source).catch((error: unknown) => {
      built.delete(source.entry);
      throw error;
    });
    built.set(source.entry, script);
  }
  return script;
}

export async function buildPageScript({ entry, describe }: PageScriptSource): Promise<PageScript> {
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
    entryPoints: [path.join(APP_ROOT, entry)],
    resolveExtensions: ['.ts', '.js'],
    legalComments: 'none',
    banner: { js: ['/*', ...describe.map((line) => ` * ${line}`), ` * Includes XState ${xstateVersion} (MIT License, https://github.com/statelyai/xstate).`, ' */'].join('\n') },
  });
  return { js: result.outputFiles[0].text, xstateVersion };
}
