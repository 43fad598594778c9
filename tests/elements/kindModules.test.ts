import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KIND_RULES } from '../../src/kinds/rules';
import { KIND_INDEXING } from '../../src/kinds/indexing';
import { LANGUAGE_MODULES } from '../../server/pages/routePreloads';

/*
 * The server preloads each kind's `viewModules` (src/kinds/<kind>/<kind>.indexing.ts); the registry imports what it imports.
 * Read from the registry's source: each lazy kind's line names its module (and the parts it loads
 * itself), and the question texts go with lazyWithQuestionTexts.
 */
const root = path.resolve(__dirname, '../..');
const registrySource = fs.readFileSync(path.join(root, 'src/elements/registry.ts'), 'utf8');

function registryModules(): Record<string, string[]> {
  const kinds: Record<string, string[]> = {};
  for (const line of registrySource.split('\n')) {
    const kind = /^\s{2}(\w+): lazy(Named|WithQuestionTexts)\(/.exec(line);
    if (!kind) continue;
    const imports = [...line.matchAll(/import\('(\.\.?\/[^']+)'\)/g)].map((m) => resolveModule(m[1]));
    if (kind[2] === 'WithQuestionTexts') imports.push('i18n/resources/questions.ts');
    kinds[kind[1]] = imports;
  }
  return kinds;
}

function resolveModule(specifier: string): string {
  const base = path.join('src/elements', specifier);
  const file = ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => fs.existsSync(path.join(root, candidate)));
  if (!file) throw new Error(`registry imports ${specifier}, which is no file`);
  return file;
}

const KIND_MODULES = Object.fromEntries(Object.entries(KIND_INDEXING).flatMap(([kind, indexing]) => (indexing.viewModules ? [[kind, indexing.viewModules]] : [])));

describe('the modules preloaded for element kinds', () => {
  it('are exactly the modules the registry loads for each lazy kind', () => {
    const fromRegistry = registryModules();
    expect(Object.keys(fromRegistry).length).toBeGreaterThan(10);
    expect(Object.fromEntries(Object.entries(KIND_MODULES).map(([kind, modules]) => [kind, [...modules!]]))).toEqual(fromRegistry);
  });

  it('name files that exist, and for a stateful kind a view module that hands over its chart', () => {
    for (const modules of Object.values(KIND_MODULES)) for (const module of modules!) expect(fs.existsSync(path.join(root, module)), module).toBe(true);
    const stateful = Object.entries(KIND_RULES).filter(([, rules]) => rules.stateful);
    expect(stateful.length).toBeGreaterThan(0);
    for (const [kind] of stateful) {
      const view = fs.readFileSync(path.join(root, KIND_MODULES[kind]![0]), 'utf8');
      expect(view, kind).toMatch(/^export \{ kindMachine \} from '\.\/[\w.]+\.machine';$/m);
    }
  });
});

describe('the modules preloaded for a page language', () => {
  it('are the modules i18n/index.ts imports for the languages it does not bundle', () => {
    const source = fs.readFileSync(path.join(root, 'i18n/index.ts'), 'utf8');
    const imported = [...source.matchAll(/import\('\.\/(resources\/[^']+)'\)/g)].map((m) => `i18n/${m[1]}.ts`);
    expect(imported.length).toBeGreaterThan(0);
    for (const file of imported) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    expect(Object.values(LANGUAGE_MODULES)).toEqual(imported);
  });
});
