"""Celery tasks of the ratings app: thin wrappers over ratings.services."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import OperationalError

from ratings import services

logger = logging.getLogger(__name__)


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=300,
    # Until the database is back: a replay is idempotent, and giving up left jobs "running".
    max_retries=None,
)
def replay_ratings(self, game: str, job_id: int | None = None) -> dict[str, object]:
    """Replay a game system's rating ledger from scratch. Safe to run twice: the
    ledger it writes depends only on the stored results."""
    if job_id is None:
        rows = services.replay_game(game)
        return {"game": game, "rows": rows}
    job = services.run_replay_job(job_id)
    return {"game": game, "job": job.pk, "status": job.status, "rows": job.total}


@shared_task(acks_late=True, ignore_result=True)
def warm_league_cache(game: str) -> int:
    """Compute the league tables of a game system after its ledger changed, so the
    next visitor of a big league gets the cached table. Best effort: a failure here
    only means the next page view computes the table itself."""
    from ratings.standings import warm_league_tables

    try:
        return warm_league_tables(game)
    except Exception:  # a cache warm-up must never fail the write that triggered it
        logger.exception("warming the %s league tables failed", game)
        return 0
