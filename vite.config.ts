/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { iconSprite } from './scripts/iconSprite.mjs';

const STUB = '\0zod-json-schema-stub:';

/**
 * zod's classic schemas import its JSON Schema generator (~5 KiB gzip in our bundle) only to offer
 * `schema.toJSONSchema()` and Standard Schema's `jsonSchema`; the client never generates JSON Schema
 * (scripts/write-json-schema.ts does, in Node). In `vite build` those two imports of
 * zod/v4/classic/schemas.js get a stub with the real module's export names: `aggregateChecks` (behind
 * getters like `minLength`) stays the real one, the method factories return a function that throws,
 * every other export throws when called. Parsing is untouched; tests, `vite` dev and the server run
 * the real zod. Should zod stop importing these modules this way, the stub no longer applies and the
 * bundle report shows the bytes again.
 */
function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'lernwerk:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/.test(importer)) return null;
      if (!/^\.\.\/core\/(json-schema-processors|to-json-schema)\.js$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? STUB + resolved.id : null;
    },
    async load(id) {
      if (!id.startsWith(STUB)) return null;
      const real = id.slice(STUB.length);
      const names = Object.keys((await import(pathToFileURL(real).href)) as object);
      const fail = 'throw new Error("zod JSON Schema generation is not part of the client build (vite.config.ts)")';
      return names
        .map((name) => {
          if (name === 'aggregateChecks') return `export { aggregateChecks } from ${JSON.stringify(real)};`;
          if (/^create\w*Method$/.test(name)) return `export function ${name}() { return () => { ${fail}; }; }`;
          return `export function ${name}() { ${fail}; }`;
        })
        .join('\n');
    },
  };
}

/**
 * The page's stylesheet (the entry's CSS, which index.html links) loads once. Vite's preload helper
 * loads the CSS of every chunk a lazy import depends on unless a `<link rel="stylesheet">` to it is in the
 * document; the entry's CSS rides along with every chunk that imports from the entry. But the server
 * inlines that stylesheet as `<style>` (server/pages/render.ts `inlineStylesheets`), so the helper found
 * no link, fetched the file again and applied it a second time: a style recalculation of the whole page
 * during the takeover, and every rule twice from then on. The page has it from its first byte, so it is
 * taken out of the lazy imports' lists (`__vite__mapDeps`, which Vite writes in its own generateBundle).
 */
function entryStylesheetOnce(): Plugin {
  return {
    name: 'lernwerk:entry-stylesheet-once',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entryCss = new Set(Object.values(bundle).flatMap((file) => (file.type === 'chunk' && file.isEntry ? [...(file.viteMetadata?.importedCss ?? [])] : [])));
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const list = /m\.f\|\|\(m\.f=(\[[^\]]*\])\)/.exec(chunk.code);
          if (!list) continue;
          const files = JSON.parse(list[1]) as string[];
          const skip = new Set(files.flatMap((file, index) => (entryCss.has(file) ? [index] : [])));
          if (!skip.size) continue;
          chunk.code = chunk.code.replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_call, indices: string) => {
            const kept = indices.split(',').filter((index) => index !== '' && !skip.has(Number(index)));
            return kept.length ? `__vite__mapDeps([${kept.join(',')}])` : '[]';
          });
        }
      },
    },
  };
}

/**
 * Precompressed copies of the build: `FILE.br` (brotli, quality 11) and `FILE.gz` (gzip, level 9)
 * beside every js, css, html, svg and json file over 1 KiB of the output (public files included),
 * written once at build time. The server sends them with `@fastify/static`'s `preCompressed` to
 * clients that accept them (server/app.ts), so it never compresses a static file on the fly.
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;
  const filesOf = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '.vite' ? [] : filesOf(full);
      return COMPRESSIBLE.test(entry.name) ? [full] : [];
    });
  return {
    name: 'lernwerk:precompress',
    apply: 'build',
    writeBundle(options) {
      if (!options.dir) return;
      for (const file of filesOf(options.dir)) {
        if (statSync(file).size <= 1024) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The icon sprite (paint/icons/icons.svg) as a file of the build named after its content, and its
 * address as `__ICON_SPRITE_URL__` in the code (paint/iconSpriteUrl.ts). `vite` dev serves it at
 * that address too (read when the dev server starts: an edit of the sprite needs a restart).
 */
