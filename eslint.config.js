/**
 * `npm run lint` (and step 1 of `npm test`): typescript-eslint's recommended rules (syntax only, no type
 * information, so the whole tree lints in seconds; `tsc --noEmit` is the type check) and the folders'
 * import directions, the layers of the house:
 *
 *   model/     the ground floor: zod schemas and pure rules; imports packages only
 *   i18n/      the texts in German and English and their translator; import model/ and each other
 *   paint/     DOM-free React that the server's first paint and the app both draw (with each kind's
 *              `*.paint.tsx` views, KIND_PAINT_FILES): imports model/, i18n/, the kinds' rules and
 *              each other, and uses no browser global
 *   machines/  statecharts; import model/ and each other
 *   src/       the client; imports model/, i18n/, paint/, machines/ and src/; routes/ only from the app's entry (src/main.tsx)
 *   src/kinds/ one folder per element kind, each file on its floor: the kind's rules (`*.model.ts`,
 *              `*.rules.ts`, `*.indexing.ts` and the other plain modules) stand on the ground floor beside
 *              model/, its DOM-free views (KIND_PAINT_FILES) beside paint/, its statechart
 *              (KIND_MACHINE_FILES) beside machines/, its view (KIND_VIEW_FILES) in src/,
 *              its tool data (KIND_TOOL_FILES: walks, bench samples) beside scripts/, imported by no product file
 *   routes/    the route trees; import every client folder
 *   server/    imports model/, i18n/, paint/ and the kinds' rules (exceptions below, each named)
 *   scripts/, tests/, e2e/: import anything
 *
 * Cycles, type imports included, are checked by `npm run cycles` (dpdm), not here: the plugin's
 * `no-cycle` resolves every file's imports again per file and took minutes.
 */
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const TS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js', '.json'];
const ROOT = import.meta.dirname;
const TOOLS = ['./scripts', './tests', './e2e'];

/** The files of src/kinds/ that are statecharts, DOM-free views, and the app's views; the rest is ground floor. */
const KIND_MACHINE_FILES = ['src/kinds/**/*.machine.ts', 'src/kinds/**/*.connect.ts'];
const KIND_PAINT_FILES = ['src/kinds/**/*.paint.ts', 'src/kinds/**/*.paint.tsx'];
const KIND_VIEW_FILES = ['src/kinds/**/!(*.paint).tsx', 'src/kinds/**/use*.ts', 'src/kinds/**/*.texts.ts', 'src/kinds/certificate/certificateActor.ts'];
const KIND_GROUND_FILES = ['src/kinds/**'];
/** Tool data of a kind (its charts' walk variants, the bench's sample content): beside scripts/, never imported by the product. */
const KIND_TOOL_FILES = ['src/kinds/**/*.walks.ts', 'src/kinds/**/*.sample.ts'];
const from = (globs) => globs.map((glob) => `./${glob}`);
/** The client outside the kinds' folders. */
const CLIENT = ['./src/!(kinds)/**', './src/*'];
/** What the ground floor stands below: everything but model/ and the kinds' rules. */
const ABOVE_GROUND = ['./i18n', './paint', './machines', './routes', './server', ...TOOLS, ...CLIENT];
/** Browser globals, which DOM-free code (i18n/, paint/) does not touch: the server draws it too. */
const BROWSER_GLOBALS = ['window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'self', 'IntersectionObserver', 'ResizeObserver', 'MutationObserver', 'requestAnimationFrame', 'getComputedStyle', 'matchMedia'].map((name) => ({
  name,
  message: 'paint/ and i18n/ are DOM-free: the server draws them too. Touch the browser in the app (src/).',
}));

/** One zone of folders and one of globs: the rule takes either kind per zone, not both. */
function zonesFrom(from, message) {
  const isGlob = (path) => path.includes('*');
  return [from.filter((path) => !isGlob(path)), from.filter(isGlob)].filter((paths) => paths.length).map((paths) => ({ target: './', from: paths, message }));
}

/**
 * The files `files` (less `ignores`) may not import from the folders `from`: one config block per
 * layer, since a rule's options are set per file.
 */
function layer(files, from, message, ignores = []) {
  return {
    files,
    ignores,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: zonesFrom(from, message) }] },
  };
}

/**
 * The browser scripts the server ships (built by esbuild when a package or page asks for them), each
 * driven by its statechart in machines/. They import statecharts, which the rest of server/ does not;
 * none imports the app (src/).
 */
