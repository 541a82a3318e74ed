"""The timeline of a game system's ledger.

Closed rounds ordered by when they closed, and a finished event's winner's bonus at
the moment it finished (events that share an instant are ordered by id, games before
a bonus). Every ledger row stores its ``step`` in that timeline.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ratings.models import RatingEntry
from tournaments.models import Event, Round

GAME_KIND, BONUS_KIND = 0, 1


@dataclass
class Step:
    key: tuple[Any, ...]
    kind: int
    event_id: int
    at: datetime
    round_id: int | None = None
    round_number: int | None = None


def round_step(
    round_id: int, event_id: int, number: int, closed_at: datetime | None, created_at: datetime
) -> Step:
    at = closed_at or created_at
    return Step((at, event_id, GAME_KIND, number), GAME_KIND, event_id, at, round_id, number)


def bonus_step(event_id: int, at: datetime) -> Step:
    return Step((at, event_id, BONUS_KIND, 0), BONUS_KIND, event_id, at)


def bonus_at(event: Event) -> datetime:
    """The same instant ``timeline`` gives a finished event's bonus in a replay."""
    if event.finished_at:
        return event.finished_at
    last = (
        Round.objects.filter(event=event, status=Round.Status.CLOSED)
        .values_list("closed_at", "created_at")
        .order_by("-closed_at")
    )
    instants = [closed or created for closed, created in last]
    return max(instants) if instants else event.created_at


def row_key(row: Mapping[str, Any]) -> tuple[Any, ...]:
    """A stored ledger row's place in the timeline (comparable with Step.key)."""
    kind = BONUS_KIND if row["kind"] == RatingEntry.Kind.BONUS else GAME_KIND
    return (row["at"], row["event_id"], kind, row["round_number"] or 0)


def timeline(game: str) -> tuple[dict[int, Event], list[Step]]:
    """The rated events of a game system and every step of its ledger, in order."""
    events = {e.pk: e for e in Event.objects.filter(game=game, sanctioned=True).order_by("pk")}
    steps: list[Step] = []
    last_at: dict[int, datetime] = {}
    for rid, event_id, number, closed_at, created_at in Round.objects.filter(
        event__game=game, event__sanctioned=True, status=Round.Status.CLOSED
    ).values_list("pk", "event_id", "number", "closed_at", "created_at"):
        step = round_step(rid, event_id, number, closed_at, created_at)
        steps.append(step)
        last_at[event_id] = max(step.at, last_at.get(event_id, step.at))
    for event in events.values():
        if event.status == Event.Status.FINISHED:
            at = event.finished_at or last_at.get(event.pk) or event.created_at
            steps.append(bonus_step(event.pk, at))
    steps.sort(key=lambda s: s.key)
    return events, steps
