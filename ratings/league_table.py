"""The cached league table read a page at a time.

``ratings.standings.league_rows`` caches a league as one list; for 100,000 players every
page view would load (unpickle) all of it. Here the same ranked rows are also kept in
chunks of CHUNK rows, each its own cache entry under the same ledger-version key, so a
page in rank order loads only the chunks it shows: the cost of a page no longer grows
with the league. Searching and other sort orders still need the whole table.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.cache import cache

CHUNK = 1000
CACHE_SECONDS = 600


def _base(game: str, starts_on: date | None, ends_on: date | None) -> str:
    from ratings.services import ledger_version

    return f"ratings:league-chunks:{game}:{starts_on}:{ends_on}:{ledger_version(game)}"


def store_chunks(base: str, rows: list[list[Any]]) -> int:
    """Cache the ranked rows in chunks; returns the row count (cached with them)."""
    chunks = {f"{base}:{i // CHUNK}": rows[i : i + CHUNK] for i in range(0, len(rows), CHUNK)}
    chunks[f"{base}:count"] = len(rows)
    cache.set_many(chunks, CACHE_SECONDS)
    return len(rows)


def ranked_slice(
    game: str, starts_on: date | None, ends_on: date | None, start: int, stop: int
) -> tuple[list[list[Any]], int]:
    """Rows ``start``..``stop`` (0-based, stop excluded) of the league in rank order, and
    the number of players in it: two cache reads when the chunks are there."""
    from ratings.standings import league_rows

    base = _base(game, starts_on, ends_on)
    count = cache.get(f"{base}:count")
    if count is not None:
        keys = [f"{base}:{i}" for i in range(start // CHUNK, max(start, stop - 1) // CHUNK + 1)]
        found = cache.get_many(keys)
        if len(found) == len(keys) or count == 0:
            rows = [row for key in keys for row in found.get(key, [])]
            offset = (start // CHUNK) * CHUNK
            return rows[start - offset : stop - offset], count
    rows = league_rows(game, starts_on, ends_on)
    count = store_chunks(base, rows)
    return rows[start:stop], count


def warm(game: str, starts_on: date | None, ends_on: date | None, rows: list[list[Any]]) -> None:
    """Called where the whole table was just computed, so the first page view is cheap."""
    store_chunks(_base(game, starts_on, ends_on), rows)
