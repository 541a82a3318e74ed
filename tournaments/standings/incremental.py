"""The standings after a few tables changed, from the standings before and the games of
the players the change reaches: the same rows compute_standings gives (the oracle,
tests/tournaments/test_standings_incremental.py), without reading the whole event.

A changed table moves its players' points and records; their opponents' opponents'
points, median and win percentage (their opponents' numbers moved); the order inside the
score groups any of them is in (or left); and the places of everyone below the highest
of those groups. Every other player keeps his numbers, tiebreak values and notes: none
of them depends on a player he never met. So only the touched score groups are ranked
again, with the module's own ranking, and the other groups are carried over whole.

Head-to-head needs who met whom inside a group: decided from the games of the players
whose games are given, or from a bound (a player who played g games met at most
g × ``max_others`` players), else the update asks for the group's games
(``NeedGames``), and the caller loads them and calls again.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import (
    ROW_NOTES,
    Counts,
    StandingGame,
    StandingRow,
    Tiebreak,
    id_order,
    rank_group,
    rows_of,
    tally,
)
from .items import StandingItem
from .tiebreaks import TIEBREAKS, Context, HeadToHead, Record


@dataclass(frozen=True)
class NeedGames:
    """The update cannot go on without every game of these players."""

    players: frozenset[str]


class _Missing(Exception):
    def __init__(self, players: Collection[str]) -> None:
        super().__init__()
        self.players = frozenset(players)


class _UnknownTables(list[tuple[int, tuple[str, ...], bool]]):
    """The tables of a player whose games were not given: reading them asks for them."""

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def __iter__(self) -> Iterator[tuple[int, tuple[str, ...], bool]]:
        raise _Missing([self.player])


class _Context(Context):
    def __init__(self, records: dict[str, Record], max_others: int | None) -> None:
        super().__init__(records)
        self.max_others = max_others

    def _group(self, group: Sequence[str]) -> tuple[Sequence[str], frozenset[str], bool]:
        if self.max_others != 1:
            return super()._group(group)
        # One opponent a table: no pod to look for among tables not given.
        return (group, frozenset(group), False)


class _Kept(Tiebreak):
    """A tiebreak that answers from the old row for a player whose games were not given:
    his value did not move (he met nobody whose numbers moved), except head-to-head
    against another group than the whole score group it was stored for."""

    def __init__(
        self,
        metric: Tiebreak,
        old: Mapping[str, StandingRow],
        known: Collection[str],
        whole: Mapping[str, int],
        max_others: int | None,
    ) -> None:
        # whole: each player's score group's size (a smaller group is a part of it)
        self.metric, self.old, self.known, self.whole = metric, old, known, whole
        self.max_others = max_others
        self.key = metric.key  # type: ignore[misc]
        self.higher_is_better = metric.higher_is_better  # type: ignore[misc]

    def applies(self, group: Sequence[str], ctx: Context) -> bool:
        if not isinstance(self.metric, HeadToHead):
            return self.metric.applies(group, ctx)
        missing = [p for p in group if p not in self.known]
        if not missing:
            return self.metric.applies(group, ctx)
        tied = set(group)
        for p in group:
            if p in self.known and not tied - {p} <= ctx.met(p):
                return False  # every pair must have met: one pair that did not settles it
        if self.max_others is not None and any(
            self.old[p].games * self.max_others < len(group) - 1 for p in missing
        ):
            return False
        raise _Missing(missing)

    def value(self, player: str, group: Sequence[str], ctx: Context) -> float | int:
        if player in self.known:
            return self.metric.value(player, group, ctx)
        pods = self.max_others is None or self.max_others > 1
        if isinstance(self.metric, HeadToHead) and (pods or self.whole[player] != len(group)):
            # Pods: the group's "winner wins the tie" switch may have moved with it.
            raise _Missing([p for p in group if p not in self.known])
        return self.old[player].tiebreaks[self.metric.key]


def update_standings(
    old: Sequence[StandingRow],
    changed: Collection[str],
    games: Sequence[StandingGame],
    known: Collection[str],
    tiebreaks: Sequence[str],
    ejected: Collection[str] = (),
    max_others: int | None = None,
) -> list[StandingRow] | NeedGames:
    """The standings after the games of ``changed`` players changed (results, tables
    confirmed or not), the players listed and ejected being the same as in ``old``.
    ``games``: every counted game of each ``known`` player (others at those tables may
    be anyone); ``known`` must hold ``changed`` and their opponents, or the answer is
    NeedGames. ``max_others``: the most opponents at one table in the event (1 in
    two-player games), None when not known."""
    chain = [TIEBREAKS[t]() for t in tiebreaks]
    old_by = {row.player: row for row in old}
    known_set = frozenset(known)
    try:
        records = _records(old_by, games, known_set)
        touched = set(changed)
        for p in changed:
            for _pts, others, _won in records[p].tables:
                touched.update(others)
        if not touched <= known_set:
            return NeedGames(frozenset(touched - known_set))
        return _update(old, old_by, records, touched, chain, known_set, ejected, max_others)
    except _Missing as missing:
        return NeedGames(missing.players)


def _records(
    old_by: Mapping[str, StandingRow], games: Sequence[StandingGame], known: frozenset[str]
) -> dict[str, Record]:
    records: dict[str, Record] = {}
    for p, row in old_by.items():
        if p in known:
            records[p] = Record()
        else:
            records[p] = Record(row.points, row.wins, row.losses, row.draws, row.byes)
            records[p].tables = _UnknownTables(p)
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


def _update(
    old: Sequence[StandingRow],
    old_by: Mapping[str, StandingRow],
    records: dict[str, Record],
    touched: set[str],
    chain: list[Tiebreak],
    known: frozenset[str],
    ejected: Collection[str],
    max_others: int | None,
) -> list[StandingRow]:
    out = frozenset(ejected)
    ctx = _Context(records, max_others)
    # A score group is ranked again when a touched player is in it or left it.
    redo = {(p in out, records[p].points) for p in touched}
    redo |= {(p in out, old_by[p].points) for p in touched}
    groups: dict[tuple[bool, int], list[str]] = {}
    for p in sorted(old_by, key=id_order):
        groups.setdefault((p in out, records[p].points), []).append(p)
    whole = {p: len(g) for g in groups.values() for p in g}
    kept = [_Kept(m, old_by, known, whole, max_others) for m in chain]
    notes: dict[str, list[StandingItem]] = {}
    values: dict[str, dict[str, float | int]] = {}
    carried = _carried(old, redo, out)
    buckets: list[list[str]] = []
    for key in sorted(groups, key=lambda k: (k[0], -k[1])):
        group = groups[key]
        if key in redo:
            for p in group:
                notes[p], values[p] = [], {}
            buckets.extend(rank_group(group, key[1], kept, ctx, notes, values))
            continue
        for bucket in carried[key]:
            for p in bucket:
                items = old_by[p].explanation_items
                notes[p] = [i for i in items if i["code"] not in ROW_NOTES]
                values[p] = dict(old_by[p].tiebreaks)
            buckets.append(bucket)

    def counts(p: str) -> Counts:
        if p not in touched:
            row = old_by[p]
            return Counts(row.points, row.wins, row.losses, row.draws, row.byes, row.games,
                          row.opponents_points)  # fmt: skip
        r = records[p]
        return Counts(r.points, r.wins, r.losses, r.draws, r.byes, len(r.tables),
                      sum(ctx.opponents_points_list(p)))  # fmt: skip

    return rows_of(buckets, counts, notes, values, out)


def _carried(
    old: Sequence[StandingRow], redo: set[tuple[bool, int]], out: frozenset[str]
) -> dict[tuple[bool, int], list[list[str]]]:
    """The old buckets (players sharing a rank) of every score group not ranked again."""
    carried: dict[tuple[bool, int], list[list[str]]] = {}
    last: Any = None
    for row in old:
        key = (row.player in out, row.points)
        if key in redo:
            continue
        group = carried.setdefault(key, [])
        if group and last == (key, row.rank):
            group[-1].append(row.player)
        else:
            group.append([row.player])
        last = (key, row.rank)
    return carried
