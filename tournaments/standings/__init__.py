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
from typing import Any, NamedTuple

from .explain import SHOWN, named_players, render_standing_explanation
from .ids import id_order
from .items import StandingItem
from .records import RecordBuilder, tally
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
    "RecordBuilder",
    "StandingGame",
    "StandingRow",
    "Tiebreak",
    "UnknownTiebreak",
    "Wins",
    "check_tiebreaks",
    "compute_standings",
    "id_order",
    "named_players",
    "rank_records",
    "render_standing_explanation",
    "tally",
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


def _records(players: Sequence[str], games: Iterable[StandingGame]) -> RecordBuilder:
    built = RecordBuilder(players)
    try:
        for game in games:
            points, outcome = game.points, game.outcome
            if game.is_bye:
                for p, pts in points.items():
                    built.bye(p, pts)
            elif len(points) == 2:
                (a, pa), (b, pb) = points.items()
                built.pair(a, pa, outcome.get(a), b, pb, outcome.get(b))
            else:
                built.table([(p, pts, outcome.get(p)) for p, pts in points.items()])
    except KeyError as exc:
        raise ValueError(f"round {game.round_number}: unknown player {exc.args[0]}") from None
    return built


def compute_standings(
    players: Sequence[str],
    games: Iterable[StandingGame],
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    ejected: Collection[str] = (),
) -> list[StandingRow]:
    """Rank `players` by tournament points, then by the tiebreak chain; `ejected` players
    (ids) are ranked after every other player, among themselves by the same rules."""
    return rank_records(_records(players, games), tiebreaks, ejected)


def rank_records(
    built: RecordBuilder,
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    ejected: Collection[str] = (),
) -> list[StandingRow]:
    """compute_standings from the players' records (``built`` with every table)."""
    check_tiebreaks(tiebreaks)
    chain = [TIEBREAKS[t]() for t in tiebreaks]
    records = built.records
    ctx = Context(records, pods=built.pods)
    # The records are in id order: each player's index there is a key in id order, read
    # in C (id_order, a Python call, was a tenth of the ranking at 100,000 players).
    ctx.id_key = {p: i for i, p in enumerate(records)}.__getitem__
    out = frozenset(ejected)
    notes: dict[str, list[Item]] = {p: [] for p in records}
    values: dict[str, dict[str, float | int]] = {}  # each filled by rank_group
    parts = [_score_groups([p for p in records if p not in out], records),
             _score_groups([p for p in records if p in out], records)]  # fmt: skip
    ctx.walk_score_groups([g for part in parts for g in part], out, built.log)
    buckets: list[list[str]] = []
    for part in parts:
        for group in part:
            pts = records[group[0]].points
            buckets.extend(rank_group(group, pts, chain, ctx, notes, values))

    def counts(p: str) -> Counts:
        r = records[p]
        return Counts(r.points, r.wins, r.losses, r.draws, r.byes, len(r.tables),
                      ctx.opponents_points(p))  # fmt: skip

    return rows_of(buckets, counts, notes, values, out, id_key=ctx.id_key)


def _score_groups(part: list[str], records: Mapping[str, Record]) -> list[list[str]]:
    """The players of ``part`` by points, most first (each group in ``part``'s order)."""
    by_points: dict[int, list[str]] = {}
    for p in part:
        by_points.setdefault(records[p].points, []).append(p)
    return [by_points[pts] for pts in sorted(by_points, reverse=True)]


