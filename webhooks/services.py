"""Webhooks of an event: registering endpoints, queueing deliveries, signing and sending.

A delivery is a row first (so it is listed with its status even before it is sent) and
is sent after the change that caused it commits, by the Celery task ``deliver`` defined
here beside the service it runs (webhooks.tasks lists it for Celery).
The body is signed with the endpoint's secret: ``Webhook-Signature: sha256=<hex>`` over
``<Webhook-Timestamp>.<body>``, so a receiver can check it came from us and is fresh.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta
from typing import Any

from celery import shared_task
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import NotAllowed, NotFound
from core.jobs import send_after_commit
from core.types import AnyUser, signed_in
from tournaments import services as tournaments
from tournaments.models import Event
from tournaments.permissions import Capability, can
from webhooks.models import Delivery, Endpoint

TIMEOUT_SECONDS = 10
MAX_ATTEMPTS = 6


def _director_only(user: AnyUser, event: Event) -> None:
    if not can(user, event, Capability.RUN_EVENT):
        raise NotAllowed(_("Only the tournament director manages the event's webhooks."))


def register(user: AnyUser, event: Event, url: str, topics: list[str]) -> Endpoint:
    _director_only(user, event)
    # Standings are stored (and their changes signalled) once someone has read them;
    # an endpoint that wants their changes counts as a reader from now on.
    tournaments.snapshot_state(event)
    return Endpoint.objects.create(event=event, url=url, topics=topics, created_by=signed_in(user))


def endpoints(user: AnyUser, event: Event) -> Any:
    _director_only(user, event)
    return event.webhook_endpoints.all()


def endpoint_of(user: AnyUser, event: Event, pk: int) -> Endpoint:
    _director_only(user, event)
    found = event.webhook_endpoints.filter(pk=pk).first()
    if found is None:
        raise NotFound(_("%(event)s has no webhook %(pk)s.") % {"event": event.name, "pk": pk})
    return found


def remove(user: AnyUser, event: Event, pk: int) -> None:
    endpoint_of(user, event, pk).delete()


def notify(event_id: int, topic: str, data: dict[str, Any]) -> list[Delivery]:
    """Queue one delivery per endpoint of the event that wants this topic."""
    targets = [e for e in Endpoint.objects.filter(event_id=event_id, active=True) if e.wants(topic)]
    if not targets:
        return []
    slug = Event.objects.filter(pk=event_id).values_list("slug", flat=True).first()
    payload = {"topic": topic, "event": slug, "occurred_at": timezone.now(), "data": data}
    payload = json.loads(json.dumps(payload, cls=DjangoJSONEncoder))
    deliveries = [
        Delivery.objects.create(endpoint=e, topic=topic, payload=payload) for e in targets
    ]
    for delivery in deliveries:
        # A broker that is away keeps the send in the outbox; the row stays pending.
        send_after_commit(deliver, delivery.pk)
    return deliveries


def sign(secret: str, timestamp: int, body: bytes) -> str:
    digest = hmac.new(secret.encode(), str(timestamp).encode() + b"." + body, hashlib.sha256)
    return "sha256=" + digest.hexdigest()


def post_json(url: str, body: bytes, headers: dict[str, str]) -> int:
    """POST the body; the answer's status code (an unreachable address raises OSError)."""
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def attempt(delivery: Delivery) -> bool:
    """Send once; True when the receiver took it (2xx). The row records every attempt."""
    body = json.dumps(delivery.payload).encode()
    timestamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "MiddleEarthTournamentOrganizer-Webhooks/1",
        "Webhook-Id": str(delivery.pk),
        "Webhook-Topic": delivery.topic,
        "Webhook-Timestamp": str(timestamp),
        "Webhook-Signature": sign(delivery.endpoint.secret, timestamp, body),
    }
    delivery.attempts += 1
    try:
        delivery.response_status = post_json(delivery.endpoint.url, body, headers)
        delivery.error = ""
    except OSError as error:
        delivery.response_status = None
        delivery.error = str(error)[:500]
    ok = delivery.response_status is not None and 200 <= delivery.response_status < 300
    if ok:
        delivery.status = Delivery.Status.SUCCEEDED
        delivery.delivered_at = timezone.now()
    elif delivery.attempts >= MAX_ATTEMPTS:
        delivery.status = Delivery.Status.FAILED
    delivery.save()
    return ok


def backoff_seconds(attempts: int) -> int:
    """30 s, 1 min, 2 min, 4 min, 8 min between attempts (capped at an hour)."""
    return min(30 * 2 ** max(attempts - 1, 0), 3600)


# Named as when it lived in webhooks.tasks: queued messages refer to it by that name.
@shared_task(
    bind=True,
    acks_late=True,
    ignore_result=True,
    max_retries=MAX_ATTEMPTS,
    name="webhooks.tasks.deliver",
)
def deliver(self: Any, delivery_id: int) -> str:
    """Send one delivery, retried with growing waits until MAX_ATTEMPTS."""
    delivery = Delivery.objects.select_related("endpoint").filter(pk=delivery_id).first()
    if delivery is None or delivery.status != Delivery.Status.PENDING:
        return "gone"
    if attempt(delivery):
        return "delivered"
    if delivery.status == Delivery.Status.FAILED:
        return "failed"
    raise self.retry(countdown=backoff_seconds(delivery.attempts))


# A pending delivery no worker attempted for this long past its next retry lost its
# message (the broker's queue was emptied while the worker was down).
RESEND_MARGIN = timedelta(minutes=3)


def resend_lost_deliveries(now: datetime | None = None) -> int:
    """Part of the sweep (core.jobs): pending deliveries whose message was lost, sent
    again. Receivers tell a repeat by its Webhook-Id; a delivery already sent is left
    alone by ``deliver``."""
    now = now or timezone.now()
    count = 0
    pending = Delivery.objects.filter(
        status=Delivery.Status.PENDING, created_at__lt=now - RESEND_MARGIN
    ).values_list("pk", "attempts", "created_at")
    for pk, attempts, created_at in pending.order_by("pk")[:200]:
        # Every retry so far waited its backoff: only past all of them is it lost.
        waited = sum(backoff_seconds(n) for n in range(1, attempts + 1))
        if created_at < now - RESEND_MARGIN - timedelta(seconds=waited):
            send_after_commit(deliver, pk)
            count += 1
    return count
