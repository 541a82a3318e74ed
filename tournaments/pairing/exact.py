"""Exact Swiss solving for the stretches the fast path cannot pair without a rematch.

`exact_pairs` is a maximum-weight perfect matching (rustworkx's blossom algorithm) with the
integer weights of objective.EdgeWeights, so it is the lexicographic optimum of the
objective over the players given.

Where the fast path is blocked, WINDOWS are solved first: a stretch of the score order
around each blocked place, cut at even positions (where the neighbours' pairing has no
table across the cut), widened until it pairs; the rest keeps the fast path. bound.py's
certificate then compares the result with a lower bound for the whole round: equal, it is
the proven optimum ("conflicted": only the conflicted groups were matched exactly). If not,
events up to FULL_EXACT_LIMIT players are solved on the full graph, bounded by the
windows' result (prune.py keeps only the tables that can beat it); bigger events widen the
windows while that still improves the round and are proven when the certificate closes.
benchmarks/bench_pairing.py compares every method with the full-graph optimum.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .bound import certified_bound, lexicographic_cost, unit_for
from .common import max_weight_matching
from .fastpath import Players, fast_path
from .objective import EdgeWeights, total_cost
from .prune import possible_tables

FULL_EXACT_LIMIT = 1000  # up to here a blocked round is re-solved exactly on the full graph
WINDOW_MARGIN = 16  # players added on each side of a blocked stretch, doubled on failure
SETTLE_LIMIT = 1500  # players in windows beyond which a pairing window is not widened


def exact_pairs(
    pl: Players, members: Sequence[int], max_squared: int | None = None
) -> list[tuple[int, int]] | None:
    """The optimum rematch-free perfect matching of `members`, or None if none exists.

    `members` are in score order (highest first). With `max_squared` (the total squared
    difference of a pairing already found) only the tables that can be in a pairing as
    good are offered to the matching (prune.py): the same optimum from far fewer edges.
    """
    if not members:
        return []
    if len(members) % 2:
        return None
    score = pl.score
    scores = [score[p] for p in members]
    weights = EdgeWeights(scores)
    if max_squared is None:
        candidates: Iterable[tuple[int, int]] = (
            (x, y) for x in range(len(members)) for y in range(x + 1, len(members))
        )
    else:
        candidates = possible_tables(scores, max_squared)
    edges = [
        (x, y, weights.weight(scores[x], scores[y]))
        for x, y in candidates
        if not pl.met(members[x], members[y])
    ]
    found = max_weight_matching(len(members), edges)
    if 2 * len(found) != len(members):
        return None
    return [(members[x], members[y]) for x, y in found]


def _merge(spans: list[tuple[int, int]], n: int, margin: int) -> list[tuple[int, int]]:
    """Widen each stretch by `margin`, cut at even positions, merge overlaps."""
    widened = sorted(
        (max(0, (lo - margin) // 2 * 2), min(n, (hi + margin + 1) // 2 * 2)) for lo, hi in spans
    )
    merged: list[tuple[int, int]] = []
    for lo, hi in widened:
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


def solve_blocked(
    pl: Players,
    order: list[int],
    failures: list[tuple[int, int]],
    full_exact_limit: int = FULL_EXACT_LIMIT,
) -> tuple[list[tuple[int, int]], str, list[tuple[int, int]]] | None:
    """Pairs for the whole `order` (its length even), how, and the blocked stretches.

    "conflicted": exact matchings of the windows around the blocked stretches, proven
    optimal for the whole round by bound.py's certificate; "exact": the full graph (pruned
    by the windows' cost); "window": windows only, when nothing proves them (events above
    `full_exact_limit`). Returns None when no rematch-free pairing exists (proven by an
    exact matching of all).
    """
    n = len(order)
    found = _windows(pl, order, failures, settle=False)
    if found is None:
        pairs = exact_pairs(pl, order)
        return None if pairs is None else (pairs, "exact", failures)
    windows, spans = found
    unit = unit_for(n)
    bound = certified_bound(pl, order, [order[p] for lo, hi in spans for p in range(lo, hi)])
    if lexicographic_cost(windows, pl.score, unit) <= bound:
        return windows, "conflicted", failures
    if n > full_exact_limit:
        settled = _windows(pl, order, failures, settle=True)
        if settled is not None:
            windows = settled[0]
        proven = lexicographic_cost(windows, pl.score, unit) <= bound
        return windows, "conflicted" if proven else "window", failures
    # The windows' pairing bounds the optimum, which prunes the full graph (see exact_pairs).
    squared = sum((pl.score[a] - pl.score[b]) ** 2 for a, b in windows)
    pairs = exact_pairs(pl, order, squared)
    assert pairs is not None  # the windows' pairing itself uses only edges within the bound
    return pairs, "exact", failures


def _windows(
    pl: Players, order: list[int], failures: list[tuple[int, int]], settle: bool
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]] | None:
    """A pairing with exact windows around the blocked stretches, and the windows; None
    if they cover all.

    With `settle`, windows that pair keep doubling while that still improves the result
    (the optimum may reach further than the first window that pairs), up to SETTLE_LIMIT
    players in windows.
    """
    n = len(order)
    blocked = list(failures)
    margin = WINDOW_MARGIN
    best: tuple[tuple[int, int], list[tuple[int, int]], list[tuple[int, int]]] | None = None
    while True:
        windows = _merge(blocked, n, margin)
        if windows == [(0, n)]:
            return None if best is None else (best[1], best[2])
        pairs, still = _try_windows(pl, order, windows)
        if still:
            blocked = windows + still  # widen the windows that failed, add new blocked places
        else:
            if not settle:
                return pairs, windows
            cost = total_cost([(pl.score[a], pl.score[b]) for a, b in pairs if a != b])
            if best is not None and cost >= best[0]:
                return best[1], best[2]
            best = (cost, pairs, windows)
            if sum(hi - lo for lo, hi in windows) > SETTLE_LIMIT:
                return pairs, windows
            blocked = windows
        margin *= 2


def _try_windows(
    pl: Players, order: list[int], windows: list[tuple[int, int]]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Exact pairs inside the windows, the fast path between them; and what stays blocked."""
    pairs: list[tuple[int, int]] = []
    still: list[tuple[int, int]] = []
    cut = 0
    for lo, hi in [*windows, (len(order), len(order))]:
        rest_pairs, rest_failures = fast_path(pl, order[cut:lo])
        pairs.extend(rest_pairs)
        still.extend((cut + a, cut + b) for a, b in rest_failures)
        if lo < hi:
            found = exact_pairs(pl, order[lo:hi])
            if found is None:
                still.append((lo, hi))
            else:
                pairs.extend(found)
        cut = hi
    return pairs, still
