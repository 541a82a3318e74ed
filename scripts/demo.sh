#!/usr/bin/env bash
# Sets everything up on embedded defaults (SQLite file demo.sqlite3, Celery eager,
# local-memory cache), loads the demo events and serves them on localhost.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
export SQLITE_PATH="${SQLITE_PATH:-$PWD/demo.sqlite3}"
HOST="${HOST:-127.0.0.1}"
PORT="${PORT:-8000}"

.venv/bin/python manage.py migrate --noinput -v0
.venv/bin/python manage.py load_demo --reset
echo
echo "Serving the demo at http://$HOST:$PORT/  (Ctrl-C stops it)"
exec .venv/bin/python manage.py runserver --noreload "$HOST:$PORT"
