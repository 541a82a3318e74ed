"""The standings after a few tables changed, from the standings before and the games of
the players the change reaches: the same rows compute_standings gives (the oracle,
tests/tournaments/test_standings_incremental.py), without reading the whole event.

A changed table moves its players' points and records; their opponents' opponents'
points, median and win percentage (their opponents' numbers moved); the order inside the
score groups any of them is in (or left); and the places of everyone below the highest
of those groups. Every other player keeps his numbers, tiebreak values and notes: none
of them depends on a player he never met. So only the groups a player enters or leaves
are ranked again whole, in the others only the part tied with a touched player (slices.py),
merged when its last tiebreak alone moved (merge.py).

Head-to-head needs who met whom inside a group: decided from the games of the players
whose games are given, or from a bound (a player who played g games met at most
g × ``max_others`` players), else the update asks for the group's games
(``NeedGames``), and the caller loads them and calls again.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from . import (
    Counts,
    StandingGame,
    StandingRow,
    Tiebreak,
    id_order,
    rank_group,
    rows_of,
)
from .items import StandingItem
from .kept import Kept, Missing
from .layout import Layout, Line, records_of
from .slices import Slice, Stored, chosen_parts, matches, settle
from .tiebreaks import TIEBREAKS, Context, HeadToHead, Record
from .tied import first_moved, runs

Key = tuple[bool, int]  # a score group: (ejected, points)


@dataclass(frozen=True)
class NeedGames:
    """The update cannot go on without every game of these players, and the old rows of
    every player of these score groups ((ejected, points): ejected players are ranked
    apart)."""

    players: frozenset[str] = frozenset()
    groups: frozenset[tuple[bool, int]] = frozenset()
    # The old rows of these players, and of these slices of score groups (slices.py).
    rows: frozenset[str] = frozenset()
    slices: frozenset[Slice] = frozenset()


@dataclass
class Window:
    """What changes: the new rows of the score groups ranked again, with their positions,
    and the runs of other rows that only move (old first and last position, by how much:
    their rank moves as much)."""

    rows: list[tuple[int, StandingRow]] = field(default_factory=list)
    shifts: list[tuple[int, int, int]] = field(default_factory=list)


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
    stored: Stored | None = None,
) -> list[StandingRow] | NeedGames:
    """The whole standings after the games of ``changed`` players changed: ``update_window``
    given every old row it asks for (into ``stored``), its answer applied to them."""
    out = frozenset(ejected)
    layout = Layout([Line(r.player, r.points, r.wins, r.losses, r.draws) for r in old], out)
    by_player = {row.player: row for row in old}
    place = {row.player: i for i, row in enumerate(old, start=1)}
    by_group: dict[Key, list[StandingRow]] = {}
    for row in old:
        by_group.setdefault((row.player in out, row.points), []).append(row)
    stored = Stored() if stored is None else stored
    for _ in range(6):  # the rows asked for come with all they need
        answer = update_window(layout, stored, changed, games, known, tiebreaks, out, max_others)
        if not isinstance(answer, NeedGames) or answer.players:
            break
        for key in answer.groups:
            stored.rows.update((r.player, r) for r in by_group.get(key, []))
        stored.rows.update((p, by_player[p]) for p in answer.rows)
        for wanted in answer.slices:
            found = [r for r in by_group.get(wanted.group, []) if matches(r.tiebreaks, wanted)]
            if wanted.light:
                stored.lines[wanted] = [(r.player, place[r.player], r.tiebreaks[wanted.key])
                                        for r in found]  # fmt: skip
            else:
                stored.rows.update((r.player, r) for r in found)
                stored.slices[wanted] = [r.player for r in found]
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
    layout: Sequence[Line] | Layout,
    stored: Stored,
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
    player (others at those tables may be anyone); ``stored``: the old rows the update
    asked for (NeedGames.groups, rows and slices). ``max_others``: the most opponents at
    one table in the event (1 in two-player games), None when not known."""
    chain = [TIEBREAKS[t]() for t in tiebreaks]
    known_set = frozenset(known)
    if not isinstance(layout, Layout):
        layout = Layout(layout, ejected)
    try:
        records = records_of(layout, games, known_set)
        touched = set(changed)
        for p in changed:
            for _pts, others, _won in records[p].tables:
                touched.update(others)
        if not touched <= known_set:
            return NeedGames(frozenset(touched - known_set))
        plan = _Plan(layout, records, touched, frozenset(ejected), frozenset(changed))
        rows = stored.rows
        missing = {k for k in plan.redo - plan.partly if k in plan.old_groups} - plan.given(rows)
        wanted = {p for p in touched if plan.was[p] in plan.partly} - rows.keys()
        if wanted:
            return NeedGames(groups=frozenset(missing), rows=frozenset(wanted))
        return plan.window(stored, chain, known_set, max_others, missing)
    except Missing as need:
        return NeedGames(need.players)