def rank_group(
    group: list[str],
    pts: int,
    chain: Sequence[Tiebreak],
    ctx: Context,
    notes: dict[str, list[Item]],
    values: dict[str, dict[str, float | int]],
) -> list[list[str]]:
    """The buckets of one group of players on the same points, best first; sets their
    tiebreak values (against the whole group) and fills their notes."""
    keys = [m.key for m in chain]
    columns = [m.values(group, ctx) for m in chain]
    for p, *row in zip(group, *columns, strict=True):
        values[p] = dict(zip(keys, row, strict=True))
    if len(group) > 1:
        tied: Item = {"code": "tied", "points": pts, "count": len(group) - 1}
        for p in group:
            notes[p].append(tied)
    return resolve(group, chain, ctx, notes, values)


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
    id_key: Callable[[str], Any] = id_order,
) -> list[StandingRow]:
    """The rows of ranked buckets (best first; a bucket shares a rank), with the notes
    every row gets from its place: shared rank, shared first place, ejected (ROW_NOTES).
    ``position``: the first bucket's; ``leading``: whether it is first in the event;
    ``id_key``: a key in id order (``id_order``, or a faster one)."""
    rows: list[StandingRow] = []
    for k, bucket in enumerate(buckets):
        first = leading and k == 0 and bucket[0] not in out
        members = sorted(bucket, key=id_key)
        # A big bucket's note names nobody, so its rows share one item (as a group's
        # "tied" item is shared): 100,000 rows in a few buckets made 100,000 equal dicts.
        common: Item | None = None
        if len(bucket) > SHOWN:
            common = {"code": "shared_rank", "count": len(bucket) - 1, "players": []}
        shares = first and len(bucket) > 1
        for p in members:
            if common is not None:
                notes[p].append(common)
            elif len(bucket) > 1:
                others = [o for o in members if o != p]
                shared: Item = {"code": "shared_rank", "count": len(bucket) - 1, "players": others}
                notes[p].append(shared)
            if shares:
                notes[p].append({"code": "shares_first", "count": len(bucket) - 1})
            ejected = p in out
            if ejected:
                notes[p].append({"code": "ejected"})
            # Positional, in the fields' order (Counts holds points .. opponents_points).
            rows.append(StandingRow(position, p, *counts(p), values[p], notes[p], ejected,
                                    first, shares))  # fmt: skip
        position += len(bucket)
    return rows


# The notes rows_of adds after those of the ranking (an update strips them before reuse).
ROW_NOTES = frozenset({"shared_rank", "shares_first", "ejected"})


def resolve(
    group: list[str],
    chain: Sequence[Tiebreak],
    ctx: Context,
    notes: dict[str, list[Item]],
    values: Mapping[str, Mapping[str, float | int]] | None = None,
) -> list[list[str]]:
    """Split a tied group by the chain; returns buckets best first (a bucket = still tied).
    ``values``: each player's values against his whole group, reused for the tiebreaks
    that do not depend on the group."""
    if len(group) == 1 or not chain:
        return [group]
    metric, rest = chain[0], chain[1:]
    if not metric.applies(group, ctx):
        skipped: Item = {"code": "not_used", "tiebreak": metric.key}
        for p in group:
            notes[p].append(skipped)
        return resolve(group, rest, ctx, notes, values)
    key = metric.key
    if values is None or metric.per_group:
        vals = metric.values(group, ctx)
    else:
        vals = [values[p][key] for p in group]
    buckets: dict[float | int, list[str]] = {}
    for p, v in zip(group, vals, strict=True):
        bucket = buckets.get(v)
        if bucket is None:
            buckets[v] = [p]
        else:
            bucket.append(p)
    # The players of one bucket share one note (their value is the same), as a group's
    # "tied" note is shared: 100,000 players in a few groups made 200,000 equal dicts.
    if len(buckets) == 1:
        still: Item = {"code": "still_tied", "tiebreak": key, "value": vals[0]}
        for p in group:
            notes[p].append(still)
    else:
        # Players are listed only in small groups, so every row stays short (linear).
        shown: list[list[str | float | int]] = []
        if len(group) <= SHOWN:
            value_of = dict(zip(group, vals, strict=True))
            shown = [[p, value_of[p]] for p in sorted(group, key=id_order)]
        for v, bucket in buckets.items():
            decides: Item = {"code": "decides", "tiebreak": key, "value": v, "group": len(group),
                             "shown": shown}  # fmt: skip
            for p in bucket:
                notes[p].append(decides)
    result: list[list[str]] = []
    for v in sorted(buckets, reverse=metric.higher_is_better):
        result.extend(resolve(sorted(buckets[v], key=ctx.id_key), rest, ctx, notes, values))
    return result
