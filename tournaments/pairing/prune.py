"""Which tables can be in an optimal Swiss pairing at all (a proof, not a heuristic).

Given a pairing already found with total squared difference `bound`, a table (i, j) can
only be in a pairing at least as good if its own squared difference plus the least
possible cost of pairing everybody else stays within `bound`. "Everybody else" is bounded
below by the neighbours' pairing of the score order without i and j (objective.py): with
prefix sums that is O(1) per table, so a 1,000-player round keeps a few thousand of its
half-million possible tables and the exact matching stays fast.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def possible_tables(scores: Sequence[int], bound: int) -> list[tuple[int, int]]:
    """Positions (i < j) in the score order (highest first, even length) worth matching."""
    s = np.asarray(scores, dtype=np.int64)
    n = len(s)
    if n < 2:
        return []
    step = (s[:-1] - s[1:]) ** 2  # cost of pairing position k with k + 1
    # gp[k + 2] - gp[lo + 2]... : gp[h] - gp[lo] is the cost of (lo, lo+1), ..., (h-2, h-1)
    gp = np.zeros(n + 2, dtype=np.int64)
    for k in range(n - 1):
        gp[k + 2] = step[k] + gp[k]
    reach = int(np.floor(np.sqrt(bound)))
    # For each i, the j > i whose score is within `reach` (scores fall along the order).
    last = np.searchsorted(-s, -s + reach, side="right")
    counts = np.maximum(last - np.arange(n) - 1, 0)
    i = np.repeat(np.arange(n), counts)
    j = np.arange(len(i)) - np.repeat(np.cumsum(counts) - counts, counts) + i + 1
    rest = _rest_lower_bound(s, gp, i, j)
    keep = (s[i] - s[j]) ** 2 + rest <= bound
    return list(zip(i[keep].tolist(), j[keep].tolist(), strict=True))


def _rest_lower_bound(s: np.ndarray, gp: np.ndarray, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """Neighbours' pairing cost of the order without positions i and j (vectorised)."""
    n = len(s)

    def run(lo: np.ndarray | int, hi: np.ndarray | int) -> np.ndarray:
        return gp[np.clip(hi, 0, n + 1)] - gp[np.clip(lo, 0, n + 1)]

    def bridge(p: np.ndarray, q: np.ndarray) -> np.ndarray:
        return (s[np.clip(p, 0, n - 1)] - s[np.clip(q, 0, n - 1)]) ** 2

    i_even, j_even = i % 2 == 0, j % 2 == 0
    even_odd = run(0, i) + run(i + 1, j) + run(j + 1, n)
    even_even = run(0, i) + run(i + 1, j - 1) + bridge(j - 1, j + 1) + run(j + 2, n)
    odd_next = run(0, i - 1) + bridge(i - 1, i + 2) + run(j + 2, n)
    odd_odd = run(0, i - 1) + bridge(i - 1, i + 1) + run(i + 2, j) + run(j + 1, n)
    odd_even = (
        run(0, i - 1)
        + bridge(i - 1, i + 1)
        + run(i + 2, j - 1)
        + bridge(j - 1, j + 1)
        + run(j + 2, n)
    )
    return np.where(
        i_even,
        np.where(j_even, even_even, even_odd),
        np.where(j == i + 1, odd_next, np.where(j_even, odd_even, odd_odd)),
    )
