"""Background work that heals itself, for real: a Celery worker of the
project, on a Redis of its own that the test restarts, and killed with SIGKILL in the
middle of a task. The worker reconnects; the killed task's lease goes stale and the
next worker to start takes the task up again (beat does the same every minute)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from celery import Celery
from django.conf import settings
from django.db import connection

from core.models import TaskLease

ROOT = Path(__file__).resolve().parents[2]
REDIS = "/usr/bin/redis-server"

pytestmark = [
    pytest.mark.worker,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql" or not Path(REDIS).exists(),
        reason="needs PostgreSQL (a worker must share the test database) and redis-server",
    ),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_url() -> str:
    db = settings.DATABASES["default"]
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def _wait(condition: Callable[[], Any], seconds: float, what: str, log: Path | None = None) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    tail = log.read_text()[-3000:] if log and log.exists() else ""
    raise AssertionError(f"timed out waiting for {what}\n{tail}")


class PrivateRedis:
    def __init__(self, port: int, workdir: Path) -> None:
        self.port, self.workdir, self.process = port, workdir, None
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen(
            [REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        _wait(self._answers, 10, "redis to start")

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return True
        except OSError:
            return False

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[Any]:
    server = PrivateRedis(_free_port(), tmp_path)
    yield server
    server.stop()


@pytest.fixture
def start_worker(redis_url: PrivateRedis, tmp_path: Path) -> Iterator[Callable[..., Any]]:
    started: list[subprocess.Popen] = []
    queue = f"heal-{uuid.uuid4().hex[:8]}"

    def start(name: str) -> tuple[subprocess.Popen, Path]:
        log = tmp_path / f"{name}.log"
        env = {
            **os.environ,
            "DATABASE_URL": _database_url(),
            "REDIS_URL": f"redis://127.0.0.1:{redis_url.port}/0",
            "JOB_LEASE_SECONDS": "1",
            "JOB_STALE_SECONDS": "3",
        }
        process = subprocess.Popen(
            [str(Path(sys.executable).parent / "celery"), "-A", "tests.ops.worker_app",
             "worker", "-Q", queue, "--concurrency=1", "--prefetch-multiplier=1",
             "--hostname", f"{name}-{uuid.uuid4().hex[:6]}@%h", "--loglevel=INFO",
             "--without-gossip", "--without-mingle", "--without-heartbeat",
             "--logfile", str(log)],
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )  # fmt: skip
        started.append(process)
        return process, log

    start.queue = queue  # type: ignore[attr-defined]
    yield start
    for process in started:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)


def _client(redis_url: PrivateRedis) -> Celery:
    url = f"redis://127.0.0.1:{redis_url.port}/0"
    # Not the current app: the project's shared tasks must keep sending to the real broker
    # in the tests after this one (a current app pointing at a stopped Redis broke them).
    return Celery("test-client", broker=url, backend=url, set_as_current=False)


def test_the_worker_reconnects_after_redis_restarts(
    redis_url: PrivateRedis, start_worker: Any, tmp_path: Path
) -> None:
    out = tmp_path / "runs.txt"
    worker, log = start_worker("reconnect")
    client = _client(redis_url)
    first = client.send_task("tests.ops.slow", (0, str(out), "before"), queue=start_worker.queue)
    assert first.get(timeout=60) == "before"

    redis_url.stop()
    time.sleep(3)
    assert worker.poll() is None, "the worker exited when Redis went away"
    redis_url.start()

    client = _client(redis_url)
    after = client.send_task("tests.ops.slow", (0, str(out), "after"), queue=start_worker.queue)
    assert after.get(timeout=90) == "after", log.read_text()[-3000:]
    assert worker.poll() is None
    assert out.read_text().split() == ["before", "after"]


def test_a_task_whose_worker_was_killed_is_taken_up_again(
    redis_url: PrivateRedis, start_worker: Any, tmp_path: Path
) -> None:
    out = tmp_path / "runs.txt"
    first, log = start_worker("doomed")
    client = _client(redis_url)
    # Long enough to be killed mid-way (checked below), short because the heir runs it
    # again from the start.
    client.send_task("tests.ops.slow", (8, str(out), "done"), queue=start_worker.queue)
    lease = _wait(lambda: TaskLease.objects.filter(task_name="tests.ops.slow").first(), 60,
                  "the task to start", log)  # fmt: skip
    assert lease.queue == start_worker.queue
    os.killpg(first.pid, signal.SIGKILL)
    first.wait(10)
    assert not out.exists(), "the task finished before its worker was killed"
    # The message stays unacknowledged in Redis for an hour (the visibility timeout):
    # only the stale lease can bring the task back sooner.
    time.sleep(4)

    second, log = start_worker("heir")
    _wait(lambda: out.exists() and out.read_text().split() == ["done"], 90,
          "the retaken task to finish", log)  # fmt: skip
    _wait(lambda: not TaskLease.objects.exists(), 10, "the lease to be released", log)
    assert second.poll() is None
