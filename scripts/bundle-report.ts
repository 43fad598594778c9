/**
 * Bundle report and budget check, run after `vite build` (by `npm run build` and `scripts/test-all.sh`).
 *
 *   tsx scripts/bundle-report.ts [distDir]     (default dist/client)
 *
 * Prints every JS and CSS file of the build with raw and gzip size, then the gzip size of the JavaScript the
 * material route loads before first paint: the entry chunk of index.html, the app it imports (src/main.tsx) and
 * the material route tree's chunk, plus their static imports, followed transitively (other dynamic imports load later and do not count). Exits 1 when that exceeds the budget, or when
 * the build or its manifest (vite.config.ts `build.manifest: true`) is missing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Budget for the initial JavaScript of the material route, gzip bytes (issue 9). */
export const INITIAL_JS_BUDGET = 150 * 1024;

/** The fields of a Vite manifest chunk this report reads. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export type Loading = 'entry' | 'static' | 'lazy';

export interface FileSize {
  /** Path relative to the dist directory, e.g. `assets/index-abc.js`. */
  file: string;
  raw: number;
  gzip: number;
  /** entry/static: loaded before first paint (CSS too when the initial chunks import it); lazy: everything else. */
  loading: Loading;
}

export interface BundleReport {
  entry: string;
  files: FileSize[];
  initialJsGzip: number;
  initialCssGzip: number;
  budget: number;
  withinBudget: boolean;
}

export function readManifest(distDir: string): Manifest {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  let text: string;
  try {
    text = readFileSync(manifestPath, 'utf8');
  } catch {
    throw new Error(`No ${manifestPath}: run \`vite build\` first (vite.config.ts needs build.manifest: true)`);
  }
  return JSON.parse(text) as Manifest;
}

/** The manifest key of the page entry: `index.html`, or the only chunk marked isEntry. */
export function findEntryKey(manifest: Manifest): string {
  if (manifest['index.html']?.isEntry) return 'index.html';
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) {
    throw new Error(`Expected one entry chunk in the manifest, found ${entries.length}: ${entries.join(', ') || 'none'}`);
  }
  return entries[0];
}

/** Manifest keys of the entry and everything it imports statically, transitively; the entry comes first. */
export function staticClosure(manifest: Manifest, entryKey: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...seen];
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((dirent) => {
    const full = path.join(dir, dirent.name);
    if (dirent.isDirectory()) return dirent.name === '.vite' ? [] : listFiles(full);
    return [full];
  });
}

function measure(distDir: string, file: string, loading: Loading): FileSize {
  const content = readFileSync(path.join(distDir, file));
  // zlib default level (6): about what a server sends with on-the-fly gzip.
  return { file, raw: content.length, gzip: gzipSync(content).length, loading };
}

/**
 * The material route's tree is a dynamic import of the entry (routes/createAppRouter.ts), but nothing
 * paints before it is there: it and its static imports count as initial too.
 */
export const MATERIAL_ROUTE_SRC = 'routes/materialRoutes.tsx';
/** The app, which the page's entry (src/boot.ts) imports dynamically on every page: initial as well. */
export const APP_SRC = 'src/main.tsx';

export function bundleReport(distDir: string, budget = INITIAL_JS_BUDGET): BundleReport {
  if (!statSync(distDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`No build in ${distDir}: run \`vite build\` first`);
  }
  const manifest = readManifest(distDir);
  const entryKey = findEntryKey(manifest);
  const closureOf = (key: string) => (manifest[key] ? staticClosure(manifest, key) : []);
  const closure = [...new Set([...staticClosure(manifest, entryKey), ...closureOf(APP_SRC), ...closureOf(MATERIAL_ROUTE_SRC)])];
  const loadingOf = new Map<string, Loading>();
  closure.forEach((key, index) => {
    const chunk = manifest[key];
    const loading: Loading = index === 0 ? 'entry' : 'static';
    loadingOf.set(chunk.file, loading);
    for (const css of chunk.css ?? []) if (!loadingOf.has(css)) loadingOf.set(css, loading);
  });

  const files = listFiles(distDir)
    .map((full) => path.relative(distDir, full).split(path.sep).join('/'))
    .filter((file) => /\.(m?js|css)$/.test(file))
    .map((file) => measure(distDir, file, loadingOf.get(file) ?? 'lazy'));
  for (const file of loadingOf.keys()) {
    if (!files.some((f) => f.file === file)) throw new Error(`The manifest names ${file}, which is not in ${distDir}`);
  }
  const order: Record<Loading, number> = { entry: 0, static: 1, lazy: 2 };
  files.sort((a, b) => order[a.loading] - order[b.loading] || b.gzip - a.gzip || a.file.localeCompare(b.file));

  const initial = files.filter((f) => f.loading !== 'lazy');
  const sum = (list: FileSize[]) => list.reduce((total, f) => total + f.gzip, 0);
  const initialJsGzip = sum(initial.filter((f) => !f.file.endsWith('.css')));
  const initialCssGzip = sum(initial.filter((f) => f.file.endsWith('.css')));
  return {
    entry: manifest[entryKey].file,
    files,
    initialJsGzip,
    initialCssGzip,
    budget,
    withinBudget: initialJsGzip <= budget,
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;

export function formatReport(report: BundleReport): string {
  const header = ['file', 'loads', 'raw', 'gzip'];
  const rows = report.files.map((f) => [f.file, f.loading, kib(f.raw), kib(f.gzip)]);
  const widths = header.map((h, column) => Math.max(h.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  const verdict = report.withinBudget
    ? `within the budget of ${kib(report.budget)}`
    : `OVER the budget of ${kib(report.budget)} by ${report.initialJsGzip - report.budget} bytes`;
  return [
    line(header),
    ...rows.map(line),
    '',
    `Initial CSS of the material route (entry ${report.entry}, the material route tree and their static imports): ${kib(report.initialCssGzip)} gzip`,
    `Initial JS of the material route (entry ${report.entry}, the material route tree and their static imports): ` +
      `${kib(report.initialJsGzip)} gzip (${report.initialJsGzip} bytes), ${verdict}`,
  ].join('\n');
}

function main(): void {
  const distDir = path.resolve(process.argv[2] ?? 'dist/client');
  try {
    const report = bundleReport(distDir);
    console.log(formatReport(report));
    process.exitCode = report.withinBudget ? 0 : 1;
  } catch (error) {
    console.error(`bundle-report: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
