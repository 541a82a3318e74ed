#!/usr/bin/env bash
# The whole test suite: set-up, lint, migrations and schema checks, then pytest
# (unit, property-based, API, and real-browser tests). Extra arguments go to pytest.
# TEST_CHECKS=0 runs pytest alone, for a second pytest call on a checkout already checked.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
bash scripts/install-browser.sh

if [ "${TEST_CHECKS:-1}" != 0 ]; then
  echo "== ruff (lint, format, complexity <= 15)"
  .venv/bin/ruff check .
  .venv/bin/ruff format --check .

  echo "== layers (no import cycle between or inside apps, no upward import, no private name taken, no app module over 400 lines)"
  .venv/bin/python scripts/check_layers.py

  echo "== mypy"
  .venv/bin/mypy

  echo "== Django checks"
  .venv/bin/python manage.py check --fail-level WARNING
  .venv/bin/python manage.py makemigrations --check --dry-run
  DEBUG=0 SECRET_KEY="ci-check-deploy-$(printf 'x%.0s' $(seq 1 40))" ALLOWED_HOSTS=tournaments.example.org \
    .venv/bin/python manage.py check --deploy --fail-level WARNING
  .venv/bin/python manage.py spectacular --validate --fail-on-warn --file /dev/null
fi

echo "== pytest"
.venv/bin/python -m pytest -n "${TEST_PROCESSES:-2}" "$@"
