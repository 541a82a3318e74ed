"""Why a Swiss round is at the exact optimum: a lower bound that every pairing must pay.

The score bound (RULES.md §3 Reading "as close as possible"; computed in O(n log n): one
sort of the scores, one pass over the score groups).

Sort the distinct scores s_1 > s_2 > ... > s_g and call the place between s_t and s_t+1 a
boundary, with gap d_t = s_t - s_t+1 and a_t players scoring s_t or more ("above" it).
Claim: every perfect pairing of the players costs at least B = sum of d_t² over the
boundaries with a_t odd, and pairing neighbours in score order costs exactly B.

Proof. (1) The a_t players above an odd boundary cannot all be paired among themselves,
so at least one table has one player above and one below: it CROSSES the boundary.
(2) A table between scores x > y crosses the boundaries t with s_t >= x > ... > y and its
gaps add up to x - y; as they are positive, (x - y)² = (sum d)² >= sum d², so charging
each crossed boundary d_t² never charges a table more than it costs. (3) Summing over the
tables, a pairing costs at least the sum over boundaries of (tables crossing it) × d_t²,
which by (1) is at least B. (4) In the neighbours' pairing (1st-2nd, 3rd-4th, ...) the two
players of a table are adjacent in the order, so a table crosses at most one boundary, and
it crosses boundary t exactly when a_t is odd: its cost is B. ∎

Rematches can make B unreachable. The certificate then adds a price per player (linear
programming duality for matchings, with the odd sets "the players above boundary t"):
with z_t = d_t² on the odd boundaries and prices y_v such that for every pair allowed to
meet, y_u + y_v + (the z of the boundaries between them) <= cost(u, v), every pairing
costs at least sum z + sum y (the proof is (2)-(3) again with the prices added to the
tables' ends). The prices are raised only for the players in the blocked stretches, one
at a time to the most their allowed tables permit. When a pairing costs exactly that
much, no pairing can cost less: it is a proven optimum. The costs here count the second
criterion too (players outside their score group, objective.py) as a smaller unit, so the
proof covers both criteria.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .fastpath import Players

_PASSES = 6  # rounds of raising the prices; each pass only raises them
_NOBODY = np.iinfo(np.int64).max // 8  # above any real price: marks pairs that cannot meet


@dataclass(frozen=True)
class ScoreBound:
    odd_groups: int  # score groups with an odd number of players at or above them
    bound: int  # the least possible total squared score difference (ignoring rematches)


def score_bound(scores: Iterable[int]) -> ScoreBound:
    """The bound B of the module docstring, and how many boundaries are odd."""
    counts = Counter(scores)
    levels = sorted(counts, reverse=True)
    above = odd = bound = 0
    for high, low in itertools.pairwise(levels):
        above += counts[high]
        if above % 2:
            odd += 1
            bound += (high - low) ** 2
    return ScoreBound(odd, bound)


def lexicographic_cost(pairs: Iterable[tuple[int, int]], score: Sequence[int], unit: int) -> int:
    """Squared differences in units of `unit`, plus 2 per table across score groups."""
    total = 0
    for a, b in pairs:
        d = score[a] - score[b]
        total += d * d * unit + (2 if d else 0)
    return total


def certified_bound(pl: Players, order: Sequence[int], priced: Iterable[int]) -> int:
    """A lower bound on every rematch-free pairing of `order`, in lexicographic units.

    `order` is sorted by score (highest first), even length; `priced` are players of it
    (the blocked stretches) whose prices may rise above zero. Units: see `unit_for`.
    """
    n = len(order)
    unit = unit_for(n)
    s = np.fromiter((pl.score[i] for i in order), dtype=np.int64, count=n)
    # zc[p]: sum of z over the odd boundaries above position p, so the z between positions
    # p and q is |zc[p] - zc[q]|.
    starts = np.flatnonzero(np.r_[True, s[1:] != s[:-1]])
    zc_level = np.zeros(len(starts), dtype=np.int64)
    for t in range(1, len(starts)):
        gap = int(s[starts[t] - 1] - s[starts[t]])
        odd = starts[t] % 2 == 1
        zc_level[t] = zc_level[t - 1] + ((gap * gap * unit + 2) if odd else 0)
    zc = np.repeat(zc_level, np.diff(np.r_[starts, n]))
    base = int(zc_level[-1]) if len(zc_level) else 0
    wanted = sorted(set(priced))
    if not wanted:
        return base
    position = {pl.ids[i]: p for p, i in enumerate(order)}
    where = {i: p for p, i in enumerate(order)}
    slack: list[tuple[int, np.ndarray]] = []
    for i in wanted:
        p = where[i]
        d = s[p] - s
        rc = d * d * unit + np.where(d != 0, 2, 0) - np.abs(zc[p] - zc)
        blocked = [position[o] for o in pl.opp[i] if o in position]
        rc[[*blocked, p]] = 2 * _NOBODY  # not allowed to meet
        slack.append((p, rc))
    y = np.zeros(n, dtype=np.int64)
    for _ in range(_PASSES):
        raised = False
        for p, rc in slack:
            best = int((rc - y).min())
            if y[p] < best < _NOBODY:  # with no allowed partner at all, nothing is proven
                y[p] = best
                raised = True
        if not raised:
            break
    return base + int(y.sum())


def unit_for(players: int) -> int:
    """One squared point outweighs every count of players outside their group."""
    return players + 2
