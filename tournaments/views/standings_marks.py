"""What the standings page adds to its rows for the reader: the tiebreak values that
decided a place (tournaments.standings.shown), the reader's own row, and the page it is on."""

from __future__ import annotations

from typing import Any

from tournaments.standings.shown import tiebreaks_used


def registration_id(row: Any) -> int | None:
    reg = getattr(row, "registration", None)
    return getattr(reg, "pk", None) if reg is not None else getattr(row, "registration_id", None)


def mark_rows(rows: Any, mine: int | None) -> list[Any]:
    """The page's rows, each with ``tiebreaks_shown`` and ``is_mine``."""
    listed = list(rows)
    used = tiebreaks_used([(r.points, list((r.tiebreaks or {}).values())) for r in listed])
    for row, n in zip(listed, used, strict=True):
        row.tiebreaks_shown = list((row.tiebreaks or {}).items())[:n]
        row.is_mine = mine is not None and registration_id(row) == mine
    return listed


def page_of(rows: Any, mine: int | None, per_page: int) -> int | None:
    """The page of the standings that lists the reader (None when not listed)."""
    if mine is None:
        return None
    if hasattr(rows, "values_list"):
        ids = list(rows.values_list("registration_id", flat=True))
    else:
        ids = [registration_id(r) for r in rows]
    if mine not in ids:
        return None
    return ids.index(mine) // per_page + 1
