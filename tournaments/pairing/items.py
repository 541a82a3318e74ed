"""The shape of a pairing explanation item: a code with its data (player ids as strings,
scores, counts), JSON-serialisable so that a Round stores it as it is and the face puts
it into words (`tournaments.pairing.explain`, `tournaments.words.explanations`).

One TypedDict for every code: each item carries ``code`` and the keys its code uses."""

from __future__ import annotations

from typing import Required, TypedDict


class PairingItem(TypedDict, total=False):
    code: Required[str]
    # The round's header ("score_groups", "random_round", "pods_shape").
    round: int
    seed: int
    players: int | list[str]  # a count in a header, two ids in "paired_down"
    groups: list[tuple[int, int]]  # (score, how many players) from the highest score
    pods: int
    sizes: list[list[int]]  # [pod size, how many pods]
    # The cost of the round ("pairing_summary").
    floaters: int
    squared_difference: int
    proven: bool
    # Why the round is optimal ("optimality_proof", see bound.py).
    method: str  # bound, conflicted, exact or unproven
    odd_groups: int
    bound: int
    cost: int
    conflicted_groups: int
    conflicted_players: int
    # A player paired down, a rematch avoided, pairs to avoid.
    scores: list[int]
    reason: str
    met: list[list[str]]
    pairs: list[list[int | str]]  # [table, id, id] in "repeated_opponents", else [id, id]
    kept_apart: list[list[str]]
    count: int
    # The bye.
    player: str
    # A heat's own Swiss in a round of heats ("stage_group").
    group: int
    score: int
    tied: int
    had_bye: list[list[str | int]]
    passed_over: list[list[str | int]]
    passed_over_count: int
    # A table set by hand.
    table: int
    rematches: int
    avoided: list[list[str]]
    fixed_moved: list[str]
    gap: int


def pair_in(item: PairingItem) -> list[str]:
    """The two players an item names ("players" is a count in a round's header)."""
    players = item.get("players")
    return [str(p) for p in players] if isinstance(players, list) else []
