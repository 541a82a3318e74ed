"""A round of a Swiss played in parallel groups (heats, pools): each group is paired as
its own Swiss, with its own bye, and nobody meets a player of another group (RULES.md §8,
Decipher 2003 Worlds; the readings are in tournaments.rules.heats).

The pairing of one group is the caller's (the two-player Swiss with its avoidance); this
module only splits the players and puts the groups' rounds together: the tables of group
1 first, then group 2's, ..., and the byes after every table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .common import PairingImpossible, PairingPlayer
from .items import PairingItem


class OneGroup(Protocol):
    tables: Any
    bye: str | None
    explanation_items: list[PairingItem]


class GroupImpossible(PairingImpossible):
    """One group cannot be paired; ``group`` says which (the message is the group's)."""

    def __init__(self, group: int, message: str) -> None:
        super().__init__(message)
        self.group = group


@dataclass
class GroupedPairing:
    tables: list[tuple[str, ...]]
    byes: list[str]  # at most one per group
    explanation_items: list[PairingItem]
    seed: int
    groups: dict[str, int] = field(default_factory=dict)  # player id -> group

    @property
    def bye(self) -> str | None:
        """The one bye of a single group's round (the pairing of one Swiss has one)."""
        return self.byes[0] if len(self.byes) == 1 else None


def split_by_group(
    players: Sequence[PairingPlayer], group_of: Mapping[str, int]
) -> dict[int, list[PairingPlayer]]:
    """The players of each group, groups in number order."""
    out: dict[int, list[PairingPlayer]] = {}
    for player in players:
        if player.id not in group_of:
            raise ValueError(f"player {player.id} is in no group")
        out.setdefault(group_of[player.id], []).append(player)
    return dict(sorted(out.items()))


def pair_in_groups(
    players: Sequence[PairingPlayer],
    group_of: Mapping[str, int],
    pair: Callable[[list[PairingPlayer], int], OneGroup],
    seed: int,
) -> GroupedPairing:
    """Pair each group with ``pair(players of the group, group number)``; a group that
    cannot be paired makes the round impossible, saying which group."""
    tables: list[tuple[str, ...]] = []
    byes: list[str] = []
    items: list[PairingItem] = []
    for group, members in split_by_group(players, group_of).items():
        try:
            one = pair(members, group)
        except PairingImpossible as exc:
            raise GroupImpossible(group, str(exc)) from exc
        tables.extend(tuple(t) for t in one.tables)
        if one.bye is not None:
            byes.append(one.bye)
        items.append({"code": "stage_group", "group": group, "players": len(members)})
        items.extend(one.explanation_items)
    return GroupedPairing(tables, byes, items, seed, {p.id: group_of[p.id] for p in players})
