"""Standings input: the confirmed games and the players the standings rank."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.db.models import Q

from tournaments.models import (
    Event,
    Registration,
    Seat,
    Table,
)

if TYPE_CHECKING:
    from tournaments.standings import StandingGame, StandingRow
from tournaments.services.events import tiebreaks_for


def standing_games(event: Event) -> list[StandingGame]:
    """Every confirmed table of the event as the standings module takes it."""
    from tournaments.standings import StandingGame

    tables: dict[int, list[Seat]] = defaultdict(list)
    info: dict[int, tuple[int, bool]] = {}
    seats = Seat.objects.filter(event=event, table__status=Table.Status.CONFIRMED).select_related(
        "table", "round"
    )
    for seat in seats:
        tables[seat.table_id].append(seat)
        info[seat.table_id] = (seat.round.number, seat.table.is_bye)
    games = []
    for table_id in sorted(tables, key=lambda t: (info[t][0], t)):
        number, is_bye = info[table_id]
        seats_ = tables[table_id]
        games.append(
            StandingGame(
                round_number=number,
                points={str(s.registration_id): s.points or 0 for s in seats_},
                outcome={str(s.registration_id): s.outcome for s in seats_},
                is_bye=is_bye,
            )
        )
    return games


def standing_registrations(event: Event) -> list[Registration]:
    """Who is in the standings: everyone still in, and everyone who played a game."""
    return list(
        event.registrations.filter(Q(dropped=False, ejected=False) | Q(seats__isnull=False))
        .distinct()
        .select_related("player")
        .order_by("pk")
    )


def event_standings(event: Event) -> list[StandingRow]:
    """Standings after the confirmed results; each row carries ``registration`` and
    ``name`` for display."""
    from tournaments.standings import compute_standings

    regs = standing_registrations(event)
    by_id = {str(r.pk): r for r in regs}
    rows = compute_standings(list(by_id), standing_games(event), tiebreaks_for(event))
    names = {pid: reg.player.display_name for pid, reg in by_id.items()}
    for row in rows:
        reg = by_id.get(row.player)
        row.registration = reg  # type: ignore[attr-defined]
        row.name = names.get(row.player, row.player)  # type: ignore[attr-defined]
        row.explanation = _explanation_with_names(row.explanation, names)
    return rows


def _explanation_with_names(text: str, names: Mapping[str, str]) -> str:
    """The standings module names players by id; people read names. Only the two places
    where it lists players are rewritten; anything else is left as it is."""

    def listed(m: re.Match[str]) -> str:
        ids = [i.strip() for i in m.group(1).split(",")]
        return "with " + ", ".join(names.get(i, i) for i in ids) + ": shared rank"

    def shown(m: re.Match[str]) -> str:
        parts = []
        for item in m.group(1).split(", "):
            pid, _, value = item.partition(" ")
            parts.append(f"{names.get(pid, pid)} {value}".strip())
        return "decides (" + ", ".join(parts) + ")"

    text = re.sub(r"with ([\d, ]+): shared rank", listed, text)
    return re.sub(r"decides \(([^)]*)\)", shown, text)
