"""/health/: the database, Redis and a Celery worker. Each check answers "ok" or a
short reason and never raises, so the page itself cannot fail, and each is cheap (no
broadcast to the workers), so the page cannot be used to load the site."""

from __future__ import annotations

import time

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse

WORKER_SEEN_KEY = "health:worker-seen"
# Beat sends the sweep every minute: two missed sweeps and the worker (or beat) is away.
WORKER_SILENT_AFTER = 150.0


def database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        return f"unavailable: {exc.__class__.__name__}"
    return "ok"


def redis() -> str:
    if not settings.REDIS_URL:
        return "not configured"
    import redis as redis_client

    try:
        client = redis_client.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1
        )
        client.ping()
        client.close()
    except (redis_client.RedisError, OSError) as exc:
        return f"unavailable: {exc.__class__.__name__}"
    return "ok"


def worker(now: float | None = None) -> str:
    """Whether a worker ran the sweep lately. It is read from the cache, written by the
    worker each minute (``note_worker_alive``): a monitor or an attacker calling this
    page costs one cache read, never a broadcast the page waits a second for."""
    # The project's Celery app: set as the current one when the project starts.
    if current_app.conf.task_always_eager:
        return "not needed (tasks run in the request)"
    seen = cache.get(WORKER_SEEN_KEY)
    if seen is None:
        return "no worker seen"
    age = (time.time() if now is None else now) - float(seen)
    if age > WORKER_SILENT_AFTER:
        return f"no worker seen for {int(age)} s"
    return "ok"


def note_worker_alive() -> None:
    """Called by the worker (the sweep, and once at start): a worker is alive now."""
    cache.set(WORKER_SEEN_KEY, time.time(), timeout=WORKER_SILENT_AFTER * 10)


def run(deep: bool = True) -> dict[str, str]:
    report = {"database": database(), "database_vendor": connection.vendor, "redis": redis()}
    if deep:
        report["worker"] = worker()
    checks = [v for k, v in report.items() if k != "database_vendor"]
    healthy = all(v == "ok" or v.startswith("not ") for v in checks)
    report["status"] = "ok" if healthy else "degraded"
    return report


def health(request: HttpRequest) -> JsonResponse:
    """Database, Redis and a worker, each "ok" or what is wrong; 503 when the database
    (without which nothing works) is down, 200 otherwise so a load balancer keeps a
    site that only runs slower."""
    report = run(deep=request.GET.get("worker") != "0")
    return JsonResponse(report, status=200 if report["database"] == "ok" else 503)
