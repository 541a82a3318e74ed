"""Final standings with a configurable tiebreak chain (pure Python, no ORM).

000 Part VI §3 "Scoring": the winner has the most tournament points; ties are broken by
(1) the game the tied players played against each other, (2) the fewest losses, (3) the
highest sum of the opponents' final tournament points.
RULES.md §3 reading of (1): head-to-head applies to a tied group only when every pair in
it met; then their points against each other decide. Otherwise it is skipped.

The chain is data (a list of metric names from TIEBREAKS). A tied group is split by the
first metric; each part re-enters the chain with the remaining metrics. Players still
equal after the last metric share a rank (listed by id so the output never depends on
input order). Byes have no opponent: they add points and count in `byes`, never in
wins/losses/draws or in anybody's opponents.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar


@dataclass(frozen=True)
class StandingGame:  # one table of one round, already scored by rules_engine
    round_number: int
    points: dict[str, int]  # player id -> tournament points at this table
    outcome: dict[str, str]  # player id -> "win" | "loss" | "draw"
    is_bye: bool = False  # a bye is a StandingGame with one player


@dataclass
class StandingRow:
    rank: int
    player: str
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    games: int
    opponents_points: int
    tiebreaks: dict[str, float | int] = field(default_factory=dict)
    explanation: str = ""  # why tied players are ordered so


@dataclass(slots=True)
class _Record:
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    # (points at the table, the other players at the table) per game played
    tables: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)


class _Context:
    def __init__(self, records: dict[str, _Record]) -> None:
        self.records = records
        self._opp_points: dict[str, list[int]] = {}
        self._sets: dict[int, tuple[Sequence[str], frozenset[str]]] = {}

    def met(self, player: str) -> set[str]:
        return {o for _, others in self.records[player].tables for o in others}

    def group_set(self, group: Sequence[str]) -> frozenset[str]:
        """The group as a set, built once per group (tiebreaks ask for it per player)."""
        cached = self._sets.get(id(group))
        if cached is None or cached[0] is not group:
            cached = (group, frozenset(group))
            self._sets[id(group)] = cached
        return cached[1]

    def opponents_points_list(self, player: str) -> list[int]:
        if player not in self._opp_points:
            recs = self.records
            self._opp_points[player] = [
                recs[o].points for _, others in recs[player].tables for o in others
            ]
        return self._opp_points[player]

    def win_pct(self, player: str) -> float:
        r = self.records[player]
        games = r.wins + r.losses + r.draws
        return max(1 / 3, (r.wins + r.draws / 2) / games) if games else 1 / 3


class Tiebreak:
    """One metric of the chain. `value` is compared within a tied group."""

    key: ClassVar[str]
    label: ClassVar[str]
    description: ClassVar[str]
    higher_is_better: ClassVar[bool] = True

    def applies(self, group: Sequence[str], ctx: _Context) -> bool:
        return True

    def value(self, player: str, group: Sequence[str], ctx: _Context) -> float | int:
        raise NotImplementedError


class HeadToHead(Tiebreak):
    key = "head_to_head"
    label = "head-to-head"
    description = (
        "Points scored against the other tied players; used only when every pair of the "
        "tied players met (000 Part VI §3 tiebreak 1, RULES.md §3 reading)."
    )

    def applies(self, group: Sequence[str], ctx: _Context) -> bool:
        for i, a in enumerate(group[:-1]):
            met = ctx.met(a)
            if any(b not in met for b in group[i + 1 :]):
                return False
        return True

    def value(self, player: str, group: Sequence[str], ctx: _Context) -> int:
        tied = ctx.group_set(group)  # `others` never holds the player himself
        return sum(pts for pts, others in ctx.records[player].tables if not tied.isdisjoint(others))


class FewerLosses(Tiebreak):
    key = "fewer_losses"
    label = "losses"
    description = "Fewer losses ranks higher (000 Part VI §3 tiebreak 2)."
    higher_is_better = False

    def value(self, player: str, group: Sequence[str], ctx: _Context) -> int:
        return ctx.records[player].losses


class OpponentsPoints(Tiebreak):
    key = "opponents_points"
    label = "opponents' points"
    description = (
        "Sum of the opponents' final tournament points; byes have no opponent "
        "(000 Part VI §3 tiebreak 3; Buchholz)."
    )

    def value(self, player: str, group: Sequence[str], ctx: _Context) -> int:
        return sum(ctx.opponents_points_list(player))


class MedianBuchholz(Tiebreak):
    key = "median_buchholz"
    label = "median opponents' points"
    description = "Opponents' points without the highest and the lowest (3+ opponents)."

    def value(self, player: str, group: Sequence[str], ctx: _Context) -> int:
        pts = sorted(ctx.opponents_points_list(player))
        return sum(pts[1:-1]) if len(pts) >= 3 else sum(pts)


class OpponentsWinPct(Tiebreak):
    key = "opponents_win_pct"
    label = "opponents' win %"
    description = (
        "Mean of the opponents' win percentages (draws half), each at least 1/3 (MTG style)."
    )

    def value(self, player: str, group: Sequence[str], ctx: _Context) -> float:
        opps = [o for _, others in ctx.records[player].tables for o in others]
        if not opps:
            return 0.0
        # Rounded so float noise never splits players who are really equal.
        return round(sum(ctx.win_pct(o) for o in opps) / len(opps), 6)


class Wins(Tiebreak):
    key = "wins"
    label = "wins"
    description = "More games won ranks higher (byes are not wins)."

    def value(self, player: str, group: Sequence[str], ctx: _Context) -> int:
        return ctx.records[player].wins


TIEBREAKS: dict[str, type[Tiebreak]] = {
    cls.key: cls
    for cls in (HeadToHead, FewerLosses, OpponentsPoints, OpponentsWinPct, Wins, MedianBuchholz)
}
DEFAULT_TIEBREAKS = ["head_to_head", "fewer_losses", "opponents_points"]  # 000 Part VI §3


def compute_standings(
    players: Sequence[str],
    games: Sequence[StandingGame],
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
) -> list[StandingRow]:
    """Rank `players` by tournament points, then by the tiebreak chain."""
    unknown = [t for t in tiebreaks if t not in TIEBREAKS]
    if unknown:
        raise ValueError(
            f"unknown tiebreak {', '.join(unknown)}; choose from {', '.join(TIEBREAKS)}"
        )
    chain = [TIEBREAKS[t]() for t in tiebreaks]
    records = {p: _Record() for p in sorted(set(players))}
    outcomes_of: dict[str, list[str | None]] = {p: [] for p in records}
    try:
        for game in games:
            if game.is_bye:
                for p, pts in game.points.items():
                    records[p].points += pts
                    records[p].byes += 1
                continue
            outcome = game.outcome
            if len(game.points) == 2:  # the common case, kept tight for 10,000-player events
                (a, pa), (b, pb) = game.points.items()
                ra, rb = records[a], records[b]
                ra.points += pa
                rb.points += pb
                ra.tables.append((pa, (b,)))
                rb.tables.append((pb, (a,)))
                outcomes_of[a].append(outcome.get(a))
                outcomes_of[b].append(outcome.get(b))
                continue
            seated = tuple(game.points)
            for p, pts in game.points.items():
                r = records[p]
                r.points += pts
                r.tables.append((pts, tuple(o for o in seated if o != p)))
                outcomes_of[p].append(outcome.get(p))
    except KeyError as exc:
        raise ValueError(f"round {game.round_number}: unknown player {exc.args[0]}") from None
    for p, outs in outcomes_of.items():
        r = records[p]
        r.wins, r.losses, r.draws = outs.count("win"), outs.count("loss"), outs.count("draw")
    ctx = _Context(records)

    by_points: dict[int, list[str]] = {}
    for p, r in records.items():
        by_points.setdefault(r.points, []).append(p)
    notes: dict[str, list[str]] = {p: [] for p in records}
    values: dict[str, dict[str, float | int]] = {p: {} for p in records}
    ordered: list[list[str]] = []
    for pts in sorted(by_points, reverse=True):
        group = by_points[pts]
        for p in group:
            for m in chain:
                values[p][m.key] = m.value(p, group, ctx)
        if len(group) > 1:
            for p in group:
                notes[p].append(f"tied on {pts} points with {len(group) - 1} other(s)")
        ordered.extend(_resolve(group, chain, ctx, notes))

    rows: list[StandingRow] = []
    position = 1
    for bucket in ordered:
        for p in sorted(bucket):
            r = records[p]
            if len(bucket) > 1:
                others = ", ".join(o for o in sorted(bucket) if o != p)
                notes[p].append(f"equal on every tiebreak with {others}: shared rank")
            rows.append(
                StandingRow(
                    rank=position,
                    player=p,
                    points=r.points,
                    wins=r.wins,
                    losses=r.losses,
                    draws=r.draws,
                    byes=r.byes,
                    games=len(r.tables),
                    opponents_points=sum(ctx.opponents_points_list(p)),
                    tiebreaks=values[p],
                    explanation="; ".join(notes[p]),
                )
            )
        position += len(bucket)
    return rows


def _resolve(
    group: list[str], chain: list[Tiebreak], ctx: _Context, notes: dict[str, list[str]]
) -> list[list[str]]:
    """Split a tied group by the chain; returns buckets best first (a bucket = still tied)."""
    if len(group) == 1 or not chain:
        return [group]
    metric, rest = chain[0], chain[1:]
    if not metric.applies(group, ctx):
        for p in group:
            notes[p].append(f"{metric.label}: not used (not every pair of them met)")
        return _resolve(group, rest, ctx, notes)
    vals = {p: metric.value(p, group, ctx) for p in group}
    buckets: dict[float | int, list[str]] = {}
    for p in group:
        buckets.setdefault(vals[p], []).append(p)
    if len(buckets) == 1:
        for p in group:
            notes[p].append(f"{metric.label} {vals[p]}: still tied")
        return _resolve(group, rest, ctx, notes)
    if len(group) <= 6:
        shown = ", ".join(f"{p} {vals[p]}" for p in sorted(group))
        for p in group:
            notes[p].append(f"{metric.label} decides ({shown})")
    else:  # listing every rival would make each note as long as the group
        for p in group:
            notes[p].append(f"{metric.label} {vals[p]} decides among {len(group)} players")
    result: list[list[str]] = []
    for v in sorted(buckets, reverse=metric.higher_is_better):
        result.extend(_resolve(sorted(buckets[v]), rest, ctx, notes))
    return result
