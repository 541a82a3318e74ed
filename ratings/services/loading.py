"""Loading what the ledger rates: events and their tables as plain values (a full replay
loads hundreds of thousands of seats; model instances would cost more than the rating)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, NamedTuple

from django.utils import timezone

from rules_engine import GameResult, ScoringSettings
from tournaments.models import Event, Seat, Table, TableGame
from tournaments.rules.game_input import engine_input
from tournaments.services import scoring_settings_for


@dataclass
class EventInfo:
    id: int
    game: str
    multiplayer: bool
    settings: ScoringSettings
    event_date: date
    finished_at: datetime | None
    status: str
    settings_key: int = 0  # identifies equal settings cheaply in the score cache


class SeatData(NamedTuple):
    """One seat; sorting a table's seats gives the seating order."""

    position: int
    seat_id: int
    registration_id: int
    mps: int | None


@dataclass
class TableData:
    id: int | None  # None for a playoff game (ratings.services.playoff_games)
    round_id: int
    outcome: str
    winner_id: int | None
    time_called: bool
    seats: list[SeatData] = field(default_factory=list)  # in seating order


def event_date(event: Event) -> date:
    return timezone.localdate(event.starts_at or event.created_at)


_SETTINGS_KEYS: dict[ScoringSettings, int] = {}


def event_info(event: Event) -> EventInfo:
    settings = scoring_settings_for(event)
    return EventInfo(
        id=event.pk,
        game=event.game,
        multiplayer=event.multiplayer,
        settings=settings,
        settings_key=_SETTINGS_KEYS.setdefault(settings, len(_SETTINGS_KEYS)),
        event_date=event_date(event),
        finished_at=event.finished_at,
        status=event.status,
    )


def load_tables(table_filter: dict[str, Any], seat_filter: dict[str, Any]) -> dict[int, TableData]:
    """Non-bye tables and their seats, as plain values (fast enough for a full replay)."""
    tables: dict[int, TableData] = {}
    for row in (
        Table.objects.filter(is_bye=False, **table_filter)
        .order_by("round_id", "number", "id")
        .values_list("id", "round_id", "outcome", "winner_id", "time_called")
    ):
        tables[row[0]] = TableData(*row)
    for table_id, position, registration_id, mps, seat_id in Seat.objects.filter(
        table__is_bye=False, **seat_filter
    ).values_list("table_id", "position", "registration_id", "mps", "id"):
        table = tables.get(table_id)
        if table is not None:
            table.seats.append(SeatData(position, seat_id, registration_id, mps))
    for table in tables.values():
        table.seats.sort()  # seating order, as the tournaments app reads it
    return _with_match_games(tables, table_filter)


def _with_match_games(
    tables: dict[int, TableData], table_filter: dict[str, Any]
) -> dict[int, TableData]:
    """A table that played a match of best of N (RULES.md §8) is rated game by game, as
    every game of a sanctioned event is (its seats hold the games won, which are not a
    game): each game that counted is one rated game of the round under the key minus its
    id. A tie that was replayed counts for nobody and is not rated (as in the top cut); a
    tie the director settled is rated as the draw it was."""
    filtered = {f"table__{k}": v for k, v in table_filter.items()}
    rows = (
        TableGame.objects.filter(table__is_bye=False, **filtered)
        .order_by("table_id", "number")
        .values_list("pk", "table_id", "mps", "outcome", "winner_id", "won_by_id",
                     "decided_for_id", "time_called")
    )  # fmt: skip
    games: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for row in rows:
        games[row[1]].append(row)
    if not games:
        return tables
    out: dict[int, TableData] = {}
    for key, table in tables.items():
        if key not in games:
            out[key] = table
            continue
        for pk, _table, mps, outcome, winner, won_by, decided_for, time_called in games[key]:
            if won_by is None and decided_for is None:
                continue
            seats = [s._replace(mps=(mps or {}).get(str(s.registration_id))) for s in table.seats]
            # No table id on the ledger row: it holds one row per player and table.
            out[-pk] = TableData(None, table.round_id, outcome, winner, time_called, seats)
    return out


def game_result(table: TableData, info: EventInfo, round_number: int) -> GameResult:
    """The table's engine input, from the tournaments' one builder."""
    return engine_input(
        game=info.game,
        multiplayer=info.multiplayer,
        round_number=round_number,
        seats=((str(s.registration_id), s.mps) for s in sorted(table.seats)),
        outcome=table.outcome,
        winner=str(table.winner_id) if table.winner_id is not None else None,
        time_called=table.time_called,
    )
