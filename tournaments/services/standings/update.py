"""The stored standings updated in place after results changed (the pure update is
tournaments.standings.incremental): the stored rows are the standings before; only the
games of the players the results reach and the rows of the score groups they are in are
read, and only the rows that change are written (those that only move, by one statement
a run), so a result at a 5,000-player event costs a few small queries instead of
reading, ranking and comparing every seat and row of the event."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable

from django.db import connection
from django.db.models import Max

from core.gc_pause import gc_paused
from tournaments.models import Event, Registration, Seat, StandingsSnapshotRow, Table
from tournaments.services.base import tiebreaks_for
from tournaments.services.standings.input import TableFacts, build_standing_inputs
from tournaments.services.standings.store import WriteCount, store_window
from tournaments.standings import StandingGame, StandingRow
from tournaments.standings.incremental import Line, NeedGames, update_window

# Past this many players whose games are needed, reading the whole event is as cheap.
_MOST_KNOWN = 2_000
_JSON = {"tiebreaks", "explanation_items"}
_READ = ("registration_id", "id", "position", "rank", "name", "points", "wins", "losses",
         "draws", "byes", "games", "opponents_points", "tiebreaks",
         "explanation_items")  # fmt: skip


def layout(event_id: int) -> list[Line]:
    """Every stored row's player and numbers, in standings order (no JSON read)."""
    rows = StandingsSnapshotRow.objects.filter(event_id=event_id, stage=StandingsSnapshotRow.ALL)
    values = rows.order_by("position").values_list(
        "registration_id", "points", "wins", "losses", "draws"
    )
    return [Line(str(reg), *numbers) for reg, *numbers in values.iterator(chunk_size=20_000)]


def group_rows(
    event_id: int, groups: Iterable[tuple[bool, int]], ejected: Collection[str]
) -> dict[str, StandingRow]:
    """The stored rows of the score groups ``groups`` ((ejected, points)), by player,
    each with its ``pk``, ``position`` and ``name``. Read as plain text and decoded here:
    the ORM's per-value converters cost more than the JSON itself (thousands of rows)."""
    keys = set(groups)
    points = sorted({p for _e, p in keys})
    if not points:
        return {}
    table = StandingsSnapshotRow._meta.db_table
    columns = ", ".join(f"CAST({c} AS text)" if c in _JSON else c for c in _READ)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {columns} FROM {table} WHERE event_id = %s AND stage = %s "
            f"AND points IN ({', '.join(['%s'] * len(points))})",
            [event_id, StandingsSnapshotRow.ALL, *points],
        )
        found = cursor.fetchall()
    out: dict[str, StandingRow] = {}
    loads = json.loads
    for reg, pk, position, rank, name, pts, *numbers, tiebreaks, items in found:
        player = str(reg)
        if (player in ejected, pts) not in keys:
            continue
        w, lo, d, byes, games, opp = numbers
        row = StandingRow(rank, player, pts, w, lo, d, byes, games, opp,
                          tiebreaks=loads(tiebreaks), explanation_items=loads(items))  # fmt: skip
        row.pk, row.position, row.name = pk, position, name  # type: ignore[attr-defined]
        out[player] = row
    return out


def _met(event: Event, players: Collection[str]) -> set[str]:
    """``players`` and everyone who sat at a table with one of them."""
    mine = Seat.objects.filter(event_id=event.pk, registration_id__in=[int(p) for p in players])
    met = Seat.objects.filter(table_id__in=mine.values("table_id"))
    return set(players) | {str(reg) for reg in met.values_list("registration_id", flat=True)}


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
    they cannot be had so (a player at those tables is not in the stored rows, or the
    change reaches most of the event): then the caller rebuilds them whole."""
    with gc_paused():  # thousands of small objects, none cyclic
        lines = layout(event.pk)
        listed = {line.player for line in lines}
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
        # The games of the result's players and of their opponents (whose opponents'
        # points moved): every update needs them, so they are not waited for.
        known: set[str] = set()
        wanted = _met(event, changed)
        if not wanted <= listed:
            return None
        games: list[StandingGame] = []
        rows: dict[str, StandingRow] = {}
        while len(known) + len(wanted) <= _MOST_KNOWN:
            if wanted:
                games.extend(g for g in _games(event, wanted) if known.isdisjoint(g.points))
                known |= wanted
            answer = update_window(lines, rows, changed, games, known, chain, ejected, max_others)
            if not isinstance(answer, NeedGames):
                # The players an explanation names are of its own score group: read.
                names = {p: row.name for p, row in rows.items()}  # type: ignore[attr-defined]
                for _pos, row in answer.rows:  # a result renames nobody
                    row.name, row.names = names[row.player], names  # type: ignore[attr-defined]
                return store_window(event.pk, answer.rows, rows, answer.shifts)
            if answer.groups:
                rows.update(group_rows(event.pk, answer.groups, ejected))
            wanted = set(answer.players) - known
            if not (wanted or answer.groups) or not wanted <= listed:
                return None
        return None
