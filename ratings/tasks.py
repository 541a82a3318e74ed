"""Celery tasks of the ratings app: thin wrappers over ratings.services."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from ratings import services


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=300,
    max_retries=5,
)
def replay_ratings(self, game: str, job_id: int | None = None) -> dict[str, object]:
    """Replay a game system's rating ledger from scratch. Safe to run twice: the
    ledger it writes depends only on the stored results."""
    if job_id is None:
        rows = services.replay_game(game)
        return {"game": game, "rows": rows}
    job = services.run_replay_job(job_id)
    return {"game": game, "job": job.pk, "status": job.status, "rows": job.total}
