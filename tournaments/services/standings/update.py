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

from django.db import connection
from django.db.models import Max

from core.gc_pause import gc_paused
from tournaments.models import Event, Round, Seat, Table
from tournaments.services.base import tiebreaks_for
from tournaments.services.standings.input import TableFacts, build_standing_inputs
from tournaments.services.standings.store import WriteCount, store_window
from tournaments.services.standings.stored_rows import (
    layout,
    player_rows,
    read_needed,
    stored_names,
)
from tournaments.standings import StandingGame, StandingRow, named_players
from tournaments.standings.incremental import NeedGames, update_window
from tournaments.standings.layout import Layout
from tournaments.standings.slices import Stored

# Past this many players whose games are needed, reading the whole event is as cheap.
_MOST_KNOWN = 2_000


def _placeholders(values: Collection[int]) -> str:
    return ", ".join(["%s"] * len(values))


def _met(event: Event, table_ids: Collection[int]) -> tuple[set[str], set[str], int]:
    """The players at ``table_ids``; they with everyone who sat at a table with one of
    them; and the most opponents any player had at one table of the event (1 without
    pods). One query, in plain SQL (the ORM's compilation costs more than the query)."""
    seat = Seat._meta.db_table
    ids = sorted(table_ids)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT s.table_id, s.registration_id, (SELECT MAX(position) FROM {seat} "
            "WHERE event_id = %s AND position > 2) "
            f"FROM {seat} s WHERE s.table_id IN (SELECT table_id FROM {seat} WHERE event_id = %s "
            f"AND registration_id IN (SELECT registration_id FROM {seat} "
            f"WHERE table_id IN ({_placeholders(ids)})))",
            [event.pk, event.pk, *ids],
        )
        found = cursor.fetchall()
    changed, met, tables_changed = set(), set(), set(table_ids)
    for table_id, reg, _most in found:
        met.add(str(reg))
        if table_id in tables_changed:
            changed.add(str(reg))
    most = found[0][2] if found else _most_at_a_table(event)
    return changed, met, 1 if most is None else int(most) - 1


def _most_at_a_table(event: Event) -> int | None:
    found = Seat.objects.filter(event_id=event.pk, position__gt=2).aggregate(n=Max("position"))
    return found["n"]


def _games(event: Event, players: Collection[str]) -> list[StandingGame]:
    """Every confirmed game of ``players``, with every player at those tables (plain SQL,
    as _met). Each seat's table status and round number are looked up by key: joined,
    the database hashed every table of every event to find a few hundred."""
    seat, table, rnd = Seat._meta.db_table, Table._meta.db_table, Round._meta.db_table
    regs = sorted(int(p) for p in players)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT s.event_id, s.table_id, s.round_id, s.is_bye, s.registration_id, s.points, "
            f"s.outcome, (SELECT t.status FROM {table} t WHERE t.id = s.table_id), "
            f"(SELECT r.number FROM {rnd} r WHERE r.id = s.round_id) FROM {seat} s "
            f"WHERE s.table_id IN (SELECT table_id FROM {seat} WHERE event_id = %s "
            f"AND registration_id IN ({_placeholders(regs)})) ORDER BY s.table_id, s.position",
            [event.pk, *regs],
        )
        seats = cursor.fetchall()
    facts = TableFacts(
        {row[2]: row[8] for row in seats},
        {row[1] for row in seats if row[7] != Table.Status.CONFIRMED},
    )
    # SQLite gives a boolean as 0 or 1.
    rows = ((e, t, r, bool(bye), *rest) for e, t, r, bye, *rest in (row[:7] for row in seats))
    given = build_standing_inputs(rows, [], facts).get(event.pk)
    return given.games if given is not None else []


def update_in_place(event: Event, table_ids: Collection[int]) -> WriteCount | None:
    """Store the event's standings after the results of ``table_ids`` changed, updating
    the stored rows (the standings before) in place; None, having written nothing, when
    they cannot be had so (a player at those tables is not in the stored rows, or the
    change reaches most of the event): then the caller rebuilds them whole."""
    with gc_paused():  # thousands of small objects, none cyclic
        old, ejected = layout(event.pk)
        lines = Layout(old, ejected)  # once for every call of the update
        listed = lines.by_player.keys()
        changed, wanted, max_others = _met(event, table_ids)
        if not wanted <= listed:
            return None
        chain = tiebreaks_for(event)
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
    read_needed(event_id, answer.groups, answer.rows, answer.slices, ejected, stored)


def _name(event_id: int, placed: Sequence[tuple[int, StandingRow]], old: Mapping[str, Any]) -> None:
    """Give the new rows their names, and the names of the players their explanations name
    (of their own tied part, so read already but for a row that names players not read)."""
    names = {p: row.name for p, row in old.items()}
    named = {p for _pos, row in placed for p in named_players(row.explanation_items)}
    if not named <= names.keys():
        names.update(stored_names(event_id, named - names.keys()))
    for _pos, row in placed:  # a result renames nobody
        row.name, row.names = names[row.player], names  # type: ignore[attr-defined]
