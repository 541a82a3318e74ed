"""A part of a score group whose last tiebreak moved for a few players, merged instead of
ranked again.

When the tiebreak a part was split by is the last of the chain and is a number of the
player's own (not head-to-head: it does not depend on who else is in the part), the part
is its buckets of equal values, best value first, each listed by id (``resolve``). Only
the moved players leave their bucket and enter another: every other bucket keeps its
members, so its rows keep their notes and only move, all by the same number of places.
Only the buckets a moved player left or entered are written again.

That holds while every row's notes depend on its own value and the part's size only:
the part is split before and after (a "decides" note, not "still tied") and has more
than SHOWN players (a small part lists every member's value in each note). Otherwise,
or at the top of the event (the first bucket's "shares first" note), the caller ranks
the part again whole.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from . import StandingRow, id_order
from .explain import SHOWN
from .items import StandingItem
from .tiebreaks import HeadToHead, Tiebreak
from .tied import path, ranking_notes

Value = float | int


@dataclass
class Merged:
    """The buckets to write again (index of their first place in the part, members in
    order, each member's notes before his row's own) and the runs of the part's other
    rows that only move (first and last index in the old part, by how many places)."""

    buckets: list[tuple[int, list[str]]] = field(default_factory=list)
    notes: dict[str, list[StandingItem]] = field(default_factory=dict)
    runs: list[tuple[int, int, int]] = field(default_factory=list)


def merge_part(
    members: Sequence[str],
    level: int,
    chain: Sequence[Tiebreak],
    rows: Mapping[str, StandingRow],
    new_values: Mapping[str, Mapping[str, Value]],
    moved: Collection[str],
) -> Merged | None:
    """The part ``members`` (old order) split at ``level`` with the values of ``moved``
    players now ``new_values``, merged; None when it must be ranked again whole."""
    if level != len(chain) - 1 or len(members) <= SHOWN:
        return None
    metric = chain[level]
    if isinstance(getattr(metric, "metric", metric), HeadToHead):
        return None
    key = metric.key
    step = path(rows[members[0]])
    if len(step) <= level or step[level][:2] != ("decides", key):
        return None  # the part was not split by this tiebreak: every note changes
    value: dict[str, Value] = {}
    for p in members:
        value[p] = new_values[p][key] if p in moved else path(rows[p])[level][2]
    if len(set(value.values())) < 2:
        return None  # now all tied: every note changes
    sign = -1 if metric.higher_is_better else 1
    new_order = sorted(members, key=lambda p: (sign * value[p], id_order(p)))
    touched_values = {value[p] for p in moved if p in value}
    touched_values |= {path(rows[p])[level][2] for p in moved if p in value}
    return _plan(members, new_order, value, touched_values, level, key, rows)


def _plan(
    members: Sequence[str],
    new_order: list[str],
    value: Mapping[str, Value],
    touched_values: set[Value],
    level: int,
    key: str,
    rows: Mapping[str, StandingRow],
) -> Merged:
    old_index = {p: i for i, p in enumerate(members)}
    merged = Merged()
    start = None
    for i, p in enumerate(new_order):
        if value[p] in touched_values:
            if start is None or value[new_order[i - 1]] != value[p]:
                start = i
                merged.buckets.append((i, []))
            merged.buckets[-1][1].append(p)
            note: StandingItem = {"code": "decides", "tiebreak": key, "value": value[p],
                                  "group": len(members), "shown": []}  # fmt: skip
            merged.notes[p] = [*ranking_notes(rows[p], level), note]
            continue
        old, by = old_index[p], i - old_index[p]
        last = merged.runs[-1] if merged.runs else None
        if last is not None and last[1] == old - 1 and last[2] == by:
            merged.runs[-1] = (last[0], old, by)
        else:
            merged.runs.append((old, old, by))
    return merged
