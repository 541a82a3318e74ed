"""Each player's record from the scored tables: the one builder of what the tiebreaks read.

``compute_standings`` feeds it ``StandingGame`` objects; the database loader
(tournaments.services.standings.input) feeds it the seats as they are read, a table at a
time, without building a game object per table: at 100,000 players × 5 rounds the games
and the second walk over them were half the standings' time. Both give the same records.

A player's tables are kept in the order they are fed; nothing read from them depends on
that order (sums of integers, sets, a sorted list, an exactly rounded sum of floats).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence

from .ids import id_order
from .tiebreaks import Record

Seat = tuple[str, int, str | None]  # (player, points at the table, "win" | "loss" | "draw")
# A player's record, the tuple of him alone and his index in the records.
Handle = tuple[Record, tuple[str], int]


def tally(r: Record, pts: int, others: tuple[str, ...], result: str | None) -> None:
    r.points += pts
    r.tables.append((pts, others, result == "win"))
    _count(r, result)


def _count(r: Record, result: str | None) -> None:
    if result == "win":
        r.wins += 1
    elif result == "loss":
        r.losses += 1
    elif result == "draw":
        r.draws += 1


class RecordBuilder:
    """The records of ``players`` (in id order), filled one table at a time. An unknown
    player at a table raises KeyError (the player)."""

    def __init__(self, players: Iterable[str], *, in_id_order: bool = False) -> None:
        # ``in_id_order``: the caller's players are distinct and in id order already.
        listed = players if in_id_order else sorted(set(players), key=id_order)
        self.records: dict[str, Record] = {p: Record() for p in listed}
        # Each player's record with his "others" tuple, shared by every game against him:
        # at 100,000 players a new tuple per game was a twentieth of the standings' memory.
        self.handles: dict[str, Handle] = {
            p: (r, (p,), i) for i, (p, r) in enumerate(self.records.items())
        }
        self.pods = False  # whether any table (not a bye) seated other than two players
        # Every table of two as fed, four numbers each: both players' indexes in
        # ``records`` and their points at it (Context.walk_score_groups walks them).
        self.log = array("i")  # the points are a 32-bit column, the indexes fewer

    def bye(self, player: str, points: int) -> None:
        r = self.records[player]
        r.points += points
        r.byes += 1

    def pair(self, a: str, pa: int, oa: str | None, b: str, pb: int, ob: str | None) -> None:
        """A table of two players (nearly every table)."""
        handles = self.handles
        self.pair_at(handles[a], pa, oa, handles[b], pb, ob)

    def pair_at(
        self, ha: Handle, pa: int, oa: str | None, hb: Handle, pb: int, ob: str | None
    ) -> None:
        """``pair`` by the players' handles: a loader that keeps them by its own keys saves
        two lookups by id a table (the hot loop at 100,000 players)."""
        ra, alone_a, ia = ha
        rb, alone_b, ib = hb
        ra.points += pa
        rb.points += pb
        ra.tables.append((pa, alone_b, oa == "win"))
        rb.tables.append((pb, alone_a, ob == "win"))
        _count(ra, oa)
        _count(rb, ob)
        log = self.log
        log.append(ia)
        log.append(ib)
        log.append(pa)
        log.append(pb)

    def table(self, seats: Sequence[Seat], is_bye: bool = False) -> None:
        """Any table: its seats in seat order."""
        if is_bye:
            for p, pts, _result in seats:
                self.bye(p, pts)
        elif len(seats) == 2:
            (a, pa, oa), (b, pb, ob) = seats
            self.pair(a, pa, oa, b, pb, ob)
        else:
            self.pods = True
            seated = tuple(p for p, _pts, _result in seats)
            records = self.records
            for p, pts, result in seats:
                tally(records[p], pts, tuple(o for o in seated if o != p), result)
