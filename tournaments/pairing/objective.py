"""The Swiss objective "as close as possible" (000 Part VI §3; RULES.md §3 Reading).

After the hard rules (no rematch; the bye to the lowest-scored player without one), a
round minimises, in this order:
  1. the total SQUARED score difference over its tables (nobody plays further from his own
     score than needed);
  2. the number of players paired outside their score group;
  3. the seed's order (every choice between equally good options follows the seeded rank).

Lower bound. Ignoring rematches, pairing neighbours in score order (1st-2nd, 3rd-4th, ...)
is optimal for any strictly convex cost of the difference, and every optimal pairing has
the same multiset of (score, score) tables: swapping the partners of a crossing or nested
pair of tables never raises a convex cost, and for a strictly convex one it keeps the cost
only when the swap leaves the scores at each table unchanged. So the neighbours' pairing
gives the least (1) AND, among those, the least (2): a rematch-free pairing with the same
score tables is a proven optimum.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import compress
from operator import ne


def table_cost(a: int, b: int) -> tuple[int, int]:
    """(squared difference, players outside their score group) of one table."""
    d = a - b
    return d * d, 0 if d == 0 else 2


def total_cost(scores: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The objective of a whole pairing given as (score, score) tables."""
    squared = floaters = 0
    for a, b in scores:
        s, f = table_cost(a, b)
        squared += s
        floaters += f
    return squared, floaters


def neighbour_tables(scores_desc: Sequence[int]) -> Counter[tuple[int, int]]:
    """The cross-group tables (higher score first) of the neighbours' pairing."""
    firsts, seconds = scores_desc[0::2], scores_desc[1::2]
    # Only the few tables across groups reach Python: a million players stay fast.
    crossing = compress(zip(firsts, seconds, strict=False), map(ne, firsts, seconds))
    return Counter((max(a, b), min(a, b)) for a, b in crossing)


def lower_bound(scores_desc: Sequence[int]) -> tuple[int, int]:
    """The objective of the neighbours' pairing: no rematch-free pairing does better."""
    return total_cost(
        [(scores_desc[k], scores_desc[k + 1]) for k in range(0, len(scores_desc) - 1, 2)]
    )


class EdgeWeights:
    """Integer weights for a maximum-weight perfect matching with the same optimum.

    Each table costs squared * K + floaters with K larger than any total of floaters, so
    one unit of squared difference outweighs every floater count; weights are a constant
    minus that cost, so a maximum-weight perfect matching is a lexicographic minimum.
    """

    def __init__(self, scores: Sequence[int]) -> None:
        spread = (max(scores) - min(scores)) if scores else 0
        self.k = len(scores) + 1
        self.top = spread * spread * self.k + 3

    def weight(self, a: int, b: int) -> int:
        squared, floaters = table_cost(a, b)
        return self.top - (squared * self.k + floaters)
