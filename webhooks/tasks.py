"""Celery task of the webhooks app: send one delivery, retried with growing waits."""

from __future__ import annotations

from celery import shared_task

from webhooks import services
from webhooks.models import Delivery


def backoff_seconds(attempts: int) -> int:
    """30 s, 1 min, 2 min, 4 min, 8 min between attempts (capped at an hour)."""
    return min(30 * 2 ** max(attempts - 1, 0), 3600)


@shared_task(bind=True, acks_late=True, ignore_result=True, max_retries=services.MAX_ATTEMPTS)
def deliver(self, delivery_id: int) -> str:
    delivery = Delivery.objects.select_related("endpoint").filter(pk=delivery_id).first()
    if delivery is None or delivery.status != Delivery.Status.PENDING:
        return "gone"
    if services.attempt(delivery):
        return "delivered"
    if delivery.status == Delivery.Status.FAILED:
        return "failed"
    raise self.retry(countdown=backoff_seconds(delivery.attempts))
