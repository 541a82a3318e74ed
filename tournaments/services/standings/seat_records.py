"""One event's standings input read straight into the players' records.

``input.load_standing_inputs`` makes a ``StandingGame`` per table, which the standings
module then walks again to make each player's record: at 100,000 players × 5 rounds the
games and the second walk were half the standings' time and a fifth of their memory.
Here the seats are read as plain columns in plain SQL, already only those of confirmed
tables (of rounds up to ``through_round``), in no order (sorting half a million seats
cost the database more than reading them), and fed to the standings' one records
builder a table at a time: a table of two players as soon as both seats are read, a
table of more (pods) once every seat is read, in seat order. The rows are the same as
compute_standings over ``standing_input`` gives (tests/tournaments/test_seat_records.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection

from tournaments.models import Event, Player, Registration, Round, Seat, Table
from tournaments.standings import RecordBuilder
from tournaments.standings.records import Handle
from tournaments.standings.tiebreaks import Record

_CHUNK = 20_000
# A seat as read: table, position, registration, points, outcome, is_bye.
_Row = tuple[int, int, int, int | None, str, bool]


@dataclass
class Listed:
    """Who the standings list, who of them is ejected, and the name of every registration
    of the event (by the id the standings use)."""

    players: list[tuple[int, int]] = field(default_factory=list)  # (registration, player)
    ejected: set[str] = field(default_factory=set)
    names: dict[str, str] = field(default_factory=dict)


def counts_as_player(dropped: bool, ejected: bool, seated: bool) -> bool:
    """Who is in the standings and in the round table's count (000 Part VI §3): everyone
    still in, plus everyone who sat at a table and then dropped or was ejected."""
    return (not dropped and not ejected) or seated


def _registrations(event_id: int) -> list[tuple[int, int, bool, bool, bool, str]]:
    """(registration, player, dropped, ejected, seated, name) of every registration, by
    id; ``seated`` (at any table) is asked only of those who dropped or were ejected."""
    reg, seat, player = Registration._meta.db_table, Seat._meta.db_table, Player._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT r.id, r.player_id, r.dropped, r.ejected, CASE WHEN r.dropped OR r.ejected "
            f"THEN EXISTS (SELECT 1 FROM {seat} s WHERE s.registration_id = r.id) ELSE FALSE "
            f"END, p.display_name FROM {reg} r INNER JOIN {player} p ON p.id = r.player_id "
            "WHERE r.event_id = %s ORDER BY r.id",
            [event_id],
        )
        return cursor.fetchall()


def _pods(event_id: int) -> bool:
    """Whether a table of the event seats more than two (an indexed question)."""
    seat = Seat._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT 1 FROM {seat} WHERE event_id = %s AND position > 2 LIMIT 1", [event_id]
        )
        return cursor.fetchone() is not None


def read_seat_records(
    event: Event, through_round: int | None = None
) -> tuple[RecordBuilder, Listed]:
    """The standings input of ``event`` (as ``standing_input``): the players' records."""
    ids: dict[int, str] = {}  # one str per player, not one per seat
    players: list[str] = []
    read = Listed()
    for reg_id, player_id, dropped, ejected, seated, name in _registrations(event.pk):
        pid = ids[reg_id] = str(reg_id)
        read.names[pid] = name
        if counts_as_player(bool(dropped), bool(ejected), bool(seated)):
            players.append(pid)
            read.players.append((reg_id, player_id))
            if ejected:
                read.ejected.add(pid)
    # Ids of numbers in number order: id order already.
    built = RecordBuilder(players, in_id_order=True)
    # Where a seat of a player not listed is counted (and then refused).
    unknown: Handle = (Record(), ("",), -1)
    try:
        _feed(built, ids, _handles(built, ids, unknown), event.pk, through_round)
    except (KeyError, IndexError) as exc:
        raise ValueError(f"unknown player {exc.args[0]}") from None
    if unknown[0].tables:
        raise ValueError("a seat of a player not listed")
    return built, read


def _handles(
    built: RecordBuilder, ids: dict[int, str], unknown: Handle
) -> tuple[int, list[Handle] | dict[int, Handle]]:
    """Each registration's handle by its id (less ``base``; ``unknown`` for a player not
    listed): a list when the ids are dense (as a bulk registration makes them), so the
    hot loop hashes nothing."""
    handles = built.handles
    regs = list(ids)  # in id order, as read
    if regs and regs[-1] - regs[0] < 4 * len(regs):
        base = regs[0]
        at = [unknown] * (regs[-1] - base + 1)
        for reg in regs:
            at[reg - base] = handles.get(ids[reg], unknown)
        return base, at
    return 0, {reg: handles.get(ids[reg], unknown) for reg in regs}


def _feed(
    built: RecordBuilder,
    ids: dict[int, str],
    handles: tuple[int, list[Handle] | dict[int, Handle]],
    event_id: int,
    through: int | None,
) -> None:
    seat, table, rnd = Seat._meta.db_table, Table._meta.db_table, Round._meta.db_table
    params: list[int | str] = [event_id, Table.Status.CONFIRMED.value]
    rounds = ""
    if through is not None:
        rounds = f" AND s.round_id IN (SELECT id FROM {rnd} WHERE event_id = %s AND number <= %s)"
        params += [event_id, through]
    pods, (base, at) = _pods(event_id), handles
    pair = built.pair_at
    pending: dict[int, _Row] = {}  # a table's first seat
    tables: dict[int, list[_Row]] = {}  # pods: every seat
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT s.table_id, s.position, s.registration_id, s.points, s.outcome, s.is_bye "
            f"FROM {seat} s WHERE s.event_id = %s AND NOT EXISTS (SELECT 1 FROM {table} t "
            f"WHERE t.id = s.table_id AND t.status <> %s){rounds}",
            params,
        )
        while rows := cursor.fetchmany(_CHUNK):
            for row in rows:
                table_id, _position, reg, pts, outcome, is_bye = row
                if is_bye:
                    built.bye(ids[reg], pts or 0)
                elif pods:
                    tables.setdefault(table_id, []).append(row)
                elif (first := pending.pop(table_id, None)) is None:
                    pending[table_id] = row
                else:
                    pair(at[first[2] - base], first[3] or 0, first[4], at[reg - base], pts or 0,
                         outcome)  # fmt: skip
    # Tables of one seat that is not a bye, and the pods: their seats in seat order.
    for seats in (*([row] for row in pending.values()), *tables.values()):
        seats.sort(key=lambda row: (row[1], row[2]))
        built.table([(ids[reg], pts or 0, outcome) for _t, _p, reg, pts, outcome, _b in seats])
