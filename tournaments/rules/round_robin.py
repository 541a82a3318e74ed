"""A round robin stage as pure functions: who meets whom in each round, and the order
of the stage's standings.

Pairing is the circle method: the first player stays, everyone else turns one place a
round, so each pair meets exactly once in n - 1 rounds (n even). An odd field gets a
phantom player: whoever is drawn against it rests that round, a different player each
round (RULES.md §8: the CoE's top-4 round robin, 3 rounds).

Standings (RULES.md §8, Reading for the CoE round robin): tournament points, then the
head-to-head games among the players still tied, then the earlier stage's rank.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class RobinRound:
    """One round: its pairs (first named sits first) and who rests, if anyone."""

    pairs: tuple[tuple[str, str], ...]
    rest: str | None


def rounds_needed(players: int) -> int:
    """n - 1 rounds for an even field, n for an odd one (each rests once)."""
    if players < 2:
        return 0
    return players - 1 if players % 2 == 0 else players


def round_robin(players: Sequence[str]) -> list[RobinRound]:
    """Every round of a round robin among ``players`` (in seed order)."""
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice in the round robin")
    field: list[str | None] = list(players)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    out: list[RobinRound] = []
    for number in range(rounds_needed(len(players))):
        pairs: list[tuple[str, str]] = []
        rest: str | None = None
        for i in range(n // 2):
            a, b = field[i], field[n - 1 - i]
            if a is None or b is None:
                rest = a if b is None else b
                continue
            # Alternate who sits first so nobody always opens (the first player too).
            pairs.append((a, b) if (number + i) % 2 == 0 else (b, a))
        out.append(RobinRound(pairs=tuple(pairs), rest=rest))
        field = [field[0], field[-1], *field[1:-1]]
    return out


@dataclass(frozen=True)
class RobinGame:
    """One confirmed game of the stage: each seat's stage points."""

    points: dict[str, int]


@dataclass(frozen=True)
class RobinRow:
    player: str
    rank: int
    points: int
    head_to_head: int  # points in the games among the players tied with him on points
    earlier_rank: int


def robin_standings(
    seeds: Sequence[str],
    games: Sequence[RobinGame],
    start_points: dict[str, int] | None = None,
) -> list[RobinRow]:
    """Rank ``seeds`` (in the earlier stage's order) by points, then head-to-head among
    the tied, then the earlier rank. ``start_points``: points carried from earlier stages
    (empty when the stage starts from zero). Players equal on all three cannot happen:
    the earlier rank is strict."""
    earlier = {p: i for i, p in enumerate(seeds, start=1)}
    points: dict[str, int] = {p: (start_points or {}).get(p, 0) for p in seeds}
    for game in games:
        for player, pts in game.points.items():
            if player in points:
                points[player] += pts
    by_points: dict[int, list[str]] = defaultdict(list)
    for player in seeds:
        by_points[points[player]].append(player)
    h2h: dict[str, int] = {p: 0 for p in seeds}
    for tied in by_points.values():
        if len(tied) < 2:
            continue
        group = set(tied)
        for game in games:
            if len(group.intersection(game.points)) >= 2:
                for player, pts in game.points.items():
                    if player in group:
                        h2h[player] += pts
    order = sorted(seeds, key=lambda p: (-points[p], -h2h[p], earlier[p]))
    return [
        RobinRow(player=p, rank=i, points=points[p], head_to_head=h2h[p], earlier_rank=earlier[p])
        for i, p in enumerate(order, start=1)
    ]
