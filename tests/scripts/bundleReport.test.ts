import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleReport, formatReport, staticClosure, type Manifest } from '../../scripts/bundle-report';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Deterministic, poorly compressible content of a given length. */
function noise(length: number, seed: number): string {
  let x = seed;
  let text = '';
  while (text.length < length) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    text += String.fromCharCode(33 + (x % 90));
  }
  return text;
}

function fakeBuild(files: Record<string, string>, manifest: Manifest): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundle-report-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(dir, file), content);
  return dir;
}

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/Lazy.tsx'], css: ['assets/index.css'] },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/Lazy.tsx': { file: 'assets/lazy.js', isDynamicEntry: true, imports: ['_shared.js'], css: ['assets/lazy.css'] },
};

describe('bundle report', () => {
  it('follows static imports transitively, not dynamic ones', () => {
    expect(staticClosure(manifest, 'index.html')).toEqual(['index.html', '_vendor.js', '_shared.js']);
  });

  it('sums the gzip size of the entry and its static imports and checks it against the budget', () => {
    const files = {
      'assets/index.js': noise(3000, 1),
      'assets/vendor.js': noise(5000, 2),
      'assets/shared.js': noise(1000, 3),
      'assets/lazy.js': noise(8000, 4),
      'assets/index.css': noise(500, 5),
      'assets/lazy.css': noise(400, 6),
    };
    const dir = fakeBuild(files, manifest);
    const gzip = (file: keyof typeof files) => gzipSync(files[file]).length;
    const initialJs = gzip('assets/index.js') + gzip('assets/vendor.js') + gzip('assets/shared.js');

    const report = bundleReport(dir, initialJs);
    expect(report.initialJsGzip).toBe(initialJs);
    expect(report.initialCssGzip).toBe(gzip('assets/index.css'));
    expect(report.withinBudget).toBe(true);
    expect(Object.fromEntries(report.files.map((f) => [f.file, f.loading]))).toEqual({
      'assets/index.js': 'entry',
      'assets/index.css': 'entry',
      'assets/vendor.js': 'static',
      'assets/shared.js': 'static',
      'assets/lazy.js': 'lazy',
      'assets/lazy.css': 'lazy',
    });
    expect(report.files.find((f) => f.file === 'assets/lazy.js')?.raw).toBe(8000);

    const over = bundleReport(dir, initialJs - 1);
    expect(over.withinBudget).toBe(false);
    expect(formatReport(over)).toContain(`(${initialJs} bytes), OVER the budget`);
  });

  it('counts the app the entry imports dynamically (src/main.tsx) and the material route tree as initial, with their static imports', () => {
    const split: Manifest = {
      'index.html': { file: 'assets/boot.js', isEntry: true, dynamicImports: ['src/main.tsx'], css: ['assets/index.css'] },
      'src/main.tsx': { file: 'assets/app.js', isDynamicEntry: true, imports: ['_runtime.js'], dynamicImports: ['routes/materialRoutes.tsx', 'src/Lazy.tsx'] },
      'routes/materialRoutes.tsx': { file: 'assets/materialRoutes.js', isDynamicEntry: true, imports: ['_viewer.js', 'src/main.tsx'] },
      '_viewer.js': { file: 'assets/viewer.js' },
      '_runtime.js': { file: 'assets/runtime.js' },
      'src/Lazy.tsx': { file: 'assets/lazy.js', isDynamicEntry: true },
    };
    const files = Object.fromEntries(['boot', 'app', 'materialRoutes', 'viewer', 'runtime', 'lazy'].map((name, i) => [`assets/${name}.js`, noise(1000 * (i + 1), i + 1)]));
    const report = bundleReport(fakeBuild({ ...files, 'assets/index.css': noise(300, 9) }, split));
    const loading = Object.fromEntries(report.files.map((f) => [f.file, f.loading]));
    expect(loading).toMatchObject({
      'assets/boot.js': 'entry', 'assets/app.js': 'static', 'assets/runtime.js': 'static',
      'assets/materialRoutes.js': 'static', 'assets/viewer.js': 'static', 'assets/lazy.js': 'lazy',
    });
    const initial = ['boot', 'app', 'runtime', 'materialRoutes', 'viewer'].reduce((sum, name) => sum + gzipSync(files[`assets/${name}.js`]).length, 0);
    expect(report.initialJsGzip).toBe(initial);
  });

  it('fails without a manifest', () => {
    const dir = fakeBuild({}, {});
    rmSync(path.join(dir, '.vite'), { recursive: true });
    expect(() => bundleReport(dir)).toThrow(/manifest/);
  });
});
