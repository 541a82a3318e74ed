"""Final standings with a configurable tiebreak chain (pure Python, no ORM).

000 Part VI §3 "Scoring": the winner has the most tournament points; ties are broken by
the chain in tiebreaks.py (head-to-head, fewer losses, opponents' points by default).

The chain is data (a list of metric keys from TIEBREAKS). A tied group is split by the
first metric; each part re-enters the chain with the remaining metrics. Players still
equal after the last metric share a rank (listed by id so the output never depends on
input order). Byes have no opponent: they add points and count in `byes`, never in
wins/losses/draws or in anybody's opponents.

RULES.md §3 Reading (warnings): an ejected player's games stand, but he is listed below
every player still in the event, cannot win and takes no winner's bonus. RULES.md §6
Reading: every player who shares first place after all tiebreaks is a winner
(`StandingRow.winner`; `shares_first` when there are several).

Explanations are structured (`StandingRow.explanation_items`, rendered by
render_standing_explanation) and linear: a few items per row whatever the size of a tie.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .explain import SHOWN, named_players, render_standing_explanation
from .items import StandingItem
from .tiebreaks import (
    DEFAULT_TIEBREAKS,
    TIEBREAKS,
    Context,
    FewerLosses,
    HeadToHead,
    MedianBuchholz,
    OpponentsPoints,
    OpponentsWinPct,
    Record,
    Tiebreak,
    UnknownTiebreak,
    Wins,
    check_tiebreaks,
)

__all__ = [
    "DEFAULT_TIEBREAKS",
    "TIEBREAKS",
    "FewerLosses",
    "HeadToHead",
    "MedianBuchholz",
    "OpponentsPoints",
    "OpponentsWinPct",
    "StandingGame",
    "StandingRow",
    "Tiebreak",
    "UnknownTiebreak",
    "Wins",
    "check_tiebreaks",
    "compute_standings",
    "named_players",
    "render_standing_explanation",
]

Item = StandingItem


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
    explanation_items: list[Item] = field(default_factory=list)  # why tied players are ordered so
    ejected: bool = False  # listed below every player still in the event
    winner: bool = False  # first place after every tiebreak (never an ejected player)
    shares_first: bool = False  # a winner who shares first place with another player
    _explanation: str | None = field(default=None, repr=False, compare=False)
    # Player id -> name for the explanation's words; rendered only when read, in the
    # reader's language (a page shows 50 rows of 10,000).
    names: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)

    @property
    def explanation(self) -> str:
        """The explanation in words, players by name when ``names`` holds them, else by id."""
        if self._explanation is None:
            return render_standing_explanation(self.explanation_items, self.names)
        return self._explanation

    @explanation.setter
    def explanation(self, text: str) -> None:
        self._explanation = text


def id_order(player: str) -> tuple[int, int, str]:
    """Players in a shared rank are listed by id, numeric ids by number ("9" before "10"),
    so the order follows registration order and survives an export and re-import."""
    return (0, int(player), "") if player.isdigit() else (1, 0, player)


def _records(players: Sequence[str], games: Iterable[StandingGame]) -> dict[str, Record]:
    records = {p: Record() for p in sorted(set(players), key=id_order)}
    # One "others" tuple per opponent, shared by every game against him: at 100,000
    # players a new tuple per game was a twentieth of the standings' memory.
    alone = {p: (p,) for p in records}
    try:
        for game in games:
            points = game.points
            if game.is_bye:
                for p, pts in points.items():
                    records[p].points += pts
                    records[p].byes += 1
            elif len(points) == 2:  # nearly every table: the other player is the one left
                (a, pa), (b, pb) = points.items()
                tally(records[a], pa, alone.get(b) or (b,), game.outcome.get(a))
                tally(records[b], pb, alone.get(a) or (a,), game.outcome.get(b))
            else:
                seated = tuple(points)
                for p, pts in points.items():
                    others = tuple(o for o in seated if o != p)
                    tally(records[p], pts, others, game.outcome.get(p))
    except KeyError as exc:
        raise ValueError(f"round {game.round_number}: unknown player {exc.args[0]}") from None
    return records


def tally(r: Record, pts: int, others: tuple[str, ...], result: str | None) -> None:
    r.points += pts
    r.tables.append((pts, others, result == "win"))
    if result == "win":
        r.wins += 1
    elif result == "loss":
        r.losses += 1
    elif result == "draw":
        r.draws += 1


def compute_standings(
    players: Sequence[str],
    games: Iterable[StandingGame],
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    ejected: Collection[str] = (),
) -> list[StandingRow]:
    """Rank `players` by tournament points, then by the tiebreak chain; `ejected` players
    (ids) are ranked after every other player, among themselves by the same rules."""
    check_tiebreaks(tiebreaks)
    chain = [TIEBREAKS[t]() for t in tiebreaks]
    records = _records(players, games)
    ctx = Context(records)
    out = frozenset(ejected)
    notes: dict[str, list[Item]] = {p: [] for p in records}
    values: dict[str, dict[str, float | int]] = {p: {} for p in records}
    buckets: list[list[str]] = []
    for part in (
        [p for p in records if p not in out],
        [p for p in records if p in out],
    ):
        buckets.extend(_rank_part(part, chain, ctx, notes, values))

    def counts(p: str) -> Counts:
        r = records[p]
        return Counts(r.points, r.wins, r.losses, r.draws, r.byes, len(r.tables),
                      sum(ctx.opponents_points_list(p)))  # fmt: skip

    return rows_of(buckets, counts, notes, values, out)


def _rank_part(
    part: list[str],
    chain: list[Tiebreak],
    ctx: Context,
    notes: dict[str, list[Item]],
    values: dict[str, dict[str, float | int]],
) -> list[list[str]]:
    by_points: dict[int, list[str]] = {}
    for p in part:
        by_points.setdefault(ctx.records[p].points, []).append(p)
    ordered: list[list[str]] = []
    for pts in sorted(by_points, reverse=True):
        ordered.extend(rank_group(by_points[pts], pts, chain, ctx, notes, values))
    return ordered


def rank_group(
    group: list[str],
    pts: int,
    chain: Sequence[Tiebreak],
    ctx: Context,
    notes: dict[str, list[Item]],
    values: dict[str, dict[str, float | int]],
) -> list[list[str]]:
    """The buckets of one group of players on the same points, best first; fills their
    tiebreak values (against the whole group) and their notes."""
    for p in group:
        for m in chain:
            values[p][m.key] = m.value(p, group, ctx)
    if len(group) > 1:
        tied: Item = {"code": "tied", "points": pts, "count": len(group) - 1}
        for p in group:
            notes[p].append(tied)
    return resolve(group, chain, ctx, notes)


class Counts(NamedTuple):
    """A row's numbers besides its place and tiebreaks."""

    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    games: int
    opponents_points: int