function iconSpriteFile(): Plugin {
  const sprite = iconSprite(path.dirname(fileURLToPath(import.meta.url)));
  return {
    name: 'lernwerk:icon-sprite',
    config: () => ({ define: { __ICON_SPRITE_URL__: JSON.stringify(sprite.url) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: sprite.fileName, source: sprite.source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== sprite.url) return next();
        response.setHeader('content-type', 'image/svg+xml');
        response.end(sprite.source);
      });
    },
  };
}

/**
 * react-aria checks the browser's language when its i18n module loads, with
 * `Intl.DateTimeFormat.supportedLocalesOf([locale])`, only to fall back to en-US when the tag is malformed.
 * The first call of that function in a page builds ICU's list of locales: 13–27 ms of the first route's
 * module evaluation in Chromium on this machine (`scripts/bench/profileLoad.ts`), for a check that
 * `new Intl.Locale(locale)` makes as well (it throws the same RangeError for a malformed tag) in well
 * under a millisecond. The build swaps the one for the other; should react-aria change that code, the
 * build warns and leaves it as it is.
 */
export function reactAriaCheapLocaleCheck(): Plugin {
  const source = /[\\/]react-aria[\\/]dist[\\/]private[\\/]i18n[\\/]useDefaultLocale\.mjs$/;
  const check = /Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*locale\s*\]\)/;
  return {
    name: 'lernwerk:react-aria-cheap-locale-check',
    apply: 'build',
    transform(code, id) {
      if (!source.test(id.split('?')[0])) return null;
      if (!check.test(code)) {
        this.warn(`${id}: the locale check to replace was not found; left as it is`);
        return null;
      }
      return { code: code.replace(check, 'new Intl.Locale(locale)'), map: null };
    },
  };
}

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * The `description` texts of our statecharts (machines/ and each kind's machine in src/kinds/: states, transitions, also those
 * written as a const beside the config, the machine itself)
 * document them for `npm run statecharts` and the inspect tools; the browser never reads them, and
 * in the first route they are some 10 KiB of the machines' code. `vite build` blanks them out of every
 * `createMachine({ … })` config (with spaces, so nothing moves and source maps stay right). Tests,
 * `vite` dev and the statechart exports read the machines from source, descriptions included.
 */
