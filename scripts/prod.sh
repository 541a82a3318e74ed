#!/usr/bin/env bash
# One command for production: set up, migrate, collect static files, then run gunicorn
# and (with REDIS_URL) a Celery worker with its beat, restarting either if it exits.
# Stop with Ctrl-C or SIGTERM. Behind a TLS proxy (deploy/Caddyfile, deploy/nginx.conf);
# deploy/*.service are the systemd equivalent.
#
#   export SECRET_KEY=... ALLOWED_HOSTS=tournaments.example.org
#   export DATABASE_URL=postgres://... REDIS_URL=redis://127.0.0.1:6379/0
#   bash scripts/prod.sh
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '%s prod.sh: %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >&2; }

[ "${SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh
export DEBUG=0
if [ "${VENUE_MODE:-0}" != 1 ]; then
  : "${SECRET_KEY:?set SECRET_KEY (at least 40 random characters)}"
  : "${ALLOWED_HOSTS:?set ALLOWED_HOSTS (the host names of the site, comma-separated)}"
  # One proxy (Caddy or nginx) in front: its X-Forwarded-For names the client.
  export TRUSTED_PROXY_COUNT="${TRUSTED_PROXY_COUNT:-1}"
fi
[ -n "${DATABASE_URL:-}" ] || log "no DATABASE_URL: using the SQLite file ${SQLITE_PATH:-db.sqlite3}"
[ -n "${REDIS_URL:-}" ] || log "no REDIS_URL: background tasks run inside the web requests"

PY=.venv/bin/python
RUN_DIR="${RUN_DIR:-$(mktemp -d -t organizer-run.XXXXXX)}"
mkdir -p "$RUN_DIR"
"$PY" manage.py migrate --noinput
"$PY" manage.py collectstatic --noinput -v 0
"$PY" manage.py check --deploy --fail-level ERROR

run_forever() { # name command... : run it, and again 2 s after it exits, until stopped
  local name=$1 status
  shift
  while [ ! -f "$RUN_DIR/stop" ]; do
    "$@" &
    echo $! >"$RUN_DIR/$name.pid"
    status=0
    wait $! || status=$?
    [ -f "$RUN_DIR/stop" ] && break
    log "$name exited with status $status; starting it again in 2 s"
    sleep 2
  done
}

stop() {
  touch "$RUN_DIR/stop"
  log "stopping"
  for pidfile in "$RUN_DIR"/*.pid; do
    [ -f "$pidfile" ] && kill -TERM "$(cat "$pidfile")" 2>/dev/null || true
  done
  wait
  log "stopped"
  exit 0
}
trap stop INT TERM

run_forever web .venv/bin/gunicorn -c deploy/gunicorn.conf.py organizer.wsgi &
if [ -n "${REDIS_URL:-}" ]; then
  # Gossip, mingle and the event heartbeat are what crash a worker when Redis restarts
  # ("'NoneType' object has no attribute 'hostname'"); the worker needs none of them.
  run_forever worker .venv/bin/celery -A organizer worker --beat --loglevel=INFO \
    --concurrency "${WORKER_CONCURRENCY:-2}" --schedule "$RUN_DIR/celerybeat-schedule" \
    --without-gossip --without-mingle --without-heartbeat &
fi

if [ "${VENUE_MODE:-0}" = 1 ] && [ -n "${VENUE_URL:-}" ]; then
  log "players join at $VENUE_URL"
  "$PY" -c 'import segno, sys; segno.make(sys.argv[1], error="m").terminal(compact=True)' "$VENUE_URL"
fi
log "serving on ${BIND:-${HOST:-127.0.0.1}:${PORT:-8000}}"
wait