def rows_of(
    buckets: list[list[str]],
    counts: Callable[[str], Counts],
    notes: dict[str, list[Item]],
    values: dict[str, dict[str, float | int]],
    out: frozenset[str],
    position: int = 1,
    leading: bool = True,
) -> list[StandingRow]:
    """The rows of ranked buckets (best first; a bucket shares a rank), with the notes
    every row gets from its place: shared rank, shared first place, ejected (ROW_NOTES).
    ``position``: the first bucket's; ``leading``: whether it is first in the event."""
    rows: list[StandingRow] = []
    for k, bucket in enumerate(buckets):
        first = leading and k == 0 and bucket[0] not in out
        members = sorted(bucket, key=id_order)
        # A big bucket's note names nobody, so its rows share one item (as a group's
        # "tied" item is shared): 100,000 rows in a few buckets made 100,000 equal dicts.
        common: Item | None = None
        if len(bucket) > SHOWN:
            common = {"code": "shared_rank", "count": len(bucket) - 1, "players": []}
        for p in members:
            if common is not None:
                notes[p].append(common)
            elif len(bucket) > 1:
                others = [o for o in members if o != p]
                shared: Item = {"code": "shared_rank", "count": len(bucket) - 1, "players": others}
                notes[p].append(shared)
            if first and len(bucket) > 1:
                notes[p].append({"code": "shares_first", "count": len(bucket) - 1})
            if p in out:
                notes[p].append({"code": "ejected"})
            c = counts(p)
            rows.append(
                StandingRow(
                    rank=position,
                    player=p,
                    points=c.points,
                    wins=c.wins,
                    losses=c.losses,
                    draws=c.draws,
                    byes=c.byes,
                    games=c.games,
                    opponents_points=c.opponents_points,
                    tiebreaks=values[p],
                    explanation_items=notes[p],
                    ejected=p in out,
                    winner=first,
                    shares_first=first and len(bucket) > 1,
                )
            )
        position += len(bucket)
    return rows


# The notes rows_of adds after those of the ranking (an update strips them before reuse).
ROW_NOTES = frozenset({"shared_rank", "shares_first", "ejected"})


def resolve(
    group: list[str], chain: Sequence[Tiebreak], ctx: Context, notes: dict[str, list[Item]]
) -> list[list[str]]:
    """Split a tied group by the chain; returns buckets best first (a bucket = still tied)."""
    if len(group) == 1 or not chain:
        return [group]
    metric, rest = chain[0], chain[1:]
    if not metric.applies(group, ctx):
        skipped: Item = {"code": "not_used", "tiebreak": metric.key}
        for p in group:
            notes[p].append(skipped)
        return resolve(group, rest, ctx, notes)
    vals = {p: metric.value(p, group, ctx) for p in group}
    buckets: dict[float | int, list[str]] = {}
    for p in group:
        buckets.setdefault(vals[p], []).append(p)
    if len(buckets) == 1:
        for p in group:
            notes[p].append({"code": "still_tied", "tiebreak": metric.key, "value": vals[p]})
    else:
        # Players are listed only in small groups, so every row stays short (linear).
        shown: list[list[str | float | int]] = (
            [[p, vals[p]] for p in sorted(group, key=id_order)] if len(group) <= SHOWN else []
        )
        for p in group:
            notes[p].append(
                {
                    "code": "decides",
                    "tiebreak": metric.key,
                    "value": vals[p],
                    "group": len(group),
                    "shown": shown,
                }
            )
    result: list[list[str]] = []
    for v in sorted(buckets, reverse=metric.higher_is_better):
        result.extend(resolve(sorted(buckets[v], key=id_order), rest, ctx, notes))
    return result
