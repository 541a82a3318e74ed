"""A league series as pure functions (RULES.md §8, GEMP-style league): which series a
moment falls in, whether a reported game is allowed, and the league table.

Players find their own opponents inside a series (usually 7 days), play at most a
capped number of games in it, each against a different opponent; a win scores 2, a
loss 1; ties break by the opponents' win percentage.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction

WIN_POINTS = 2
LOSS_POINTS = 1


def series_number(start: datetime, now: datetime, days: int) -> int:
    """1 for the first ``days`` from ``start``, 2 for the next …; 0 before it starts."""
    if now < start:
        return 0
    return (now - start) // timedelta(days=days) + 1


@dataclass(frozen=True)
class LeagueGame:
    series: int
    winner: str
    loser: str


def report_problem(
    games: Sequence[LeagueGame], series: int, a: str, b: str, cap: int
) -> dict[str, str | int] | None:
    """Why a game between ``a`` and ``b`` in ``series`` cannot be reported, as a code
    with data, or None."""
    if a == b:
        return {"code": "same_player"}
    if series < 1:
        return {"code": "not_started"}
    count: dict[str, int] = defaultdict(int)
    for g in games:
        if g.series != series:
            continue
        if {g.winner, g.loser} == {a, b}:
            return {"code": "repeat_opponent"}
        count[g.winner] += 1
        count[g.loser] += 1
    for player in (a, b):
        if count[player] >= cap:
            return {"code": "cap_reached", "player": player, "cap": cap}
    return None


@dataclass(frozen=True)
class LeagueRow:
    player: str
    rank: int
    points: int
    wins: int
    losses: int
    # The mean of the opponents' win percentages, one entry per game played.
    opponents_win_pct: Fraction


def league_standings(players: Sequence[str], games: Sequence[LeagueGame]) -> list[LeagueRow]:
    """Points (win 2, loss 1), then opponents' win percentage, then the given order."""
    wins: dict[str, int] = defaultdict(int)
    losses: dict[str, int] = defaultdict(int)
    opponents: dict[str, list[str]] = defaultdict(list)
    for g in games:
        wins[g.winner] += 1
        losses[g.loser] += 1
        opponents[g.winner].append(g.loser)
        opponents[g.loser].append(g.winner)

    def win_pct(p: str) -> Fraction:
        played = wins[p] + losses[p]
        return Fraction(wins[p], played) if played else Fraction(0)

    def owp(p: str) -> Fraction:
        opps = opponents[p]
        return sum((win_pct(o) for o in opps), Fraction(0)) / len(opps) if opps else Fraction(0)

    order = {p: i for i, p in enumerate(players)}
    points = {p: WIN_POINTS * wins[p] + LOSS_POINTS * losses[p] for p in players}
    ranked = sorted(players, key=lambda p: (-points[p], -owp(p), order[p]))
    return [
        LeagueRow(
            player=p, rank=i, points=points[p], wins=wins[p], losses=losses[p],
            opponents_win_pct=owp(p),
        )
        for i, p in enumerate(ranked, start=1)
    ]  # fmt: skip
