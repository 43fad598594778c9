#!/usr/bin/env bash
# Throw-away PostgreSQL 15 for the server tests.
#
#   eval "$(scripts/pg-test-db.sh)"      # start (or reuse) it; exports TEST_DATABASE_URL
#   scripts/pg-test-db.sh stop           # stop it and delete its files
#   scripts/pg-test-db.sh status
#
# Only the export line goes to stdout; everything else goes to stderr.
# Overrides: PGTEST_DIR (default /tmp/lernwerk-pgtest), PGTEST_PORT (default 55432).
set -euo pipefail

BIN=/usr/lib/postgresql/15/bin
DIR="${PGTEST_DIR:-/tmp/lernwerk-pgtest}"
PORT="${PGTEST_PORT:-55432}"
DATA="$DIR/data"
URL="postgres://postgres@127.0.0.1:$PORT/postgres"

log() { echo "pg-test-db: $*" >&2; }

# Postgres refuses to run as root: run its tools as the postgres user then.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

running() { [ -f "$DATA/postmaster.pid" ] && as_postgres "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }

wait_for_binaries() {
  local waited=0
  until [ -x "$BIN/initdb" ]; do
    if [ "$waited" -ge 600 ]; then log "no $BIN/initdb after 10 minutes (apt-get install -y postgresql)"; exit 1; fi
    [ "$waited" = 0 ] && log "waiting for $BIN/initdb (PostgreSQL 15 being installed?)"
    sleep 2
    waited=$((waited + 2))
  done
}

start() {
  wait_for_binaries
  if running; then
    log "already running on port $PORT ($DATA)"
  elif "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" -U postgres; then
    # pg_ctl's status can fail transiently (a loaded machine); a server that answers on the port is reused,
    # never wiped from under its feet.
    log "a server answers on port $PORT already: reusing it"
  else
    rm -rf "$DIR"
    mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR"
    as_postgres "$BIN/initdb" -D "$DATA" -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 ||
      { cat "$DIR/initdb.log" >&2; exit 1; }
    as_postgres "$BIN/pg_ctl" -D "$DATA" -l "$DIR/server.log" \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      -w start >&2 || { cat "$DIR/server.log" >&2; exit 1; }
    log "started PostgreSQL 15 on 127.0.0.1:$PORT ($DATA)"
  fi
  echo "export TEST_DATABASE_URL=$URL"
}

stop() {
  if running; then
    as_postgres "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >&2
    log "stopped"
  else
    log "not running"
  fi
  rm -rf "$DIR"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) if running; then log "running on port $PORT"; else log "not running"; exit 1; fi ;;
  *) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
esac