const SERVER_BROWSER_SCRIPTS = [
  // The SCORM package's launcher: a browser script the package carries, driven by its chart in machines/.
  'server/scorm/launcher/**',
  // The cmi5 AU launch page's script, driven by its chart machines/cmi5Launcher.ts; the page serving it writes its config.
  'server/cmi5/launcher/**',
  // The LTI storage pages' script, driven by its chart machines/ltiPlatformStorage.ts.
  'server/lti/storage/**',
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', '.cache/**', 'ci/**', '.fleet/**', 'coverage/**', 'test-results*/**', '.pg-test/**', 'playwright-report/**', 'docs/**', 'public/**', 'content/**', 'data/**', '.vite/**', '**/*.d.ts', '**/*.d.mts'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // A disable comment that no longer silences anything is an error: each one left says why it is there (`-- reason`).
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: TS_EXTENSIONS })] },
    rules: {
      // tsc knows which globals exist where (DOM in the client, Node in the server and scripts); ESLint's copy does not.
      'no-undef': 'off',
      // A name that starts with `_` is unused on purpose: a parameter a signature requires, a property left out of a rest (`{ _type, ...rest }`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Control characters in patterns are what the sanitiser, the URL checks and the hostile-input tests look for.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests read answers, fixtures and harness calls loosely; their expectations are what check the shapes.
    files: ['tests/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The rules of hooks and their dependency lists; not the plugin's React Compiler rules (no compiler here).
    files: ['**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  layer(['src/**'], ['./routes', './server', ...TOOLS, ...from(KIND_TOOL_FILES)], 'src/ imports model/, i18n/, paint/, machines/ and src/ only (not the kinds\' tool data, *.walks.ts and *.sample.ts); the app entry (src/main.tsx) alone builds the router from routes/.', ['src/main.tsx', ...KIND_TOOL_FILES]),
  layer(['model/**', ...KIND_GROUND_FILES], [...ABOVE_GROUND, ...from(KIND_PAINT_FILES), ...from(KIND_MACHINE_FILES), ...from(KIND_VIEW_FILES), ...from(KIND_TOOL_FILES)], 'model/ and the kinds\' rules are the ground floor: they import packages and each other only.', [...KIND_PAINT_FILES, ...KIND_MACHINE_FILES, ...KIND_VIEW_FILES, ...KIND_TOOL_FILES]),
  layer(['i18n/**'], ABOVE_GROUND.filter((folder) => folder !== './i18n'), 'i18n/ imports model/ and i18n/ only.'),
  layer(['paint/**', ...KIND_PAINT_FILES], ['./machines', './routes', './server', ...TOOLS, ...CLIENT, ...from(KIND_MACHINE_FILES), ...from(KIND_VIEW_FILES), ...from(KIND_TOOL_FILES)], 'paint/ and the kinds\' *.paint.tsx views are DOM-free: they import model/, i18n/, the kinds\' rules and each other only.'),
  { files: ['i18n/**', 'paint/**', ...KIND_PAINT_FILES], rules: { 'no-restricted-globals': ['error', ...BROWSER_GLOBALS] } },
  layer(['machines/**', ...KIND_MACHINE_FILES], ['./i18n', './paint', './routes', './server', ...TOOLS, ...CLIENT, ...from(KIND_PAINT_FILES), ...from(KIND_VIEW_FILES), ...from(KIND_TOOL_FILES)], 'Statecharts (machines/, src/kinds/*/*.machine.ts) import model/, the kinds\' rules and statecharts only.'),
  layer(['src/main.tsx'], ['./server', ...TOOLS], 'The app entry imports the client folders and model/ only.'),
  layer(['routes/**'], ['./server', ...TOOLS], 'routes/ import the client folders and model/ only.'),
  layer(['server/**'], ['./machines', './routes', ...TOOLS, ...CLIENT, ...from(KIND_MACHINE_FILES), ...from(KIND_VIEW_FILES), ...from(KIND_TOOL_FILES)], 'server/ imports model/, i18n/, paint/, the kinds\' rules and server/ only (its browser scripts import statecharts too: SERVER_BROWSER_SCRIPTS in eslint.config.js).', SERVER_BROWSER_SCRIPTS),
  layer(SERVER_BROWSER_SCRIPTS, ['./routes', ...TOOLS, ...CLIENT, ...from(KIND_VIEW_FILES), ...from(KIND_TOOL_FILES)], 'The server\'s browser scripts import model/, statecharts and server/ only, not the app (src/).'),
);
