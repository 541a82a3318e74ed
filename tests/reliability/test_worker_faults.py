"""Faults: a Celery worker that dies mid-task, or a Redis connection that drops,
loses no work. Tasks are acknowledged only when done (acks_late), so the broker hands a
dead worker's task to the next worker; the ratings replay is idempotent, so running it
again from the start gives the ledger a replay from scratch gives.

These start their own worker (on a queue of their own, against the test database) and
SIGKILL it in the middle of a replay. They need PostgreSQL and Redis (.ci/run's second
run); with the embedded defaults there is no broker and no database a worker can share.
"""

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
from django.conf import settings
from django.db import connection

from ratings import services as ratings
from ratings.models import RatingEntry, ReplayJob
from ratings.tasks import replay_ratings

ROOT = Path(__file__).resolve().parents[2]
GAME = "lore"
GAMES = int(os.environ.get("FAULTS_GAMES", "12000"))

pytestmark = [
    pytest.mark.worker,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not settings.REDIS_URL or connection.vendor != "postgresql",
        reason="needs Redis (REDIS_URL) and PostgreSQL (DATABASE_URL): a worker must share "
        "the broker and the test database",
    ),
]


def _database_url() -> str:
    db = settings.DATABASES["default"]
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class Worker:
    """A Celery worker process (and its pool child) in a process group of its own."""

    def __init__(self, queue: str, log: Path) -> None:
        self.queue = queue
        self.hostname = f"faults-{uuid.uuid4().hex[:8]}@{socket.gethostname()}"
        env = {
            **os.environ,
            "DATABASE_URL": _database_url(),
            "REDIS_URL": settings.REDIS_URL,
            "FAULTS_VISIBILITY_TIMEOUT": "8",
        }
        env.pop("CELERY_WORKER_RUNNING", None)
        self.log = log
        self.process = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "celery"),
                "-A",
                "tests.reliability.fault_worker_app",
                "worker",
                "-Q",
                queue,
                "--concurrency=1",
                "--prefetch-multiplier=1",
                "--hostname",
                self.hostname,
                "--loglevel=INFO",
                "--without-gossip",
                "--without-mingle",
                "--logfile",
                str(log),
            ],
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = 40) -> None:
        from organizer.celery import app

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.tail()
            if app.control.ping(destination=[self.hostname], timeout=0.5):
                return
        raise AssertionError(f"worker never answered a ping\n{self.tail()}")

    def kill(self) -> None:
        """SIGKILL the worker and its pool child at once: no chance to ack or clean up."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def tail(self) -> str:
        try:
            return "\n".join(self.log.read_text().splitlines()[-30:])
        except OSError:
            return "(no worker log)"


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[Callable[[], Worker]]:
    queue = f"faults-{uuid.uuid4().hex[:10]}"
    started: list[Worker] = []

    def start() -> Worker:
        worker = Worker(queue, tmp_path / f"worker-{len(started)}.log")
        started.append(worker)
        worker.wait_ready()
        return worker

    start.queue = queue  # type: ignore[attr-defined]
    yield start
    for worker in started:
        worker.stop()


@pytest.fixture
def ledger_data() -> int:
    """A few thousand rated games, so a replay runs long enough to be killed mid-way."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.bench_ratings import build_events

    built = build_events(GAMES, game=GAME, players=600, quiet=True, prefix="faults")
    return built["games"]


def _wait_for(
    condition: Callable[[], Any], timeout: float, what: str, worker: Worker | None = None
) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}\n{_diagnosis(worker)}")


def _diagnosis(worker: Worker | None) -> str:
    """What the job, the broker and the database locks looked like when time ran out."""
    import redis

    jobs = list(ReplayJob.objects.values_list("pk", "status", "phase", "done", "total"))
    client = redis.Redis.from_url(settings.REDIS_URL)
    queues = {q: client.llen(q) for q in (worker.queue,)} if worker else {}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, state, left(query, 60) FROM pg_stat_activity "
            "WHERE pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory')"
        )
        advisory = cursor.fetchall()
    return (
        f"jobs={jobs} queue={queues} unacked={client.hlen('unacked')} "
        f"mutex={client.exists('unacked_mutex')} advisory_holders={advisory}\n"
        + (worker.tail() if worker else "")
    )


