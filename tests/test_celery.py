"""Celery runs eagerly on embedded defaults and through a real worker with Redis."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from celery.result import allow_join_result
from django.conf import settings

from core.tasks import ping

PROOF = Path(__file__).resolve().parent.parent / "test-artifacts" / "celery-worker-proof.txt"


@pytest.mark.skipif(bool(settings.REDIS_URL), reason="embedded defaults only (no REDIS_URL)")
def test_tasks_run_eagerly_without_redis():
    result = ping.delay().get(timeout=5)
    assert result["eager"] is True


@pytest.mark.worker
@pytest.mark.skipif(
    not os.environ.get("CELERY_WORKER_RUNNING"),
    reason="needs REDIS_URL and a running Celery worker (.ci/run starts one)",
)
def test_a_task_goes_through_redis_and_a_real_worker():
    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    async_result = ping.delay()
    # Celery keeps "a task is running here" in one process-wide flag; the threaded
    # concurrency tests that ran eager tasks before this one can leave it set when
    # their threads interleave, and this test is not inside any task.
    with allow_join_result():
        result = async_result.get(timeout=30)
    assert result["eager"] is False
    assert result["worker"], "the task result must name the worker that ran it"
    assert async_result.backend.__class__.__name__ == "RedisBackend"
    # Parallel test processes do not show their output; .ci/run prints this file.
    PROOF.parent.mkdir(parents=True, exist_ok=True)
    PROOF.write_text(
        f"task {async_result.id} ran on worker {result['worker']!r} "
        f"(host {result['host']}) via {settings.CELERY_BROKER_URL}, eager={result['eager']}\n"
    )