export function statechartsWithoutDescriptions(): Plugin {
  const isMachineSource = /[\\/](?:machines[\\/](?:[^\\/]+[\\/])*[^\\/]+|kinds[\\/][^\\/]+[\\/][^\\/]+\.machine)\.ts$/;
  const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
  const children = (node: AstNode): AstNode[] =>
    Object.entries(node)
      .filter(([key]) => key !== 'type' && key !== 'start' && key !== 'end')
      .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
      .filter(isNode);
  const isCreateMachine = (node: AstNode) => {
    const callee = node.callee as AstNode | undefined;
    if (node.type !== 'CallExpression' || !callee) return false;
    const name = callee.type === 'MemberExpression' ? (callee.property as AstNode & { name?: string }).name : (callee as AstNode & { name?: string }).name;
    return name === 'createMachine';
  };
  const isDescription = (node: AstNode) => {
    if (node.type !== 'Property' || node.computed) return false;
    const key = node.key as AstNode & { name?: string; value?: unknown };
    const value = node.value as AstNode & { value?: unknown; expressions?: unknown[] };
    const named = key.type === 'Identifier' ? key.name === 'description' : key.value === 'description';
    const text = (value.type === 'Literal' && typeof value.value === 'string') || (value.type === 'TemplateLiteral' && value.expressions?.length === 0);
    return named && text;
  };
  const TRANSITION_KEYS = new Set(['target', 'actions', 'guard', 'reenter']);
  const isTransition = (node: AstNode) =>
    node.type === 'ObjectExpression' &&
    (node.properties as AstNode[]).some((property) => property.type === 'Property' && TRANSITION_KEYS.has((property.key as AstNode & { name?: string }).name ?? ''));
  return {
    name: 'lernwerk:statecharts-without-descriptions',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || !isMachineSource.test(id.split('?')[0]) || !code.includes('description')) return null;
      const found: AstNode[] = [];
      const walk = (node: AstNode, inMachine: boolean) => {
        if (inMachine && isDescription(node)) return void found.push(node);
        // A transition written once and used in several places of a config (a const beside createMachine).
        if (!inMachine && isTransition(node)) found.push(...(node.properties as AstNode[]).filter(isDescription));
        const machine = inMachine || isCreateMachine(node);
        for (const child of children(node)) walk(child, machine);
      };
      walk(this.parse(code) as unknown as AstNode, false);
      if (!found.length) return null;
      let blanked = code;
      for (const property of found.sort((a, b) => b.start - a.start)) {
        const text = code.slice(property.start, property.end);
        if (!/^['"]?description['"]?\s*:/.test(text) || !/['"`]$/.test(text)) {
          // Offsets that are not string indexes (UTF-8 bytes): leave the file alone rather than break it.
          this.warn(`descriptions kept in ${id}: unexpected AST offsets`);
          return null;
        }
        let end = property.end;
        while (/\s/.test(code[end] ?? '')) end++;
        if (code[end] === ',') end++;
        else end = property.end;
        blanked = blanked.slice(0, property.start) + blanked.slice(property.start, end).replace(/[^\n]/g, ' ') + blanked.slice(end);
      }
      return { code: blanked, map: null };
    },
  };
}

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null };

/**
 * Ids of `starts` and every module they import statically (and dynamically, with `dynamic`), transitively;
 * the walk does not enter the modules of `skip`.
 */
function reachable(graph: ModuleGraph, starts: Iterable<string>, dynamic: boolean, skip: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const id = stack.pop()!;
    const info = seen.has(id) || skip.has(id) ? null : graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : []));
  }
  return seen;
}

const file = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const ROOT = file('./');
const PAGE = file('./index.html');
/** The app the page's entry (src/boot.ts) imports when it is time: part of every page, like the entry. */
const APP = file('./src/main.tsx');
const ROUTE_TREES = [file('./routes/materialRoutes.tsx'), file('./routes/collectionRoutes.tsx')];
/**
 * Our code and the libraries the route trees use; every other library (react-aria above all, whose
 * barrel reaches everything) keeps Rolldown's automatic chunks.
 */
const VIEWER_CODE = /^(?!.*[\\/]node_modules[\\/])|[\\/]node_modules[\\/](xstate|@xstate[\\/]react|use-isomorphic-layout-effect|dompurify|@tanstack|zod)[\\/]/;

/** `compute` once per chunking pass: Rolldown hands every call of a pass the same graph. */
function perPass<T>(compute: (graph: ModuleGraph) => T): (graph: ModuleGraph) => T {
  let value: T | undefined;
  let valueOf: ModuleGraph | undefined;
  return (graph) => {
    if (valueOf !== graph) {
      valueOf = graph;
      value = compute(graph);
    }
    return value as T;
  };
}

/**
 * The viewer's share of the first paint as one chunk instead of a dozen (each file is gzipped on its
 * own, so small chunks compress badly): the modules that both route trees import statically, and that
 * no other chunk of the page (login, toasts, lazy texts, …) reaches. Every page that loads one of them
 * loads a route tree, and with it all of them already, so no page loads more than before.
 */
const viewerMembers = perPass((graph) => {
  const [material, collection] = ROUTE_TREES.map((tree) => reachable(graph, [tree], false));
  const lazyOfPage = [...reachable(graph, [PAGE, APP], false)]
    .flatMap((module) => graph.getModuleInfo(module)?.dynamicallyImportedIds ?? [])
    .filter((module) => module !== APP && !ROUTE_TREES.includes(module));
  const elsewhere = reachable(graph, lazyOfPage, true);
  return new Set([...material].filter((module) => collection.has(module) && !elsewhere.has(module)));
});

/**
 * The chunk `app`: the app (src/main.tsx) and what it imports statically, and the rest of what the
 * material route's first paint loads beside the `viewer` chunk (small modules that lazy parts share as
 * well, react-aria's providers among them), which would otherwise be small chunks of their own: a
 * request each, each compressed on its own. Vite's preload helper, which the page's entry needs to
 * import the app, stays with the entry.
 */
const appMembers = perPass((graph) => {
  const viewer = viewerMembers(graph);
  const material = [...reachable(graph, [ROUTE_TREES[0]], false)].filter((module) => !ROUTE_TREES.includes(module) && !viewer.has(module));
  const members = new Set([...reachable(graph, [APP], false), ...material]);
  for (const module of members) if (module.includes('vite/preload-helper')) members.delete(module);
  return members;
});

/** What the page's entry imports statically (src/boot.ts and the modules it runs before the app loads). */
const entryMembers = perPass((graph) => reachable(graph, [PAGE], false));

type ChunkOf = (id: string, graph: ModuleGraph) => string | null;

/**
 * A chunk group that leaves the entry's own modules to the entry, even those the app imports too
 * (src/elements/dormant/pressReplay.ts): the entry must run before any other file has come.
 */
function besideEntry(chunkOf: ChunkOf): ChunkOf {
  return (id, graph) => (entryMembers(graph).has(id) ? null : chunkOf(id, graph));
}

const ELEMENT_REGISTRY = file('./src/elements/registry.ts');
const QUESTION_TEXTS = file('./i18n/resources/questions.ts');

/**
 * The lazy element kinds (src/elements/registry.ts) as three chunks instead of some fifty. A page with many
 * kinds named each kind's component, statechart, question texts and shared widgets as a file of its own,
 * and over HTTP/1.1's six connections per host those came in waves of six, a round trip each.
 * - `elements`: what the kinds' components (a stateful kind's with its chart) and the question texts import
 *   statically, except what the first route already has and what other lazy parts of the app reach;
 * - `elements-shared`: the rest of that set, which other lazy parts (the certificate's PDF, dialogs, the
 *   annotation layer, …) import too, so that they never load the element code;
 * - `elements-collection`: what the kinds share with the collection route's first paint (react-aria's
 *   buttons, fields, list boxes and their utilities). Left to Rolldown these were eight small chunks of
 *   their own, which a material page asked for one by one with its first screen's kinds; now the material
 *   page loads them as one file with the kinds, and the collection page as one file of its route.
 * The parts a kind loads later itself (KaTeX, highlighting) stay chunks of their own.
 */
const elementChunkOf = perPass((graph) => {
  const dynamicImportsOf = (modules: Iterable<string>) => [...modules].flatMap((module) => graph.getModuleInfo(module)?.dynamicallyImportedIds ?? []);
  const [materialRoute, collectionRoute] = ROUTE_TREES.map((tree) => reachable(graph, [PAGE, APP, tree], false));
  const firstRoute = new Set([...materialRoute, ...collectionRoute]);
  const kinds = [...dynamicImportsOf([ELEMENT_REGISTRY]), QUESTION_TEXTS];
  const parts = new Set(dynamicImportsOf([...reachable(graph, kinds, false)].filter((module) => !firstRoute.has(module))));
  const kindModules = kinds.filter((module) => !parts.has(module));
  const elementCode = [...reachable(graph, kindModules, false)].filter((module) => !materialRoute.has(module));
  // Every other lazy part, and what it loads: not through the first route (there already) or the kinds.
  const notThrough = new Set([...firstRoute, ...kindModules]);
  const otherLazy = dynamicImportsOf(reachable(graph, [PAGE, APP, ...ROUTE_TREES], true)).filter((module) => !notThrough.has(module));
  const reachedElsewhere = reachable(graph, otherLazy, true, notThrough);
  const chunkFor = (module: string) => (collectionRoute.has(module) ? 'elements-collection' : reachedElsewhere.has(module) ? 'elements-shared' : 'elements');
  return new Map(elementCode.map((module) => [module, chunkFor(module)]));
});

/** Where the build says which chunk holds each element module (server/pages/routePreloads.ts reads it). */
const MODULE_CHUNKS_FILE = '.vite/module-chunks.json';

/**
 * `.vite/module-chunks.json`: the file of the chunk holding each module of ours that is imported
 * dynamically (the lazy element kinds' `viewModules` of src/kinds/<kind>/<kind>.indexing.ts among them), by its path from the
 * repository root. The manifest names a module only when a chunk of its own starts with it; in the
 * `elements` chunks (`elementChunkOf`) the kinds' modules have none, and the server could not name their
 * files among a page's preloads.
 */
function moduleChunks(): Plugin {
  return {
    name: 'lernwerk:module-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const module = path.relative(ROOT, id.split('?')[0]).split(path.sep).join('/');
          if (module.startsWith('..') || module.includes('node_modules/') || id.startsWith('\0')) continue;
          if (this.getModuleInfo(id)?.dynamicImporters.length) chunks[module] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: MODULE_CHUNKS_FILE, source: `${JSON.stringify(chunks, null, 2)}\n` });
    },
  };
}

/**
 * The service worker (src/offline/sw.ts; what it keeps, and why, is said there): built by vite-plugin-pwa
 * into `sw.js` beside index.html, a classic script (iife), with the precache manifest of the client's
 * JavaScript, CSS, icon sprite and readable font injected. The server serves it as /sw.js (scope `/`, covering /s/ and /app/), so the
 * manifest names absolute URLs under /app/. The certificate's PDF code (1 MB) is left to the runtime cache:
 * it loads when a certificate is downloaded. The page registers the worker itself, lazily
 * (src/offline/registerServiceWorker.ts): nothing is injected into index.html, no web app manifest.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/offline',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifest: false,
    injectManifest: {
      // The readable font too (53 KB): a learner who needs it may first choose it offline.
      globPatterns: ['assets/*.{js,css,svg}', 'assets/atkinson-hyperlegible-*.woff2'],
      globIgnores: ['**/buildCertificatePdf-*'],
      modifyURLPrefix: { 'assets/': '/app/assets/' },
      // Content-hashed: no revision, so the files the page just loaded come from the HTTP cache.
      dontCacheBustURLsMatching: /^(\/app\/)?assets\//,
      rollupFormat: 'iife',
    },
  });
}

/** The client is served under /app/ by the server; share pages are /s/{id}/… so the base must be absolute. */
export default defineConfig({
  base: '/app/',
  plugins: [react(), tailwindcss(), iconSpriteFile(), zodWithoutJsonSchema(), reactAriaCheapLocaleCheck(), statechartsWithoutDescriptions(), moduleChunks(), entryStylesheetOnce(), precompress(), serviceWorker()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    /** dist/client/.vite/manifest.json: scripts/bundle-report.ts reads the entry chunk and its static imports. */
    manifest: true,
    /** Every supported browser has `<link rel="modulepreload">`. */
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            /**
             * Everything the app imports statically is loaded on every page anyway: one chunk. The page's
             * entry (src/boot.ts and the stylesheet) stays a chunk of its own, small enough to come first.
             * Dependencies stay where Rolldown puts them, so nothing outside a set is pulled in.
             */
            { name: besideEntry((id, graph) => (appMembers(graph).has(id) ? 'app' : null)), debugName: 'app', priority: 2, includeDependenciesRecursively: false },
            { name: besideEntry((id, graph) => (viewerMembers(graph).has(id) ? 'viewer' : null)), debugName: 'viewer', test: VIEWER_CODE, priority: 1, includeDependenciesRecursively: false },
            { name: besideEntry((id, graph) => elementChunkOf(graph).get(id) ?? null), debugName: 'elements', priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    /*
     * Test files are independent (each its own databases, temp dirs and ports chosen by the system), so
     * at least two run at once: vitest's default of one per CPU but one leaves a 2-CPU machine at one
     * file at a time, while much of a server test waits on the processes it starts.
     */
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
