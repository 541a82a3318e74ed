"""The stored standings updated in place after results changed (the pure update is
tournaments.standings.incremental): the stored rows are the standings before; only the
games of the players the results reach, their rows, the score groups they enter or
leave and, in their opponents' groups, the slices tied with them (stored_rows.py) are
read, and only the rows that change are written (those that only move, by one statement),
so a result at a 5,000-player event costs a few small queries instead of reading,
ranking and comparing every seat and row of the event."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from django.db.models import Max

from core.gc_pause import gc_paused
from tournaments.models import Event, Registration, Seat, StandingsSnapshotRow, Table
from tournaments.services.base import tiebreaks_for
from tournaments.services.standings.input import TableFacts, build_standing_inputs
from tournaments.services.standings.store import WriteCount, store_window
from tournaments.services.standings.stored_rows import group_rows, layout, player_rows, read_slices
from tournaments.standings import StandingGame, StandingRow, named_players
from tournaments.standings.incremental import NeedGames, update_window
from tournaments.standings.layout import Layout
from tournaments.standings.slices import Stored

# Past this many players whose games are needed, reading the whole event is as cheap.
_MOST_KNOWN = 2_000


def _met(event: Event, table_ids: Collection[int]) -> tuple[set[str], set[str]]:
    """The players at ``table_ids``, and they with everyone who sat at a table with one
    of them (one query)."""
    theirs = Seat.objects.filter(table_id__in=list(table_ids)).values("registration_id")
    tables = Seat.objects.filter(event_id=event.pk, registration_id__in=theirs)
    seats = Seat.objects.filter(table_id__in=tables.values("table_id"))
    changed, met, tables_changed = set(), set(), set(table_ids)
    for table_id, reg in seats.values_list("table_id", "registration_id"):
        met.add(str(reg))
        if table_id in tables_changed:
            changed.add(str(reg))
    return changed, met


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
    most = Seat.objects.filter(event_id=event.pk, position__gt=2).aggregate(n=Max("position"))
    return 1 if most["n"] is None else int(most["n"]) - 1


def update_in_place(event: Event, table_ids: Collection[int]) -> WriteCount | None:
    """Store the event's standings after the results of ``table_ids`` changed, updating
    the stored rows (the standings before) in place; None, having written nothing, when
    they cannot be had so (a player at those tables is not in the stored rows, or the
    change reaches most of the event): then the caller rebuilds them whole."""
    with gc_paused():  # thousands of small objects, none cyclic
        ejected = {
            str(pk)
            for pk in Registration.objects.filter(event=event, ejected=True).values_list(
                "pk", flat=True
            )
        }
        lines = Layout(layout(event.pk), ejected)  # once for every call of the update
        listed = lines.by_player.keys()
        changed, wanted = _met(event, table_ids)
        if not wanted <= listed:
            return None
        chain, max_others = tiebreaks_for(event), _max_others(event)
        # The games of the result's players and of their opponents (whose opponents'
        # points moved): every update needs them, so they are not waited for.
        known: set[str] = set()
        games: list[StandingGame] = []
        stored = Stored(player_rows(event.pk, wanted))  # the rows every update needs
        while len(known) + len(wanted) <= _MOST_KNOWN:
            if wanted:
                games.extend(g for g in _games(event, wanted) if known.isdisjoint(g.points))
                known |= wanted
            answer = update_window(lines, stored, changed, games, known, chain, ejected, max_others)
            if not isinstance(answer, NeedGames):
                _name(event.pk, answer.rows, stored.rows)
                return store_window(event.pk, answer.rows, stored.rows, answer.shifts)
            _read(event.pk, answer, ejected, stored)
            wanted = set(answer.players) - known
            if not (wanted or answer.groups or answer.rows or answer.slices):
                return None
            if not wanted <= listed:
                return None
        return None


def _read(event_id: int, answer: NeedGames, ejected: Collection[str], stored: Stored) -> None:
    """The stored rows the update asked for, into ``stored``."""
    if answer.groups:
        stored.rows.update(group_rows(event_id, answer.groups, ejected))
    if answer.rows:
        stored.rows.update(player_rows(event_id, answer.rows))
    if answer.slices:
        read_slices(event_id, answer.slices, ejected, stored)


def _name(event_id: int, placed: Sequence[tuple[int, StandingRow]], old: Mapping[str, Any]) -> None:
    """Give the new rows their names, and the names of the players their explanations name
    (of their own tied part, so read already but for a row that names players not read)."""
    names = {p: row.name for p, row in old.items()}
    named = {p for _pos, row in placed for p in named_players(row.explanation_items)}
    if not named <= names.keys():
        missing = [int(p) for p in named - names.keys()]
        found = StandingsSnapshotRow.objects.filter(
            event_id=event_id, stage=StandingsSnapshotRow.ALL, registration_id__in=missing
        ).values_list("registration_id", "name")
        names.update((str(reg), name) for reg, name in found)
    for _pos, row in placed:  # a result renames nobody
        row.name, row.names = names[row.player], names  # type: ignore[attr-defined]
