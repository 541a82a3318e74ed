"""Which players of a score group are still tied with a player after the first tiebreaks
of the chain, read from the notes of the group's stored rows (no games needed).

``resolve`` splits a tied group by one tiebreak at a time and notes, for every player,
the value that split it ("decides", "still_tied") or that the tiebreak did not apply
("not_used"), one note a level while his part has more than one player. Two players are
in the same part after ``level`` tiebreaks exactly when their first ``level`` such notes
agree (every part is one value of the tiebreak in its parent part), and each part holds
consecutive places. So when only later tiebreak values of a player moved, only his part
at that level is ranked again (slices.py finds it): the rest of the group keeps its rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import ROW_NOTES, StandingRow
from .items import StandingItem

_LEVEL = frozenset({"not_used", "still_tied", "decides"})
Step = tuple[Any, Any, Any]


def path(row: StandingRow) -> list[Step]:
    """The player's way down the chain: one (code, tiebreak, value) a level."""
    return [
        (item["code"], item.get("tiebreak"), item.get("value"))
        for item in row.explanation_items
        if item["code"] in _LEVEL
    ]


def ranking_notes(row: StandingRow, level: int) -> list[StandingItem]:
    """The notes the ranking gave the row before its part at ``level`` was split (the
    group's own note, then one a level), for ranking that part again."""
    kept: list[StandingItem] = []
    steps = 0
    for item in row.explanation_items:
        if item["code"] in ROW_NOTES:
            continue
        if item["code"] in _LEVEL:
            if steps == level:
                break
            steps += 1
        kept.append(item)
    return kept


def first_moved(old: Mapping[str, Any], new: Mapping[str, Any], keys: Sequence[str]) -> int:
    """The first level of the chain whose value moved (len(keys) when none did)."""
    return next((i for i, k in enumerate(keys) if old.get(k) != new.get(k)), len(keys))


def runs(members: Sequence[str], taken: set[int]) -> list[tuple[int, int]]:
    """The runs (first, last index) of ``members`` outside ``taken``: rows that only move."""
    out: list[tuple[int, int]] = []
    for i in range(len(members)):
        if i in taken:
            continue
        if out and out[-1][1] == i - 1:
            out[-1] = (out[-1][0], i)
        else:
            out.append((i, i))
    return out
