"""Celery tasks of the webhooks app. Each is defined beside the service it runs; this
module lists them, so Celery's autodiscovery registers them."""

from __future__ import annotations

from webhooks.services import backoff_seconds, deliver

__all__ = ["backoff_seconds", "deliver"]
