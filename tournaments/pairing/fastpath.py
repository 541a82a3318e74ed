"""Swiss fast path: the neighbours' pairing shape, built without rematches.

In the neighbours' pairing (see objective.py) a score group pairs inside itself except
for at most one player it receives from the group above and one it sends to the group
below (exactly when the number of players above that boundary is odd). The fast path keeps
that shape and only chooses WHO receives and who is sent down, in the seed's order,
so that nobody meets an earlier opponent. When it succeeds the result has the lower
bound's score tables and is therefore a proven optimum; where it cannot, it reports the
blocked stretch (positions in the score order) for the exact solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, count, groupby, islice
from operator import contains

from .common import max_weight_matching

_TRIES = 8  # candidates tried per role before a group is reported as blocked
_SMALL_EXACT = 64  # a blocked group this small is paired by an exact matching instead


class Players:
    """Index-based view of the round's players shared by the fast path and the solver."""

    def __init__(self, ids: list[str], score: list[int], opp: list[frozenset[str]]) -> None:
        self.ids = ids
        self.score = score
        self.opp = opp  # ids, not indices: converting 10,000 sets costs more than pairing

    def met(self, a: int, b: int) -> bool:
        return self.ids[b] in self.opp[a]


def pair_inside(pl: Players, members: Sequence[int]) -> list[tuple[int, int]] | None:
    """Rematch-free pairing of players of one score, in the seed's order, or None."""
    found = _greedy(pl, members)
    if found is None and len(members) <= _SMALL_EXACT:
        found = _any_perfect(pl, members)
    return found


def _unmet_prefix(pl: Players, members: Sequence[int], start: int) -> int:
    """How many members from ``start`` pair off as 1st-2nd, 3rd-4th, ... without a rematch.

    That is what the greedy below does whenever nobody is waiting, so it can skip them;
    the test runs in C and stops at the first pair that has met."""
    firsts, seconds = members[start::2], members[start + 1 :: 2]
    met = map(contains, map(pl.opp.__getitem__, firsts), map(pl.ids.__getitem__, seconds))
    first_met = next(compress(count(), met), None)
    return 2 * (len(seconds) if first_met is None else first_met)


def _greedy(pl: Players, members: Sequence[int]) -> list[tuple[int, int]] | None:
    """Pair each player with the latest waiting one he has not met; repair by swaps."""
    waiting: list[int] = []
    pairs: list[tuple[int, int]] = []
    ids, opp = pl.ids, pl.opp  # pl.met inlined: this loop runs once per player
    i, n = 0, len(members)
    while i < n:
        if not waiting:  # a fresh start: the pairs that meet nobody again go in one step
            done = _unmet_prefix(pl, members, i)
            pairs.extend(zip(members[i : i + done : 2], members[i + 1 : i + done : 2], strict=True))
            i += done
            if i == n:
                break
        p = members[i]
        i += 1
        met = opp[p]
        for k in range(len(waiting) - 1, -1, -1):
            if ids[waiting[k]] not in met:
                pairs.append((waiting.pop(k), p))
                break
        else:
            waiting.append(p)
    while waiting:
        x = waiting.pop()
        y = _swap_in(pl, x, waiting, pairs)
        if y is None:
            return None
        waiting.remove(y)
    return pairs


def _swap_in(pl: Players, x: int, waiting: list[int], pairs: list[tuple[int, int]]) -> int | None:
    """Left-overs have all met each other: break a table so both can sit down."""
    for y in waiting:
        for t, (u, v) in enumerate(pairs):
            for a, b in ((u, v), (v, u)):
                if not pl.met(a, x) and not pl.met(b, y):
                    pairs[t] = (a, x)
                    pairs.append((b, y))
                    return y
    return None


def _any_perfect(pl: Players, members: Sequence[int]) -> list[tuple[int, int]] | None:
    if len(members) % 2:
        return None
    edges = [
        (x, y, 1)
        for x in range(len(members))
        for y in range(x + 1, len(members))
        if not pl.met(members[x], members[y])
    ]
    found = max_weight_matching(len(members), edges)
    if 2 * len(found) != len(members):
        return None
    return [(members[x], members[y]) for x, y in found]


def groups_of(pl: Players, order: Sequence[int]) -> list[tuple[int, list[int]]]:
    """Runs of equal score in `order` as (start position, members)."""
    groups: list[tuple[int, list[int]]] = []
    start = 0
    for _, run in groupby(order, key=pl.score.__getitem__):  # 100,000 players: one C loop
        members = list(run)
        groups.append((start, members))
        start += len(members)
    return groups


def fast_path(
    pl: Players, order: Sequence[int]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Pairs in the neighbours' shape, and the blocked stretches as (first, end) positions.

    `order` is sorted by score (highest first), ties in the seed's order.
    """
    groups = groups_of(pl, order)
    pairs: list[tuple[int, int]] = []
    failures: list[tuple[int, int]] = []
    carry: int | None = None  # sent down by the group above, needs a partner here
    carry_from = 0
    for gi, (start, members) in enumerate(groups):
        end = start + len(members)
        sends = (len(members) - (carry is not None)) % 2 == 1
        below = groups[gi + 1][1] if gi + 1 < len(groups) else []
        found = _solve_group(pl, members, carry, sends, below)
        if found is None:
            failures.append((carry_from if carry is not None else start, end))
            carry = None
            continue
        group_pairs, sent = found
        pairs.extend(group_pairs)
        carry, carry_from = sent, start
    if carry is not None:  # only possible after a failure changed the parity
        failures.append((carry_from, len(order)))
    return pairs, failures


def _solve_group(
    pl: Players, members: list[int], carry: int | None, sends: bool, below: list[int]
) -> tuple[list[tuple[int, int]], int | None] | None:
    """Choose the carry's partner and the player sent down; pair the rest inside."""
    if sends and not below:
        return None
    receivers: Sequence[int | None] = [None]
    if carry is not None:
        receivers = list(islice((p for p in members if not pl.met(carry, p)), _TRIES))
    for r in receivers:
        rest = _without(members, r)
        senders: list[int | None] = [None]
        if sends:
            can_go = (s for s in rest if any(not pl.met(s, b) for b in below[: 4 * _TRIES]))
            senders = list(islice(can_go, _TRIES))
        for s in senders:
            inside = pair_inside(pl, _without(rest, s))
            if inside is not None:
                if r is not None and carry is not None:
                    inside.append((carry, r))
                return inside, s
    return None


def _without(members: list[int], p: int | None) -> list[int]:
    """``members`` without ``p`` (a copy, in order; a copy and one removal run in C)."""
    rest = members.copy()
    if p is not None:
        rest.remove(p)
    return rest
