"""An event's metagame: what its players played (METW player type and avatar; LOTR TCG
ring-bearer and main cultures), each archetype's share of the field and its results.

Read from each player's current list as judged (its stored verdict) and the event's
standings; the lists must be visible to the reader (the director, or everyone once
published), exactly as the lists themselves are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from decks.cards import card_index
from decks.services import event_decklists
from decks.stored import verdict_data
from rules_engine.deckrules.cards import LOTR_TCG, METW
from rules_engine.deckrules.layout import (
    Archetype,
    Result,
    lotr_archetype,
    metagame,
    metw_archetype,
)
from tournaments import services as tournament_services
from tournaments.models import Event


@dataclass
class Metagame:
    lists: int
    archetypes: list[Archetype]
    final: bool  # the event is finished: the results are the final ones


def archetype_of(game: str, verdict: dict[str, Any]) -> tuple[str, ...]:
    """The archetype key of one judged list (an empty tuple for LoRE, which has none)."""
    if game == METW:
        index = card_index(game)
        avatars = []
        for row in verdict.get("cards", []):
            card = index.by_id.get(row.get("id", ""))
            if card is not None and card.is_avatar:
                avatars += [card.name] * int(row.get("count") or 1)
        return metw_archetype(verdict.get("player_type"), avatars)
    if game == LOTR_TCG:
        return lotr_archetype(verdict.get("counts") or {})
    return ()


def _results(event: Event) -> dict[str, tuple[Result, int]]:
    """Per registration id (as text): the player's result and place so far."""
    if not event.rounds.exists():
        return {}
    rows = tournament_services.event_standings(event, registrations=False)
    return {
        row.player: (Result(row.points, row.wins, row.losses, row.draws), row.rank) for row in rows
    }


def event_metagame(user: Any, event: Event) -> Metagame:
    """The metagame of ``event`` as ``user`` may see it (NotAllowed before publication)."""
    versions = [(r, r.version) for r in event_decklists(user, event) if r.version is not None]
    results = _results(event)
    entries = []
    for row, version in versions:
        key = archetype_of(event.game, verdict_data(version))
        result, rank = results.get(str(row.registration.pk), (None, None))
        entries.append((key, row.registration.player.display_name, result, rank))
    return Metagame(
        lists=len(versions),
        archetypes=metagame(entries),
        final=event.status == Event.Status.FINISHED,
    )
