"""The tiebreak registry (data: key, label for people, rulebook description).

000 Part VI §3 "Scoring": ties are broken by (1) the game the tied players played against
each other, (2) the fewest losses, (3) the highest sum of the opponents' final tournament
points. RULES.md §3 Reading of (1): it applies to a tied group only when every pair in it
met; in a multi-player game it decides only if one of the tied players WON the game they
shared ("the winner of the game wins the tie"), so two players who both lost a pod to a
third are not separated by it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from math import fsum
from typing import Any, ClassVar

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from .ids import id_order


@dataclass(slots=True)
class Record:
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    # (points at the table, the other players at the table, won it) per game played
    tables: list[tuple[int, tuple[str, ...], bool]] = field(default_factory=list)


class Context:
    """The event's records plus per-group caches the tiebreaks share."""

    def __init__(self, records: dict[str, Record], pods: bool = True) -> None:
        self.records = records
        # False: every table (not a bye) seated two players, so no group shared a pod (no
        # walk over every tied player's tables to find one).
        self.pods = pods
        self._opp_points: dict[str, list[int]] = {}
        self._opp_sums: dict[str, int] = {}
        self._against: dict[str, int] = {}
        self._whole: dict[int, Sequence[str]] = {}
        # A sort key in id order for the players of ``records`` (see id_order).
        self.id_key: Callable[[str], Any] = id_order
        self._sets: dict[int, tuple[Sequence[str], frozenset[str], bool]] = {}

    def met(self, player: str) -> set[str]:
        return {o for _, others, _ in self.records[player].tables for o in others}

    def _group(self, group: Sequence[str]) -> tuple[Sequence[str], frozenset[str], bool]:
        cached = self._sets.get(id(group))
        if cached is None or cached[0] is not group:
            tied = frozenset(group)
            pods = self.pods and any(
                len(others) > 1 and not tied.isdisjoint(others)
                for p in group
                for _, others, _ in self.records[p].tables
            )
            cached = (group, tied, pods)
            self._sets[id(group)] = cached
        return cached

    def group_set(self, group: Sequence[str]) -> frozenset[str]:
        """The group as a set, built once per group (tiebreaks ask for it per player)."""
        return self._group(group)[1]

    def shared_pods(self, group: Sequence[str]) -> bool:
        """Whether the tied players shared any multi-player game."""
        return self._group(group)[2]

    def opponents_points_list(self, player: str) -> list[int]:
        if player not in self._opp_points:
            recs = self.records
            self._opp_points[player] = [
                recs[o].points for _, others, _ in recs[player].tables for o in others
            ]
        return self._opp_points[player]

    def opponents_points(self, player: str) -> int:
        """The sum of opponents_points_list (a row's number and a tiebreak: once a player)."""
        found = self._opp_sums.get(player)
        if found is None:
            found = self._opp_sums[player] = sum(self.opponents_points_list(player))
        return found

    def walk_score_groups(
        self, groups: Sequence[Sequence[str]], out: Collection[str], log: Sequence[int] = ()
    ) -> None:
        """When ``records`` hold every player and ``groups`` are the score groups (same
        points, same side of ``out``, the ejected): every player's opponents_points and,
        without pods, his head-to-head value against his score group, in one walk. With
        ``log`` (every table, all of two players: RecordBuilder.log) over the tables as
        fed, by index, else over each player's tables. At 100,000 players the walks to each
        opponent's record, once for each of the two, were half the ranking's time."""
        if log and not self.pods:
            self._walk_log(log, out)
        else:
            self._walk_players(out)
        if not self.pods:
            self._whole = {id(g): g for g in groups}

    def _walk_log(self, log: Sequence[int], out: Collection[str]) -> None:
        players = list(self.records)
        points = [r.points for r in self.records.values()]
        sums, against = [0] * len(points), [0] * len(points)
        side = [p in out for p in players]
        at = iter(log)
        for ia, ib, pa, pb in zip(at, at, at, at, strict=True):
            qa, qb = points[ia], points[ib]
            sums[ia] += qb
            sums[ib] += qa
            if qa == qb and side[ia] == side[ib]:
                against[ia] += pa
                against[ib] += pb
        self._opp_sums.update(zip(players, sums, strict=True))
        self._against.update(zip(players, against, strict=True))

    def _walk_players(self, out: Collection[str]) -> None:
        points = {p: r.points for p, r in self.records.items()}
        sums, against = self._opp_sums, self._against
        for p, r in self.records.items():
            mine, ejected = r.points, p in out
            total = h2h = 0
            for pts, others, _won in r.tables:
                met = False
                for o in others:
                    q = points[o]
                    total += q
                    met = met or (q == mine and (o in out) == ejected)
                if met:
                    h2h += pts
            sums[p], against[p] = total, h2h

    def against_whole(self, group: Sequence[str]) -> dict[str, int] | None:
        """Head-to-head values against ``group`` when it is a score group walk_score_groups
        saw (and no pod was played), else None."""
        return self._against if self._whole.get(id(group)) is group else None

    def win_pct(self, player: str) -> float:
        r = self.records[player]
        games = r.wins + r.losses + r.draws
        return max(1 / 3, (r.wins + r.draws / 2) / games) if games else 1 / 3


