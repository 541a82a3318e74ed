"""Celery tasks of the tournaments app: thin wrappers over tournaments.services."""

from __future__ import annotations

import logging

from celery import shared_task

logger = logging.getLogger(__name__)


@shared_task(acks_late=True, ignore_result=True)
def rebuild_standings(event_id: int) -> bool:
    """Store an event's standings again after a change committed. Best effort: while it
    has not run (or if it fails) the snapshot stays stale and its first reader rebuilds it."""
    from tournaments.services.standings import snapshot

    try:
        return snapshot.rebuild_if_stale(event_id)
    except Exception:
        logger.exception("standings snapshot of event %s not rebuilt", event_id)
        return False
