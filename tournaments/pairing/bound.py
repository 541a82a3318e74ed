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

Rematches can make B unreachable. The certificate then adds what the blocked players'
tables must cost on top of it. Give each table its REDUCED cost: its cost minus d_t² for
each odd boundary t it crosses; by (2) it is never negative, and by (1) the d_t² taken
away add up to at least B over any pairing. So a pairing costs at least B plus the reduced
costs of its tables, and at least B plus the reduced costs of the tables of the players
in the blocked stretches ("priced"). Those are bounded below by an exact matching of the
priced players alone, in which a priced player either sits with another priced player
(at their reduced cost) or with the cheapest partner outside that he has not met, as if
that partner were free for each of them (a relaxation, so still a lower bound). When a
pairing costs exactly B plus that matching's cost, no pairing can cost less: it is a
proven optimum. The costs count the second criterion too (players outside their score
group, objective.py) as a smaller unit, so the proof covers both criteria: a table costs
D²·unit + 2 when its scores differ by D > 0, and each odd boundary is charged d²·unit + 2;
a table crossing j >= 2 odd boundaries has D² at least j(j-1) above the sum of their d²
(the cross terms of (sum d)²), which pays the 2(j-1) extra since unit >= 2.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .common import max_weight_matching
from .fastpath import Players

# Above any real reduced cost (100,000 players, 60 points apart: about 4e8): marks pairs
# that may not meet. A relaxation that must use one is still a valid bound (see _priced_part).
_NOBODY = 1 << 40
# The priced players' matching has a table per pair of them: beyond this many it would
# cost more than the full-graph fallback it is meant to avoid.
MAX_PRICED = 800


@dataclass(frozen=True)
class ScoreBound:
    odd_groups: int  # score groups with an odd number of players at or above them
    bound: int  # the least possible total squared score difference (ignoring rematches)


def score_bound(scores: Iterable[int]) -> ScoreBound:
    """The bound B of the module docstring, and how many boundaries are odd."""
    return score_bound_of_groups(Counter(scores))


def score_bound_of_groups(counts: Mapping[int, int]) -> ScoreBound:
    """`score_bound` from the players per score (score -> how many)."""
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
    (the blocked stretches). Units: see `unit_for`. The module docstring has the proof.
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
    where = {i: p for p, i in enumerate(order)}
    places = sorted({where[i] for i in priced})
    if not places or len(places) > MAX_PRICED:
        return base  # still a bound (the score bound), only weaker
    return base + _priced_part(pl, order, s, zc, unit, places)


def _priced_part(
    pl: Players,
    order: Sequence[int],
    s: np.ndarray,
    zc: np.ndarray,
    unit: int,
    places: list[int],
) -> int:
    """The least total reduced cost the priced players' tables can have.

    Every table costs its reduced cost (cost minus the z of the boundaries it crosses,
    never negative: step (2) of the proof) plus those z; the z add up to at least the score
    bound. So a pairing costs at least the bound plus the reduced costs of the tables of
    the priced players. Those are bounded below exactly by a matching: two priced players
    sit together at their reduced cost, or a priced player sits with the cheapest allowed
    partner outside (as if that partner were free for each of them: a relaxation, so still
    a lower bound). Maximising the savings of sitting together is one small exact matching.
    """
    n = len(order)
    position = {pl.ids[i]: p for p, i in enumerate(order)}
    inside = np.zeros(n, dtype=bool)
    inside[places] = True
    at = np.asarray(places)
    caps: list[int] = []
    among: list[np.ndarray] = []
    for p in places:
        d = s[p] - s
        rc = d * d * unit + np.where(d != 0, 2, 0) - np.abs(zc[p] - zc)
        rc[[*(position[o] for o in pl.opp[order[p]] if o in position), p]] = _NOBODY
        caps.append(int(min(np.where(inside, _NOBODY, rc).min(), _NOBODY)))
        among.append(rc[at])
    edges = []
    for a in range(len(places)):
        for b in np.flatnonzero(among[a][a + 1 :] < _NOBODY) + a + 1:
            saving = caps[a] + caps[b] - int(among[a][b])
            if saving > 0:
                edges.append((a, int(b), saving))
    chosen = max_weight_matching(len(places), edges, maxcardinality=False)
    saved = {(a, b): w for a, b, w in edges}
    return sum(caps) - sum(saved[(min(a, b), max(a, b))] for a, b in chosen)


def unit_for(players: int) -> int:
    """One squared point outweighs every count of players outside their group."""
    return players + 2
