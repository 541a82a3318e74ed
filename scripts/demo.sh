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
# With the real card databases beside the project, the deck checker knows every card
# (a few seconds, and nothing to do on a second run); without them it uses the small
# card list the project ships.
DATA="${CARD_DATA_DIR:-$PWD/../shared/data}"
if [ -f "$DATA/metw/cards.json" ] && [ -f "$DATA/lotr-tcg/cards.json" ]; then
  .venv/bin/python manage.py import_cards metw "$DATA/metw/cards.json"
  .venv/bin/python manage.py import_cards lotr-tcg "$DATA/lotr-tcg/cards.json"
  .venv/bin/python manage.py import_formats lotr-tcg "$DATA/lotr-tcg/formats.json"
else
  echo "No card databases in $DATA: the deck checker uses the project's small card list."
fi
.venv/bin/python manage.py load_demo --reset
echo
echo "Serving the demo at http://$HOST:$PORT/  (Ctrl-C stops it)"
exec .venv/bin/python manage.py runserver --noreload "$HOST:$PORT"
