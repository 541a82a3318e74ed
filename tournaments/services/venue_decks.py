"""Deck lists at the venue: which players still miss a list or hold an illegal one.

The deck lists themselves belong to the decks app, which sits above tournaments in this
respect (it reads registrations); so the faces fetch its per-player status
(``decks.services.deck_status_for_event``) and hand it here, and tournaments never
imports decks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tournaments.models import Event, Registration


class ListStatus(Protocol):
    submitted: bool
    legal: bool | None
    problems_count: int


@dataclass(frozen=True)
class Listed:
    registration_id: int
    name: str
    problems: int = 0


@dataclass(frozen=True)
class DeckReadiness:
    missing: list[Listed] = field(default_factory=list)
    illegal: list[Listed] = field(default_factory=list)

    @property
    def ready(self) -> bool:
        return not self.missing and not self.illegal


def deck_readiness(
    registrations: Iterable[Registration], statuses: Mapping[int, ListStatus]
) -> DeckReadiness:
    """Who, among the players still in, has no list or an illegal one."""
    missing, illegal = [], []
    for reg in registrations:
        if not reg.active:
            continue
        status = statuses.get(reg.pk)
        if status is None or not status.submitted:
            missing.append(Listed(reg.pk, reg.player.display_name))
        elif status.legal is False:
            illegal.append(Listed(reg.pk, reg.player.display_name, status.problems_count))
    return DeckReadiness(missing, illegal)


def deck_readiness_for(event: Event, statuses: Mapping[int, Any]) -> DeckReadiness | None:
    """The readiness shown before round 1 when the event asks for lists, else None."""
    if not event.decklists_required or event.rounds.exists():
        return None
    regs = event.registrations.select_related("player").order_by("player__display_name")
    return deck_readiness(regs, statuses)