class Tiebreak:
    """One metric of the chain. `value` is compared within a tied group."""

    key: ClassVar[str]
    label: ClassVar[str | Promise]
    description: ClassVar[str | Promise]
    higher_is_better: ClassVar[bool] = True
    # Whether a player's value depends on the group he is tied with (else it is computed
    # once for his score group and reused at every level of the chain).
    per_group: ClassVar[bool] = False

    def applies(self, group: Sequence[str], ctx: Context) -> bool:
        return True

    def value(self, player: str, group: Sequence[str], ctx: Context) -> float | int:
        raise NotImplementedError

    def values(self, group: Sequence[str], ctx: Context) -> list[float | int]:
        """``value`` of every player of the group, in its order."""
        return [self.value(p, group, ctx) for p in group]


class HeadToHead(Tiebreak):
    key = "head_to_head"
    per_group = True
    label = _("head-to-head")
    description = _(
        "Points scored against the other tied players, used only when every pair of them "
        "met; in multi-player games only a game one of them won counts."
    )

    def applies(self, group: Sequence[str], ctx: Context) -> bool:
        for i, a in enumerate(group[:-1]):
            met = ctx.met(a)
            if any(b not in met for b in group[i + 1 :]):
                return False
        return True

    def value(self, player: str, group: Sequence[str], ctx: Context) -> int:
        tied = ctx.group_set(group)  # `others` never holds the player himself
        shared = [
            (pts, won)
            for pts, others, won in ctx.records[player].tables
            if not tied.isdisjoint(others)
        ]
        if ctx.shared_pods(group):  # "the winner of the game wins the tie": games won count
            return sum(1 for _, won in shared if won)
        return sum(pts for pts, _ in shared)

    def values(self, group: Sequence[str], ctx: Context) -> list[float | int]:
        known = ctx.against_whole(group)
        if known is not None:
            return [known[p] for p in group]
        if ctx.shared_pods(group):
            return [self.value(p, group, ctx) for p in group]
        tied, recs = ctx.group_set(group), ctx.records
        return [
            sum([pts for pts, others, _ in recs[p].tables if not tied.isdisjoint(others)])
            for p in group
        ]


class FewerLosses(Tiebreak):
    key = "fewer_losses"
    label = _("losses")
    description = _("Fewer losses ranks higher.")
    higher_is_better = False

    def value(self, player: str, group: Sequence[str], ctx: Context) -> int:
        return ctx.records[player].losses

    def values(self, group: Sequence[str], ctx: Context) -> list[float | int]:
        recs = ctx.records
        return [recs[p].losses for p in group]


class OpponentsPoints(Tiebreak):
    key = "opponents_points"
    label = _("opponents' points")
    description = _("Sum of the opponents' final tournament points; a bye has no opponent.")

    def value(self, player: str, group: Sequence[str], ctx: Context) -> int:
        return ctx.opponents_points(player)

    def values(self, group: Sequence[str], ctx: Context) -> list[float | int]:
        return [ctx.opponents_points(p) for p in group]


class MedianBuchholz(Tiebreak):
    key = "median_buchholz"
    label = _("median opponents' points")
    description = _("Opponents' points without the highest and the lowest (3+ opponents).")

    def value(self, player: str, group: Sequence[str], ctx: Context) -> int:
        pts = sorted(ctx.opponents_points_list(player))
        return sum(pts[1:-1]) if len(pts) >= 3 else sum(pts)


class OpponentsWinPct(Tiebreak):
    key = "opponents_win_pct"
    label = _("opponents' win %")
    description = _("Mean of the opponents' win percentages (draws half), each at least 1/3.")

    def value(self, player: str, group: Sequence[str], ctx: Context) -> float:
        opps = [o for _, others, _ in ctx.records[player].tables for o in others]
        if not opps:
            return 0.0
        # Rounded so float noise never splits players who are really equal; summed exactly
        # so the order of the player's tables (as the database gives them) cannot matter.
        return round(fsum(ctx.win_pct(o) for o in opps) / len(opps), 6)


class Wins(Tiebreak):
    key = "wins"
    label = _("wins")
    description = _("More games won ranks higher (byes are not wins).")

    def value(self, player: str, group: Sequence[str], ctx: Context) -> int:
        return ctx.records[player].wins

    def values(self, group: Sequence[str], ctx: Context) -> list[float | int]:
        recs = ctx.records
        return [recs[p].wins for p in group]


TIEBREAKS: dict[str, type[Tiebreak]] = {
    cls.key: cls
    for cls in (HeadToHead, FewerLosses, OpponentsPoints, OpponentsWinPct, Wins, MedianBuchholz)
}
DEFAULT_TIEBREAKS = ["head_to_head", "fewer_losses", "opponents_points"]  # 000 Part VI §3


class UnknownTiebreak(ValueError):
    """A tiebreak chain names keys the registry does not have: a code with data (the
    unknown keys, the registry's keys), put in words where people read it (their names,
    never these keys)."""

    code = "unknown_tiebreak"

    def __init__(self, unknown: Sequence[str]) -> None:
        self.params = {"unknown": list(unknown), "choices": list(TIEBREAKS)}
        # For logs and programs; people read it through tournaments.words.
        unknown_keys, choices = ", ".join(unknown), ", ".join(TIEBREAKS)
        super().__init__(f"unknown tiebreak {unknown_keys}; choose from {choices}")


def check_tiebreaks(keys: Sequence[str]) -> None:
    """Raise UnknownTiebreak when a key of ``keys`` is not in the registry."""
    unknown = [k for k in keys if k not in TIEBREAKS]
    if unknown:
        raise UnknownTiebreak(unknown)
