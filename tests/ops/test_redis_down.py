"""Redis down is not the site down: with Redis away the cache answers as
an empty cache and a task send waits in the outbox; log-in (page and token), the deck
checker and the league pages answer as usual. Tested for real: a Django process whose
REDIS_URL points at a closed port, and a live Redis connection cut through a proxy."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.core.cache.backends.base import DEFAULT_TIMEOUT

from core.cache import ResilientRedisCache
from tests.ops.local_redis import REDIS_DB, redis_up

ROOT = Path(__file__).resolve().parents[2]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nothing listens


def test_every_page_the_issue_named_answers_with_redis_away(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "PYTEST_XDIST_WORKER"}}
    env.update(
        DJANGO_SETTINGS_MODULE="organizer.settings",
        SQLITE_PATH=str(tmp_path / "site.sqlite3"),
        REDIS_URL=f"redis://127.0.0.1:{_closed_port()}/3",
        REDIS_TIMEOUT="0.5",
    )
    run = [sys.executable, "manage.py"]
    subprocess.run([*run, "migrate", "-v", "0"], cwd=ROOT, env=env, check=True, timeout=300)
    probe = (ROOT / "tests" / "ops" / "redis_down_probe.py").read_text()
    done = subprocess.run(
        [*run, "shell", "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["cache_get"] == "fallback"
    assert out["login_page"] == 200
    assert out["login_bad"] == 200  # the form again, with its error
    assert out["login_ok"] == 302
    assert out["token"] == 200
    assert out["leagues"] == 200
    assert out["league_game"] == 200
    assert out["deck_check"] < 500
    # The send failed, nothing was refused, and the task waits to be sent under its own id.
    assert out["outbox"] == [[out["task_id"], "organizer.tasks.ping"]]


class _Proxy:
    """A TCP proxy in front of the real Redis, so a test can cut live connections."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", 6379))
            self.sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass

    def cut(self) -> None:
        # shutdown() first: close() alone leaves a blocked accept() listening.
        self.server.shutdown(socket.SHUT_RDWR)
        self.server.close()
        for s in self.sockets:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()


@pytest.mark.skipif(not redis_up(), reason="needs a Redis on 127.0.0.1:6379")
def test_a_cut_redis_connection_degrades_to_no_cache() -> None:
    proxy = _Proxy()
    cache = ResilientRedisCache(
        f"redis://127.0.0.1:{proxy.port}/{REDIS_DB}",
        {
            "KEY_PREFIX": "ops-cut-test",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        },
    )
    cache.set("table", {"rows": 3}, DEFAULT_TIMEOUT)
    assert cache.get("table") == {"rows": 3}, "the proxy must work before the cut"
    proxy.cut()
    assert cache.get("table", "miss") == "miss"
    assert cache.add("x", 1) is False
    assert cache.incr("x", 2) == 2
    assert cache.get_or_set("y", lambda: 7) == 7
    assert cache.get_many(["table"]) == {}
    cache.set("table", 1)
    cache.delete("table")
