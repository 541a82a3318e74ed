"""The stored standings updated in place after results changed (the pure update is
tournaments.standings.incremental): the stored rows are the standings before, and only
the games of the players the results reach are read, so a result at a 5,000-player event
costs a few small queries instead of reading and ranking every seat of the event."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db.models import Max

from core.gc_pause import gc_paused
from tournaments.models import Event, Registration, Seat, StandingsSnapshotRow, Table
from tournaments.services.base import tiebreaks_for
from tournaments.services.standings.input import TableFacts, build_standing_inputs
from tournaments.services.standings.store import WriteCount, store_moved
from tournaments.standings import StandingGame, StandingRow
from tournaments.standings.incremental import NeedGames, update_standings

# Past this many players whose games are needed, reading the whole event is as cheap.
_MOST_KNOWN = 2_000
_READ = ("registration_id", "id", "rank", "name", "points", "wins", "losses", "draws", "byes",
         "games", "opponents_points", "tiebreaks", "explanation_items",
         "explanation_names")  # fmt: skip


def stored_rows(event_id: int) -> list[StandingRow]:
    """The stored standings (every confirmed result) read back as StandingRows, in order."""
    rows = StandingsSnapshotRow.objects.filter(event_id=event_id, stage=StandingsSnapshotRow.ALL)
    out = []
    for reg, pk, rank, name, *numbers, tiebreaks, items, names in (
        rows.order_by("position").values_list(*_READ).iterator(chunk_size=20_000)
    ):
        row = StandingRow(rank, str(reg), *numbers, tiebreaks=tiebreaks, explanation_items=items)
        row.pk = pk  # type: ignore[attr-defined]
        row.name = name  # type: ignore[attr-defined]
        row.names = names
        out.append(row)
    return out


def _games(event: Event, players: Collection[str]) -> list[StandingGame]:
    """Every confirmed game of ``players``, with every player at those tables."""
    tables = Seat.objects.filter(event_id=event.pk, registration_id__in=[int(p) for p in players])
    seats = list(
        Seat.objects.filter(table_id__in=tables.values("table_id"))
        .order_by("table_id", "position")
        .values_list("event_id", "table_id", "round_id", "is_bye", "registration_id", "points",
                     "outcome", "table__status", "round__number")
    )  # fmt: skip
    facts = TableFacts(
        {row[2]: row[8] for row in seats},
        {row[1] for row in seats if row[7] != Table.Status.CONFIRMED},
    )
    given = build_standing_inputs((row[:7] for row in seats), [], facts).get(event.pk)
    return given.games if given is not None else []


def _max_others(event: Event) -> int:
    """The most opponents any player had at one table of the event (1 without pods)."""
    seats = Seat.objects.filter(event_id=event.pk)
    if not seats.filter(position__gt=2).exists():
        return 1
    return int(seats.aggregate(n=Max("position"))["n"]) - 1


def update_in_place(event: Event, table_ids: Collection[int]) -> WriteCount | None:
    """Store the event's standings after the results of ``table_ids`` changed, updating
    the stored rows (the standings before) in place; None, having written nothing, when
    they cannot be had so: then the caller rebuilds them whole."""
    with gc_paused():  # thousands of small objects, none cyclic
        old = stored_rows(event.pk)
        rows = updated_standings(event, table_ids, old)
        return None if rows is None else store_moved(event.pk, old, rows)


def updated_standings(
    event: Event, table_ids: Collection[int], old: list[StandingRow] | None = None
) -> list[StandingRow] | None:
    """The event's standings after the results of ``table_ids`` changed, the stored rows
    (``old``, read when not given) being those before; None when they cannot be had so
    (a player at those tables is not in the stored rows, or the change reaches most of
    the event)."""
    old = stored_rows(event.pk) if old is None else old
    listed = {row.player for row in old}
    changed = {
        str(reg)
        for reg in Seat.objects.filter(table_id__in=list(table_ids)).values_list(
            "registration_id", flat=True
        )
    }
    if not changed <= listed:
        return None
    ejected = {
        str(pk)
        for pk in Registration.objects.filter(event=event, ejected=True).values_list(
            "pk", flat=True
        )
    }
    chain, max_others = tiebreaks_for(event), _max_others(event)
    known: set[str] = set()
    wanted = set(changed)
    games: list[StandingGame] = []
    while len(known) + len(wanted) <= _MOST_KNOWN:
        games.extend(_new_games(event, wanted, known))
        known |= wanted
        answer = update_standings(old, changed, games, known, chain, ejected, max_others)
        if not isinstance(answer, NeedGames):
            return _named(answer, old)
        wanted = set(answer.players) - known
        if not wanted or not wanted <= listed:
            return None
    return None


def _new_games(event: Event, wanted: set[str], known: set[str]) -> list[StandingGame]:
    """The games of ``wanted`` not already read with those of ``known``."""
    return [g for g in _games(event, wanted) if known.isdisjoint(g.points)]


def _named(rows: list[StandingRow], old: list[StandingRow]) -> list[StandingRow]:
    """Names as the stored rows hold them: a local change renames nobody."""
    names: dict[str, Any] = {}
    for row in old:
        names[row.player] = row.name  # type: ignore[attr-defined]
        names.update(row.names)
    for row in rows:
        row.name = names.get(row.player, row.player)  # type: ignore[attr-defined]
        row.names = names
    return rows
