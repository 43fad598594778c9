import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * The tools find what each element kind's folder holds for them on disk (src/kinds/<kind>/): its
 * charts, its walks, its bench samples. No tool names a kind, so a new kind's folder is all a new
 * kind needs here.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/** The files `src/kinds/<kind>/*<suffix>` of the checkout at `root`, as file URLs, in path order. */
export function kindFiles(suffix: string, root = ROOT): URL[] {
  const kindsDir = path.join(root, 'src/kinds');
  return readdirSync(kindsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) => readdirSync(path.join(kindsDir, folder.name)).filter((name) => name.endsWith(suffix)).map((name) => path.join(kindsDir, folder.name, name)))
    .sort()
    .map((file) => pathToFileURL(file));
}

/** Each file's module, in path order. */
export async function importKindFiles<M>(suffix: string, root = ROOT): Promise<{ file: URL; module: M }[]> {
  const modules: { file: URL; module: M }[] = [];
  for (const file of kindFiles(suffix, root)) modules.push({ file, module: (await import(file.href)) as M });
  return modules;
}