class _Plan:
    """The score groups before and after, and which of them are ranked again: those a
    touched player is in or left, and the first group before and after when it changes
    (its first rank carries the shared-first note)."""

    def __init__(
        self,
        layout: Layout,
        records: dict[str, Record],
        touched: set[str],
        out: frozenset[str],
        changed: frozenset[str] = frozenset(),
    ) -> None:
        self.records, self.touched, self.out = records, touched, out
        self.old_groups, self.old_first, self.lines = layout.groups, layout.first, layout.by_player
        # each touched player's group before
        self.was = {p: (p in out, layout.by_player[p].points) for p in touched}
        self.redo: set[Key] = set()
        # Groups whose members stay and whose only touched players are opponents of a
        # changed one (their games and so head-to-head did not move): ranked again only
        # in the parts their moved tiebreak values can reorder (``tied``).
        whole_groups: set[Key] = set()
        for p in touched:
            was, now = self.was[p], (p in out, records[p].points)
            self.redo |= {was, now}
            if p in changed or was != now:
                whole_groups |= {was, now}
        self.new_groups: dict[Key, list[str]] = {}
        for key, members in self.old_groups.items():
            if key not in self.redo:
                self.new_groups[key] = members
                continue
            # Only a touched player's points moved: the others stay, in their order.
            movers = [p for p in members if p in touched and records[p].points != key[1]]
            if len(movers) < len(members):
                left = set(movers)
                staying = [p for p in members if p not in left] if left else members
                self.new_groups.setdefault(key, []).extend(staying)
            for p in movers:
                self.new_groups.setdefault((key[0], records[p].points), []).append(p)
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
            for key in self.redo - self.partly
            if key in self.old_groups and all(p in rows for p in self.old_groups[key])
        }

    def window(
        self,
        stored: Stored,
        chain: list[Tiebreak],
        known: frozenset[str],
        max_others: int | None,
        missing: set[Key],
    ) -> Window | NeedGames:
        """The window, or what is still needed for it: the ``missing`` groups' rows and
        the slices the parts ask for (asked for together, so read in one go)."""
        ctx = _Context(self.records, max_others)
        rows = stored.rows
        kept = [Kept(m, rows, known, _GroupSize(self), max_others) for m in chain]
        out, need = Window(), set()
        position = 1
        for k, key in enumerate(self.order):
            group = self.new_groups[key]
            if key in self.partly:
                need |= self._parts(group, key, k == 0, position, kept, ctx, stored, out)
            elif key in missing:
                pass
            elif key in self.redo:
                out.rows.extend(
                    enumerate(self._ranked(group, key, k == 0, position, kept, ctx, rows),
                              start=position)
                )  # fmt: skip
            elif self.old_first[key] != position:
                first = self.old_first[key]
                out.shifts.append((first, first + len(group) - 1, position - first))
            position += len(group)
        if need or missing:
            return NeedGames(groups=frozenset(missing), slices=frozenset(need))
        return out

    def _parts(
        self,
        group: list[str],
        key: Key,
        leading: bool,
        position: int,
        kept: list[Kept],
        ctx: Context,
        stored: Stored,
        out: Window,
    ) -> set[Slice]:
        """Rank again (or merge) only the parts of a group (its members and their order
        before kept) that the touched players' moved tiebreak values can reorder; move the
        rest. Returns the slices of stored rows still needed (then nothing is written)."""
        rows, keys = stored.rows, [m.key for m in kept]
        values: dict[str, dict[str, float | int]] = {}
        moved: dict[str, int] = {}
        for p in self.touched:
            if self.was[p] == key:
                old = rows[p].tiebreaks
                values[p] = {
                    m.key: old[m.key]
                    if isinstance(m.metric, HeadToHead)
                    else m.value(p, group, ctx)
                    for m in kept
                }
                moved[p] = first_moved(old, values[p], keys)
        index = {p: i for i, p in enumerate(group)}

        def top(i: int) -> bool:
            return leading and i == 0

        settled, need = [], set()
        for part in chosen_parts(key, moved, rows, kept):
            got = settle(part, key, index, top, dict(values), kept, ctx, stored)
            if isinstance(got, Slice):
                need.add(got)
            else:
                settled.append(got)
        if need:
            return need
        first = self.old_first[key]
        redone: set[int] = set()
        for members, merged in settled:
            start = index[members[0]]
            for s, bucket in merged.buckets:
                for p in bucket:
                    values.setdefault(p, dict(rows[p].tiebreaks))
                at = position + start + s
                placed = rows_of([bucket], lambda p: self._counts(p, ctx, rows), merged.notes,
                                 values, self.out, at, top(start + s))  # fmt: skip
                out.rows.extend(enumerate(placed, start=at))
            out.shifts.extend((first + start + a, first + start + b, position - first + by)
                              for a, b, by in merged.runs if position - first + by)  # fmt: skip
            redone.update(range(start, start + len(members)))
        if first != position:
            out.shifts.extend(
                (first + a, first + b, position - first) for a, b in runs(group, redone)
            )
        return set()

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


class _GroupSize(Mapping[str, int]):
    """Each player's score group's size after the change (asked for a few players)."""

    def __init__(self, plan: _Plan) -> None:
        self.plan = plan

    def __getitem__(self, player: str) -> int:
        plan = self.plan
        line = plan.lines[player]
        points = plan.records[player].points if player in plan.touched else line.points
        return len(plan.new_groups[(player in plan.out, points)])

    def __iter__(self) -> Iterator[str]:
        return iter(self.plan.lines)

    def __len__(self) -> int:
        return len(self.plan.lines)


def _leader(order: list[Key]) -> Key | None:
    """The first score group of players still in the event."""
    return next((key for key in order if not key[0]), None)
