"""The standings after a few tables changed, from the standings before and the games of
the players the change reaches: the same rows compute_standings gives (the oracle,
tests/tournaments/test_standings_incremental.py), without reading the whole event.

A changed table moves its players' points and records; their opponents' opponents'
points, median and win percentage (their opponents' numbers moved); the order inside the
score groups any of them is in (or left); and the places of everyone below the highest
of those groups. Every other player keeps his numbers, tiebreak values and notes: none
of them depends on a player he never met. So only the groups a player enters or leaves
are ranked again whole, in the others only the part tied with a touched player (tied.py).

Head-to-head needs who met whom inside a group: decided from the games of the players
whose games are given, or from a bound (a player who played g games met at most
g × ``max_others`` players), else the update asks for the group's games
(``NeedGames``), and the caller loads them and calls again.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import accumulate
from typing import NamedTuple

from . import (
    Counts,
    StandingGame,
    StandingRow,
    Tiebreak,
    id_order,
    rank_group,
    resolve,
    rows_of,
    tally,
)
from .items import StandingItem
from .kept import Kept, Missing
from .merge import Merged, merge_part
from .tiebreaks import TIEBREAKS, Context, HeadToHead, Record
from .tied import first_moved, parts, ranking_notes, runs

Key = tuple[bool, int]  # a score group: (ejected, points)


@dataclass(frozen=True)
class NeedGames:
    """The update cannot go on without every game of these players, and the old rows of
    every player of these score groups ((ejected, points): ejected players are ranked
    apart)."""

    players: frozenset[str] = frozenset()
    groups: frozenset[tuple[bool, int]] = frozenset()


class Line(NamedTuple):
    """One old row as the update needs it for every player: in old standings order."""

    player: str
    points: int
    wins: int
    losses: int
    draws: int


@dataclass
class Window:
    """What changes: the new rows of the score groups ranked again, with their positions,
    and the runs of other rows that only move (old first and last position, by how much:
    their rank moves as much)."""

    rows: list[tuple[int, StandingRow]] = field(default_factory=list)
    shifts: list[tuple[int, int, int]] = field(default_factory=list)


class _UnknownTables(list[tuple[int, tuple[str, ...], bool]]):
    """The tables of a player whose games were not given: reading them asks for them."""

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def __iter__(self) -> Iterator[tuple[int, tuple[str, ...], bool]]:
        raise Missing([self.player])


class _Context(Context):
    def __init__(self, records: dict[str, Record], max_others: int | None) -> None:
        super().__init__(records)
        self.max_others = max_others

    def _group(self, group: Sequence[str]) -> tuple[Sequence[str], frozenset[str], bool]:
        if self.max_others != 1:
            return super()._group(group)
        # One opponent a table: no pod to look for among tables not given.
        return (group, frozenset(group), False)


def update_standings(
    old: Sequence[StandingRow],
    changed: Collection[str],
    games: Sequence[StandingGame],
    known: Collection[str],
    tiebreaks: Sequence[str],
    ejected: Collection[str] = (),
    max_others: int | None = None,
) -> list[StandingRow] | NeedGames:
    """The whole standings after the games of ``changed`` players changed: ``update_window``
    given every old row, its answer applied to them."""
    out = frozenset(ejected)
    layout = [Line(r.player, r.points, r.wins, r.losses, r.draws) for r in old]
    by_group: dict[Key, dict[str, StandingRow]] = {}
    for row in old:
        by_group.setdefault((row.player in out, row.points), {})[row.player] = row
    rows: dict[str, StandingRow] = {}
    for _ in range(3):  # the groups asked for come with all they need
        answer = update_window(layout, rows, changed, games, known, tiebreaks, out, max_others)
        if not isinstance(answer, NeedGames) or answer.players:
            break
        for key in answer.groups:
            rows.update(by_group.get(key, {}))
    if isinstance(answer, NeedGames):
        return answer
    new: list[StandingRow | None] = [None] * len(old)
    for first, last, by in answer.shifts:
        for i in range(first - 1, last):
            new[i + by] = replace(old[i], rank=old[i].rank + by)
    for position, placed in answer.rows:
        new[position - 1] = placed
    return [row if row is not None else old[i] for i, row in enumerate(new)]


def update_window(
    layout: Sequence[Line],
    rows: Mapping[str, StandingRow],
    changed: Collection[str],
    games: Sequence[StandingGame],
    known: Collection[str],
    tiebreaks: Sequence[str],
    ejected: Collection[str] = (),
    max_others: int | None = None,
) -> Window | NeedGames:
    """What changes in the standings (``layout``: every old row's numbers, in order) when
    the games of ``changed`` players changed (results, tables confirmed or not), the players
    listed and ejected staying the same. ``games``: every counted game of each ``known``
    player (others at those tables may be anyone); ``rows``: the old rows the update asked
    for (NeedGames.groups). ``max_others``: the most opponents at one table in the event
    (1 in two-player games), None when not known."""
    chain = [TIEBREAKS[t]() for t in tiebreaks]
    known_set = frozenset(known)
    try:
        records = _records(layout, games, known_set)
        touched = set(changed)
        for p in changed:
            for _pts, others, _won in records[p].tables:
                touched.update(others)
        if not touched <= known_set:
            return NeedGames(frozenset(touched - known_set))
        plan = _Plan(layout, records, touched, frozenset(ejected), frozenset(changed))
        missing = {key for key in plan.redo if key in plan.old_groups} - plan.given(rows)
        if missing:
            return NeedGames(groups=frozenset(missing))
        return plan.window(rows, chain, known_set, max_others)
    except Missing as need:
        return NeedGames(need.players)


def _records(
    layout: Sequence[Line], games: Sequence[StandingGame], known: frozenset[str]
) -> dict[str, Record]:
    records: dict[str, Record] = {}
    for line in layout:
        if line.player in known:
            records[line.player] = Record()
        else:
            records[line.player] = Record(line.points, line.wins, line.losses, line.draws)
            records[line.player].tables = _UnknownTables(line.player)
    for game in games:
        seated = tuple(game.points)
        for p in seated:
            if p not in known:
                continue
            r = records[p]
            if game.is_bye:
                r.points += game.points[p]
                r.byes += 1
            else:
                others = tuple(o for o in seated if o != p)
                tally(r, game.points[p], others, game.outcome.get(p))
    return records


class _Plan:
    """The score groups before and after, and which of them are ranked again: those a
    touched player is in or left, and the first group before and after when it changes
    (its first rank carries the shared-first note)."""

    def __init__(
        self,
        layout: Sequence[Line],
        records: dict[str, Record],
        touched: set[str],
        out: frozenset[str],
        changed: frozenset[str] = frozenset(),
    ) -> None:
        self.records, self.touched, self.out = records, touched, out
        self.old_groups: dict[Key, list[str]] = {}
        self.old_first: dict[Key, int] = {}
        old_points: dict[str, int] = {}
        for position, line in enumerate(layout, start=1):
            key = (line.player in out, line.points)
            self.old_first.setdefault(key, position)
            self.old_groups.setdefault(key, []).append(line.player)
            if line.player in touched:
                old_points[line.player] = line.points
        self.redo: set[Key] = set()
        # Groups whose members stay and whose only touched players are opponents of a
        # changed one (their games and so head-to-head did not move): ranked again only
        # in the parts their moved tiebreak values can reorder (``tied``).
        whole_groups: set[Key] = set()
        for p in touched:
            was, now = (p in out, old_points[p]), (p in out, records[p].points)
            self.redo |= {was, now}
            if p in changed or was != now:
                whole_groups |= {was, now}
        self.new_groups: dict[Key, list[str]] = {}
        for key, members in self.old_groups.items():
            if key not in self.redo:
                self.new_groups[key] = members
                continue
            for p in members:
                self.new_groups.setdefault((p in out, records[p].points), []).append(p)
        self.order = sorted(self.new_groups, key=lambda k: (k[0], -k[1]))
        old_order = sorted(self.old_groups, key=lambda k: (k[0], -k[1]))
        before, after = _leader(old_order), _leader(self.order)
        if before != after:
            self.redo |= {k for k in (before, after) if k is not None}
            whole_groups |= {k for k in (before, after) if k is not None}
        self.partly = self.redo - whole_groups
        for key in self.redo - self.partly:
            if key in self.new_groups:  # ranked again as compute_standings ranks: by id
                self.new_groups[key] = sorted(self.new_groups[key], key=id_order)

    def given(self, rows: Mapping[str, StandingRow]) -> set[Key]:
        return {
            key
            for key in self.redo
            if key in self.old_groups and all(p in rows for p in self.old_groups[key])
        }

    def window(
        self,
        rows: Mapping[str, StandingRow],
        chain: list[Tiebreak],
        known: frozenset[str],
        max_others: int | None,
    ) -> Window:
        ctx = _Context(self.records, max_others)
        whole = {p: len(self.new_groups[k]) for k in self.redo & set(self.new_groups)
                 for p in self.new_groups[k]}  # fmt: skip
        kept = [Kept(m, rows, known, whole, max_others) for m in chain]
        out = Window()
        position = 1
        for k, key in enumerate(self.order):
            group = self.new_groups[key]
            if key in self.partly:
                self._parts(group, key, k == 0, position, kept, ctx, rows, out)
            elif key in self.redo:
                out.rows.extend(
                    enumerate(self._ranked(group, key, k == 0, position, kept, ctx, rows),
                              start=position)
                )  # fmt: skip
            elif self.old_first[key] != position:
                first = self.old_first[key]
                out.shifts.append((first, first + len(group) - 1, position - first))
            position += len(group)
        return out

    def _parts(
        self,
        group: list[str],
        key: Key,
        leading: bool,
        position: int,
        kept: list[Kept],
        ctx: Context,
        rows: Mapping[str, StandingRow],
        out: Window,
    ) -> None:
        """Rank again only the parts of a group (its members and their order before kept)
        that the touched players' moved tiebreak values can reorder; move the rest."""
        keys = [m.key for m in kept]
        values: dict[str, dict[str, float | int]] = {}
        moved: dict[str, int] = {}
        for p in group:
            if p in self.touched:
                old = rows[p].tiebreaks
                values[p] = {
                    m.key: old[m.key]
                    if isinstance(m.metric, HeadToHead)
                    else m.value(p, group, ctx)
                    for m in kept
                }
                moved[p] = first_moved(old, values[p], keys)
        first = self.old_first[key]
        redone: set[int] = set()
        for level, indexes in parts(group, rows, moved):
            members = [group[i] for i in indexes]
            for p in members:
                values.setdefault(p, dict(rows[p].tiebreaks))
            at, top = position + indexes[0], leading and indexes[0] == 0
            merged = None if top else merge_part(members, level, kept, rows, values, moved)
            if merged is None:
                notes = {p: ranking_notes(rows[p], level) for p in members}
                buckets = resolve(sorted(members, key=id_order), kept[level:], ctx, notes)
                starts = accumulate((len(b) for b in buckets[:-1]), initial=0)
                merged = Merged(list(zip(starts, buckets, strict=True)), notes)
            for start, bucket in merged.buckets:
                placed = rows_of([bucket], lambda p: self._counts(p, ctx, rows), merged.notes,
                                 values, self.out, at + start, top and start == 0)  # fmt: skip
                out.rows.extend(enumerate(placed, start=at + start))
            out.shifts.extend((first + indexes[0] + a, first + indexes[0] + b,
                               position - first + by)
                              for a, b, by in merged.runs if position - first + by)  # fmt: skip
            redone.update(indexes)
        if first != position:
            out.shifts.extend(
                (first + a, first + b, position - first) for a, b in runs(group, redone)
            )

    def _counts(self, p: str, ctx: Context, rows: Mapping[str, StandingRow]) -> Counts:
        if p not in self.touched:
            row = rows[p]
            return Counts(row.points, row.wins, row.losses, row.draws, row.byes, row.games,
                          row.opponents_points)  # fmt: skip
        r = self.records[p]
        return Counts(r.points, r.wins, r.losses, r.draws, r.byes, len(r.tables),
                      sum(ctx.opponents_points_list(p)))  # fmt: skip

    def _ranked(
        self,
        group: list[str],
        key: Key,
        leading: bool,
        position: int,
        kept: list[Kept],
        ctx: Context,
        rows: Mapping[str, StandingRow],
    ) -> list[StandingRow]:
        notes: dict[str, list[StandingItem]] = {p: [] for p in group}
        values: dict[str, dict[str, float | int]] = {p: {} for p in group}
        buckets = rank_group(group, key[1], kept, ctx, notes, values)
        return rows_of(buckets, lambda p: self._counts(p, ctx, rows), notes, values, self.out,
                       position, leading)  # fmt: skip


def _leader(order: list[Key]) -> Key | None:
    """The first score group of players still in the event."""
    return next((key for key in order if not key[0]), None)
