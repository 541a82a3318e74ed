#!/usr/bin/env bash
# Venue mode: the organizer on a laptop, served to the shop's Wi-Fi over plain HTTP.
# Production settings (DEBUG=0) without TLS: no HTTPS redirect, no secure-only cookies.
# Prints the address players open and a QR code for it. Ctrl-C stops it.
#
#   bash scripts/venue.sh                 # port 8000, the laptop's LAN address
#   PORT=8080 bash scripts/venue.sh
set -euo pipefail
cd "$(dirname "$0")/.."

export VENUE_MODE=1 DEBUG=0
export HOST="${HOST:-0.0.0.0}" PORT="${PORT:-8000}"
export SQLITE_PATH="${SQLITE_PATH:-$PWD/venue.sqlite3}"
export WEB_WORKERS="${WEB_WORKERS:-2}"

# The address other machines on the Wi-Fi reach this one at (no packet is sent).
LAN_IP="${LAN_IP:-$(python3 -c '
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
try:
    s.connect(("10.255.255.255", 1))
    print(s.getsockname()[0])
except OSError:
    print("127.0.0.1")
finally:
    s.close()
')}"

# A key kept next to the database, so log-ins survive a restart of the laptop.
KEY_FILE="${VENUE_KEY_FILE:-$PWD/.venue-secret-key}"
if [ ! -s "$KEY_FILE" ]; then
  (umask 077 && python3 -c 'import secrets; print(secrets.token_urlsafe(50))' >"$KEY_FILE")
fi
export SECRET_KEY="${SECRET_KEY:-$(cat "$KEY_FILE")}"
export ALLOWED_HOSTS="${ALLOWED_HOSTS:-$LAN_IP,localhost,127.0.0.1}"
export CSRF_TRUSTED_ORIGINS="${CSRF_TRUSTED_ORIGINS:-http://$LAN_IP:$PORT}"
export VENUE_URL="http://$LAN_IP:$PORT/"

exec bash scripts/prod.sh
