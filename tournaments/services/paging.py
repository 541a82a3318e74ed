"""The size of a page people or programs read, and a requested page clamped to it."""

from __future__ import annotations

from typing import Any

PER_PAGE = 50


MAX_PER_PAGE = 200  # a page people read


API_PER_PAGE = 100


API_MAX_PER_PAGE = 1000  # a page programs read


def clamp(page: Any, per_page: Any, limit: int = MAX_PER_PAGE) -> tuple[int, int]:
    """Bad paging input is read as the nearest sensible value, never an error page."""
    try:
        number = max(1, int(page))
    except (TypeError, ValueError):
        number = 1
    try:
        size = min(limit, max(1, int(per_page)))
    except (TypeError, ValueError):
        size = min(limit, PER_PAGE)
    return number, size
