"""Running it for real: scripts/prod.sh (gunicorn with deploy/gunicorn.conf.py,
a Celery worker with beat, migrate, collectstatic) and scripts/venue.sh (plain HTTP on
the shop's Wi-Fi, a QR code) are started here for real on port 8103 and asked for
/health/; the systemd units are checked by systemd-analyze."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ops.local_redis import REDIS_DB, redis_up

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# The ops port; a second parallel test process takes a free one so the two never collide.
PORT = (
    int(os.environ.get("OPS_TEST_PORT", "8103"))
    if os.environ.get("PYTEST_XDIST_WORKER", "gw0") == "gw0"
    else _free_port()
)
BASE = f"http://127.0.0.1:{PORT}"


def _port_free() -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", PORT)) != 0


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _get(path: str) -> tuple[int, dict[str, str], bytes]:
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(BASE + path, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def _wait_for(
    condition: Any, seconds: float, proc: subprocess.Popen, log: Path | None = None
) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = log.read_text()[-3000:] if log else ""
            raise AssertionError(f"the script exited early:\n{tail}")
        try:
            value = condition()
            if value:
                return value
        except OSError:
            pass
        time.sleep(1)
    raise AssertionError("timed out")


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    # Only what a server's environment would hold: the test process's own switches
    # (DJANGO_ALLOW_ASYNC_UNSAFE from the browser tests, the test database) must not leak.
    keep = {"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "CARD_DATA_DIR"}
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(
        SKIP_SETUP="1",
        HOST="127.0.0.1",
        PORT=str(PORT),
        WEB_WORKERS="1",
        SQLITE_PATH=str(tmp_path / "site.sqlite3"),
        RUN_DIR=str(tmp_path / "run"),
        # Its own collected files: the suite's other workers read the project's manifest.
        STATIC_ROOT=str(tmp_path / "static"),
        **extra,
    )
    return env


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Any]:
    started: list[tuple[subprocess.Popen, Path]] = []

    def run(script: str, env: dict[str, str]) -> tuple[subprocess.Popen, Path]:
        log = tmp_path / f"{Path(script).stem}.log"
        proc = subprocess.Popen(
            ["bash", script],
            cwd=ROOT,
            env=env,
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        started.append((proc, log))
        return proc, log

    yield run
    for proc, _log in started:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)


pytestmark = pytest.mark.skipif(not _port_free(), reason=f"port {PORT} is in use")


def test_prod_script_serves_health_over_http_and_redirects_the_rest(
    tmp_path: Path, start: Any
) -> None:
    with_redis = redis_up()
    extra = {"REDIS_URL": f"redis://127.0.0.1:6379/{REDIS_DB}"} if with_redis else {}
    env = _env(
        tmp_path,
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        **extra,
    )
    proc, log = start("scripts/prod.sh", env)
    status, headers, body = _wait_for(lambda: _get("/health/"), 180, proc, log)
    # Production mode with the SSL redirect on: health answers over plain HTTP...
    assert status == 200, body
    report = json.loads(body)
    assert report["database"] == "ok"
    if with_redis:
        assert report["redis"] == "ok"
        # The worker answers once it has connected (health caches its answer for 10 s).
        _wait_for(lambda: json.loads(_get("/health/")[2])["worker"] == "ok", 90, proc)
    # ... and every other page moves to HTTPS.
    status, headers, _ = _get("/")
    assert status == 301 and headers["Location"].startswith("https://")
    # Timestamped access log lines.
    text = log.read_text()
    assert re.search(
        r"\[\d{2}/\w{3}/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}\] 127\.0\.0\.1 .*\"GET /health/ HTTP/1\.1\" 200",
        text,
    ), text[-2000:]

    proc.send_signal(signal.SIGTERM)
    assert proc.wait(90) == 0
    assert "stopped" in log.read_text()
    assert _port_free(), "gunicorn kept running after the script stopped"


def test_venue_script_serves_plain_http_and_prints_a_qr_code(tmp_path: Path, start: Any) -> None:
    env = _env(tmp_path, LAN_IP="127.0.0.1", VENUE_KEY_FILE=str(tmp_path / "key"))
    proc, log = start("scripts/venue.sh", env)
    status, headers, _ = _wait_for(lambda: _get("/accounts/login/"), 180, proc, log)
    assert status == 200  # no redirect to an HTTPS the laptop does not have
    cookie = headers.get("Set-Cookie", "")
    assert "csrftoken" in cookie and "Secure" not in cookie
    assert "Strict-Transport-Security" not in headers
    assert "Content-Security-Policy" in headers
    assert json.loads(_get("/health/")[2])["database"] == "ok"
    text = log.read_text()
    assert f"http://127.0.0.1:{PORT}/" in text
    assert "█" in text or "▀" in text, "no QR code printed"
    assert len((tmp_path / "key").read_text().strip()) >= 40
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(90) == 0


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="needs systemd-analyze")
@pytest.mark.parametrize("unit", ["organizer-web.service", "organizer-worker.service"])
def test_the_systemd_units_are_valid(tmp_path: Path, unit: str) -> None:
    # Point the unit at this checkout instead of /srv/organizer, then let systemd judge it.
    text = (ROOT / "deploy" / unit).read_text().replace("/srv/organizer", str(ROOT))
    (tmp_path / unit).write_text(text)
    done = subprocess.run(
        ["systemd-analyze", "verify", str(tmp_path / unit)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    problems = [
        line
        for line in done.stderr.splitlines()
        if unit in line and "EnvironmentFile" not in line and "User" not in line
    ]
    assert not problems, done.stderr
