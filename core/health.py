"""/health/: the database, Redis and a Celery worker. Each check answers "ok" or a
short reason and never raises, so the page itself cannot fail."""

from __future__ import annotations

import time
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse

_WORKER_TTL = 10.0
_worker_seen: dict[str, Any] = {"at": 0.0, "answer": ""}


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


def worker() -> str:
    # The project's Celery app: set as the current one when the project starts.
    app = current_app
    if app.conf.task_always_eager:
        return "not needed (tasks run in the request)"
    now = time.monotonic()
    # A monitor may call every few seconds; one broadcast per interval is enough.
    if now - _worker_seen["at"] < _WORKER_TTL:
        return _worker_seen["answer"]
    try:
        replies = app.control.ping(timeout=1.0)
        answer = "ok" if replies else "no worker answered"
    except Exception as exc:  # the broker being away is an answer, not an error
        answer = f"unavailable: {exc.__class__.__name__}"
    _worker_seen.update(at=now, answer=answer)
    return answer


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
