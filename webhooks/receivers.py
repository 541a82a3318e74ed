"""What turns a change of the tournament into a webhook delivery: the domain signals of
tournaments.signals, each sent by the service that made the change, inside its
transaction (so a rolled-back change sends nothing; notify waits for the commit)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tournaments import signals
from tournaments.models import Round, StandingsSnapshot, StandingsSnapshotRow, Table
from webhooks.models import Delivery, Endpoint, Topic
from webhooks.services import notify

DIGEST_FIELDS = ("position", "registration_id", "rank", "name", "points", "wins", "losses", "draws")


def round_paired(sender: Any, round: Round, repaired: bool = False, **kwargs: Any) -> None:
    notify(round.event_id, Topic.ROUND_PAIRED, {"round": round.number, "repaired": repaired})


def result_confirmed(sender: Any, table: Table, by_director: bool = False, **kwargs: Any) -> None:
    rnd = table.round
    data = {
        "round": rnd.number, "table": table.pk, "number": table.number,
        "version": table.version, "by_director": by_director,
    }  # fmt: skip
    notify(rnd.event_id, Topic.RESULT_CONFIRMED, data)


def standings_digest(event_id: int) -> str:
    rows = StandingsSnapshotRow.objects.filter(event_id=event_id).order_by("position")
    digest = hashlib.sha256()
    for row in rows.values_list(*DIGEST_FIELDS, "opponents_points", "tiebreaks").iterator():
        digest.update(json.dumps(row, sort_keys=True, default=str).encode())
    return digest.hexdigest()[:32]


def standings_changed(sender: Any, event_id: int, version: int, **kwargs: Any) -> None:
    # The snapshot is rebuilt after any write that might move the standings; only a
    # rebuild that really changed the order or a score is worth a delivery.
    wanted = Endpoint.objects.filter(event_id=event_id, active=True)
    if not any(e.wants(Topic.STANDINGS_CHANGED) for e in wanted):
        return
    digest = standings_digest(event_id)
    last = (
        Delivery.objects.filter(endpoint__event_id=event_id, topic=Topic.STANDINGS_CHANGED)
        .order_by("-pk")
        .values_list("payload", flat=True)
        .first()
    )
    if last and last.get("data", {}).get("digest") == digest:
        return
    closed = StandingsSnapshot.objects.filter(event_id=event_id).values_list(
        "closed_rounds", flat=True
    )
    data = {"version": version, "closed_rounds": closed.first() or 0, "digest": digest}
    notify(event_id, Topic.STANDINGS_CHANGED, data)


def event_finished(sender: Any, event: Any, **kwargs: Any) -> None:
    notify(event.pk, Topic.EVENT_FINISHED, {"status": event.status})


def connect() -> None:
    signals.round_paired.connect(round_paired, dispatch_uid="webhooks.round_paired")
    signals.result_confirmed.connect(result_confirmed, dispatch_uid="webhooks.result_confirmed")
    signals.standings_changed.connect(standings_changed, dispatch_uid="webhooks.standings")
    signals.event_finished.connect(event_finished, dispatch_uid="webhooks.event_finished")
