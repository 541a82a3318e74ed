#!/usr/bin/env bash
# Creates .venv with the pinned requirements. Safe to run again: it reinstalls only
# when a requirements file changed. Needs nothing but Python 3.11+.
set -euo pipefail
cd "$(dirname "$0")/.."

PY="${PYTHON:-python3}"
if ! "$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  echo "Python 3.11 or newer is needed (found: $("$PY" --version 2>&1))." >&2
  exit 1
fi

if [ ! -x .venv/bin/python ]; then
  echo "Creating the virtual environment in .venv ..."
  if ! "$PY" -m venv .venv 2>/dev/null; then
    # Debian splits venv out of python3; install it when we are allowed to.
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
      rm -rf .venv && "$PY" -m venv .venv
    else
      echo "python3 -m venv failed: install your distribution's venv package (e.g. python3-venv)." >&2
      exit 1
    fi
  fi
fi

stamp=".venv/.requirements-$(cat requirements.txt requirements-dev.txt | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  echo "Installing the pinned requirements (first run takes a minute) ..."
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt
  rm -f .venv/.requirements-*
  touch "$stamp"
fi

# Redocly (tests/api/test_schema_rules.py lints the live schema with it), pinned in
# package-lock.json. Optional: without Node.js that one test is skipped, saying why.
if command -v npm >/dev/null; then
  lock_stamp="node_modules/.lock-$(sha256sum package-lock.json | cut -c1-16)"
  if [ ! -f "$lock_stamp" ]; then
    echo "Installing the Node.js dev tools (Redocly) into node_modules ..."
    npm ci --no-audit --no-fund --loglevel=error >/dev/null
    touch "$lock_stamp"
  fi
else
  echo "npm not found: the Redocly lint of the API schema will be skipped." >&2
fi
