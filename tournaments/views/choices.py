"""A select of players stays a page at any size: up to CHOICES_SHOWN choices are all
listed; beyond, only those whose label contains the staff's search, plus the ones
already chosen (a swap of two players out of 100,000 was a 14 MB page)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

CHOICES_SHOWN = 300


def narrowed(
    choices: Sequence[tuple[Any, Any]], query: str, keep: Iterable[Any] = ()
) -> tuple[list[tuple[Any, Any]], bool]:
    """The choices to list, and whether they are narrowed (the page then asks for a
    search). ``choices`` are (value, label); a label may be any text-like value."""
    if len(choices) <= CHOICES_SHOWN:
        return list(choices), False
    folded = (query or "").strip().casefold()
    kept = set(keep)
    shown = [c for c in choices if c[0] in kept or (folded and folded in str(c[1]).casefold())]
    return shown[:CHOICES_SHOWN], True
