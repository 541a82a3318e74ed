"""Which tiebreak values a standings row shows: only those that separated it from a
neighbour on the same points. A value that broke no tie ("head-to-head 2" above
"head-to-head 10", between players on different points) explains nothing and misleads."""

from __future__ import annotations

from collections.abc import Sequence


def _needed(a: Sequence[object], b: Sequence[object]) -> int:
    """How many tiebreaks, in order, it takes to tell two rows on the same points apart:
    the equal leading ones plus the one that differs (all of them when none differs)."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i + 1
    return min(len(a), len(b))


def tiebreaks_used(rows: Sequence[tuple[object, Sequence[object]]]) -> list[int]:
    """For each row (points, tiebreak values in the event's order), in standings order,
    how many of its leading tiebreak values decided its place (0: none, its points did)."""
    used = [0] * len(rows)
    for i in range(len(rows) - 1):
        (points, values), (next_points, next_values) = rows[i], rows[i + 1]
        if points != next_points:
            continue
        n = _needed(values, next_values)
        used[i] = max(used[i], n)
        used[i + 1] = max(used[i + 1], n)
    return used
