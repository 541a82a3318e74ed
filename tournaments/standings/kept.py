"""A tiebreak read from the stored rows for the players whose games the update was not
given (tournaments.standings.incremental), and the signal that it needs them after all."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from . import StandingRow, Tiebreak
from .tiebreaks import Context, HeadToHead


class Missing(Exception):
    def __init__(self, players: Collection[str]) -> None:
        super().__init__()
        self.players = frozenset(players)


class Kept(Tiebreak):
    """A tiebreak that answers from the old row for a player whose games were not given:
    his value did not move (he met nobody whose numbers moved), except head-to-head
    against another group than the whole score group it was stored for."""

    per_group = True  # asked again at every level, as the metric it wraps may be

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
        raise Missing(missing)

    def value(self, player: str, group: Sequence[str], ctx: Context) -> float | int:
        if player in self.known:
            return self.metric.value(player, group, ctx)
        pods = self.max_others is None or self.max_others > 1
        if isinstance(self.metric, HeadToHead) and (pods or self.whole[player] != len(group)):
            # Pods: the group's "winner wins the tie" switch may have moved with it.
            raise Missing([p for p in group if p not in self.known])
        return self.old[player].tiebreaks[self.metric.key]