def _job(pk: int) -> ReplayJob:
    return ReplayJob.objects.get(pk=pk)


def _assert_ledger_is_a_full_replay(job: ReplayJob) -> None:
    written = ratings.ledger_snapshot(GAME)
    assert written, "the replay wrote no ledger"
    assert len(written) == job.total == RatingEntry.objects.filter(game=GAME).count()
    ratings.replay_game(GAME)  # from scratch, here in the test process
    assert ratings.ledger_snapshot(GAME) == written


def test_a_worker_killed_mid_replay_loses_no_work(workers, ledger_data: int) -> None:
    first = workers()
    job = ReplayJob.objects.create(game=GAME, reason="fault test")
    replay_ratings.apply_async((GAME, job.pk), queue=workers.queue)
    # Mid-task: the job is running and has reported progress on the games.
    _wait_for(
        lambda: _job(job.pk).status == ReplayJob.Status.RUNNING and _job(job.pk).done > 0,
        60,
        "the replay to start",
        first,
    )
    first.kill()
    killed = _job(job.pk)
    assert killed.status == ReplayJob.Status.RUNNING, "the worker finished before it was killed"

    second = workers()
    done = _wait_for(
        lambda: (
            (j := _job(job.pk)).status in (ReplayJob.Status.DONE, ReplayJob.Status.FAILED) and j
        ),
        100,  # a loaded CI machine: redelivery after 8 s, then a full replay
        "the redelivered replay to finish",
        second,
    )
    assert done.status == ReplayJob.Status.DONE, done.error
    assert done.games_rated == 2 * ledger_data  # one ledger row per player per game
    _assert_ledger_is_a_full_replay(done)


def _cut_every_connection_to_the_broker() -> int:
    """CLIENT KILL for every client connection to the broker's Redis database: the
    worker's and this process's alike. Clients of the server's other databases are left
    alone: another test run or a site may share the server."""
    import redis

    admin = redis.Redis.from_url(settings.REDIS_URL)
    db = str(admin.connection_pool.connection_kwargs.get("db", 0))
    me = str(admin.client_id())
    ids = [c["id"] for c in admin.client_list(_type="normal") if c["db"] == db and c["id"] != me]
    return sum(admin.client_kill_filter(_id=client_id) for client_id in ids)


def test_a_dropped_redis_connection_loses_no_task(workers, ledger_data: int) -> None:
    """Every client connection to the broker's Redis database is cut (what a Redis restart
    does to them) while a replay runs, and the next task is sent right after; both
    complete."""
    worker = workers()
    job = ReplayJob.objects.create(game=GAME, reason="fault test: redis")
    replay_ratings.apply_async((GAME, job.pk), queue=workers.queue)
    _wait_for(
        lambda: _job(job.pk).status == ReplayJob.Status.RUNNING,
        60,
        "the replay to start",
        worker,
    )
    # Cuts the worker's connections and this process's pooled producer connection alike,
    # so the next task is sent over a connection the broker has dropped.
    killed = _cut_every_connection_to_the_broker()
    assert killed >= 1
    second = ReplayJob.objects.create(game=GAME, reason="fault test: sent after the drop")
    replay_ratings.apply_async((GAME, second.pk), queue=workers.queue)
    for pk in (job.pk, second.pk):
        finished = _wait_for(
            lambda pk=pk: (
                (j := _job(pk)).status in (ReplayJob.Status.DONE, ReplayJob.Status.FAILED) and j
            ),
            75,
            f"job {pk} to finish",
            worker,
        )
        assert finished.status == ReplayJob.Status.DONE, finished.error
    _assert_ledger_is_a_full_replay(_job(second.pk))
