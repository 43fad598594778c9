import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * vite.config.ts groups the element kinds' code by what the route trees import statically. Its walk of
 * the module graph follows every import of a module: one import of the `react-aria-components` barrel
 * from a route tree's reach makes every component of the library look like part of the first route, and
 * the kinds' widgets then fell back to eight small chunks a material page asked for one by one. So the
 * viewer imports each component from its own entry (`react-aria-components/Button`, …).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Lazy and outside both route trees' static reach; RouterProvider has no entry of its own. */
const BARREL_ALLOWED = new Set(['src/ui/AriaRouting.tsx']);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative.split(path.sep).join('/')] : [];
  });
}

/** Value imports (not `import type`) of a package's root entry in a file's text. */
const barrelImports = (text: string, name: string) =>
  [...text.matchAll(new RegExp(`^import\\s+(?!type\\b)[^;]*?from\\s+'${name}';`, 'gm'))].map((match) => match[0]);

describe('react-aria-components is imported by component entry, not through its barrel', () => {
  const files = ['src', 'paint', 'routes', 'machines'].flatMap(sourceFiles);

  it('finds the sources', () => {
    expect(files).toContain('src/ui/Button.tsx');
    expect(files).toContain('routes/root.tsx');
  });

  it('no source file but the allowed ones imports the barrel for values', () => {
    const offenders = files.filter((file) => !BARREL_ALLOWED.has(file) && barrelImports(readFileSync(path.join(ROOT, file), 'utf8'), 'react-aria-components').length);
    expect(offenders).toEqual([]);
  });

  it('the check sees a barrel import, and lets a type import pass', () => {
    expect(barrelImports("import { Button } from 'react-aria-components';", 'react-aria-components')).toHaveLength(1);
    expect(barrelImports("import type { Selection } from 'react-aria-components';", 'react-aria-components')).toHaveLength(0);
    expect(barrelImports("import { Button } from 'react-aria-components/Button';", 'react-aria-components')).toHaveLength(0);
  });
});
