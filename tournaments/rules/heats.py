"""Parallel groups of a Swiss stage (heats, pools) as pure functions (RULES.md §8,
Decipher 2003 Worlds: "two parallel Swiss heats ... the top 8 of each advancing").

**Readings (settings of the stage, documented on the event page):**

- *Drawing the groups.* The players are dealt into the groups like cards, in a snake:
  the order's 1st to k-th go to groups 1..k, the next k to groups k..1, and so on, so
  group sizes differ by at most one and each group gets as many strong players as the
  others. The order is either by rating ("rating": highest first; a player without a
  rating below every rated one; ties by registration order) or a shuffle from a seed
  ("random": the seed is kept in the audit trail, so the draw is reproduced from it).
  A player who enters after the draw joins the smallest group (the lowest number when
  several are smallest).
- *Pairing.* Each group is its own Swiss: nobody meets a player of another group, and an
  odd group has its own bye (the rulebook's bye rules within the group; a player never
  has more than one bye in the event, whatever group he is in).
- *Who goes on, and their seeds.* The top N of each group, by that group's standings.
  Seeds interleave the groups' places as the usual way of seeding pools: the group
  winners are seeds 1..k, ordered between themselves by points, then the event's
  tiebreaks that compare players who never met (head-to-head is skipped: players of
  different groups never met), then the group's number; then the seconds as seeds
  k+1..2k in the same way, and so on. Below the players who went on, final places follow
  the whole Swiss's standings (every heat together, by points and then the tiebreaks).
- *A director's hand.* Groups change only before round 1; a swap or a table set by hand
  never seats players of two groups together.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

RATING, RANDOM = "rating", "random"
DRAWS = (RATING, RANDOM)
DRAW_CHOICES = [(RATING, "By rating"), (RANDOM, "At random")]


def rating_order(players: Sequence[str], ratings: Mapping[str, int]) -> list[str]:
    """Highest rating first; the unrated after every rated player; ties in the given
    (registration) order."""
    position = {p: i for i, p in enumerate(players)}
    return sorted(players, key=lambda p: (p not in ratings, -ratings.get(p, 0), position[p]))


def random_order(players: Sequence[str], seed: int) -> list[str]:
    """A shuffle from ``seed`` of the players sorted by id, so the input order never
    changes the draw."""
    order = sorted(players, key=_id_key)
    random.Random(seed).shuffle(order)
    return order


def _id_key(player: str) -> tuple[int, int, str]:
    return (0, int(player), "") if player.isdigit() else (1, 0, player)


def snake_deal(order: Sequence[str], groups: int) -> dict[str, int]:
    """Group (1..groups) of each player, dealt in a snake from ``order`` (best first)."""
    if groups < 1:
        raise ValueError("a stage has at least one group")
    out: dict[str, int] = {}
    for i, player in enumerate(order):
        lap, place = divmod(i, groups)
        out[player] = place + 1 if lap % 2 == 0 else groups - place
    return out


def smallest_group(sizes: Mapping[int, int], groups: int) -> int:
    """Where a late entry goes: the smallest group, the lowest number among equals."""
    return min(range(1, groups + 1), key=lambda g: (sizes.get(g, 0), g))


@dataclass(frozen=True)
class Placed:
    """A player's place in his group's standings, with what compares him to the players
    of the same place in the other groups (larger is better)."""

    player: str
    group: int
    place: int  # 1 for the group's winner
    strength: tuple[float, ...]


def interleaved_seeds(placed: Sequence[Placed], per_group: int) -> list[str]:
    """Seeds of the players who go on: the top ``per_group`` of each group, the winners
    first (seeds 1..k), then the seconds, ...; within one place by strength, then the
    group's number."""
    going = [p for p in placed if p.place <= per_group]
    ranked = sorted(going, key=lambda p: (p.place, tuple(-x for x in p.strength), p.group))
    return [p.player for p in ranked]


def cross_group_chain(tiebreaks: Sequence[str]) -> list[str]:
    """The tiebreaks that compare players of different groups: all but head-to-head."""
    return [t for t in tiebreaks if t != "head_to_head"]
