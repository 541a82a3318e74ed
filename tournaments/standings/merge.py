"""A part of a score group whose last tiebreak moved for a few players, merged instead of
ranked again.

When the tiebreak a part was split by is the last of the chain and is a number of the
player's own (not head-to-head: it does not depend on who else is in the part), the part
is its buckets of equal values, best value first, each listed by id (``resolve``). Only
the moved players leave their bucket and enter another: every other bucket keeps its
members, so its rows keep their notes and only move, all by the same number of places.
Only the buckets a moved player left or entered are written again, and only their rows
need to be read (slices.py): the others are known by their places and values.

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
from .tied import ranking_notes

Value = float | int


@dataclass
class Merged:
    """The buckets to write again (index of their first place in the part, members in
    order), each of their members' notes before his row's own, and the runs of the
    part's other rows that only move (first and last index in the old part, by how
    many places)."""

    buckets: list[tuple[int, list[str]]] = field(default_factory=list)
    notes: dict[str, list[StandingItem]] = field(default_factory=dict)
    runs: list[tuple[int, int, int]] = field(default_factory=list)


def merge_values(
    members: Sequence[str],
    value: Mapping[str, Value],
    before: Mapping[str, Value],
    higher_is_better: bool,
) -> tuple[list[str], set[Value]] | None:
    """The part ``members`` (old order, ``value``: each one's value now) in its new order,
    and the values whose buckets change (``before``: the moved players' old values);
    None when the part must be ranked again whole."""
    if len(members) <= SHOWN or len(set(value.values())) < 2:
        return None
    sign = -1 if higher_is_better else 1
    new_order = sorted(members, key=lambda p: (sign * value[p], id_order(p)))
    return new_order, {value[p] for p in before} | set(before.values())


def merge_part(
    members: Sequence[str],
    new_order: Sequence[str],
    value: Mapping[str, Value],
    changing: Collection[Value],
    level: int,
    key: str,
    rows: Mapping[str, StandingRow],
) -> Merged:
    """The buckets of ``changing`` values written again (their members' rows are in
    ``rows``), every other row of the part moved."""
    old_index = {p: i for i, p in enumerate(members)}
    merged = Merged()
    for i, p in enumerate(new_order):
        if value[p] in changing:
            if not merged.buckets or value[new_order[i - 1]] != value[p] or i == 0:
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
