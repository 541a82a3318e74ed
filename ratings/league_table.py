"""The cached league table read a page at a time, in any order and filtered by name.

``ratings.standings.league_rows`` caches a league as one list; for 100,000 players every
page view would load (unpickle) all of it. Here the same ranked rows are also kept in
chunks of CHUNK rows, each its own cache entry under the same ledger-version key, so a
page loads only the chunks it shows: the cost of a page no longer grows with the
league's rows. Beside the chunks the cache holds the players' names (casefolded, in
rank order) for the name filter, and one compact array of rank positions per sort
order, computed the first time someone sorts that way (or when the table is warmed).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from datetime import date
from typing import Any

from django.core.cache import cache

CHUNK = 1000
CACHE_SECONDS = 600


def _base(game: str, starts_on: date | None, ends_on: date | None) -> str:
    from ratings.services import ledger_version

    return f"ratings:league-chunks:{game}:{starts_on}:{ends_on}:{ledger_version(game)}"


def store_chunks(base: str, rows: list[list[Any]]) -> int:
    """Cache the ranked rows in chunks, with the names for the filter; returns the row
    count (cached with them)."""
    from ratings.standings import NAME

    chunks: dict[str, Any] = {
        f"{base}:{i // CHUNK}": rows[i : i + CHUNK] for i in range(0, len(rows), CHUNK)
    }
    chunks[f"{base}:names"] = [r[NAME].casefold() for r in rows]
    chunks[f"{base}:count"] = len(rows)
    cache.set_many(chunks, CACHE_SECONDS)
    return len(rows)


def sort_order(rows: list[list[Any]], key: str, descending: bool) -> array:
    """Rank positions of ``rows`` in ``key`` order. Ties keep the rank order whichever way
    the column is sorted (a stable sort); names sort without case, then by rank."""
    from ratings.standings import FIELD_INDEX, NAME, RANK

    if key == "name":
        column: list[Any] = [(r[NAME].casefold(), r[RANK]) for r in rows]
    else:
        index = FIELD_INDEX[key]
        column = [r[index] for r in rows]
    return array("I", sorted(range(len(rows)), key=column.__getitem__, reverse=descending))


def _order_key(base: str, key: str, descending: bool) -> str:
    return f"{base}:order:{'-' if descending else ''}{key}"


class _CachedTable:
    """One league table as the cache holds it; the whole table is loaded (or computed)
    only when a piece it needs is missing."""

    def __init__(self, game: str, starts_on: date | None, ends_on: date | None) -> None:
        self.args = (game, starts_on, ends_on)
        self.base = _base(game, starts_on, ends_on)
        self._rows: list[list[Any]] | None = None

    def rows(self) -> list[list[Any]]:
        if self._rows is None:
            from ratings.standings import league_rows

            self._rows = league_rows(*self.args)
            store_chunks(self.base, self._rows)
        return self._rows

    def count(self) -> int:
        count = cache.get(f"{self.base}:count")
        return len(self.rows()) if count is None else count

    def names(self) -> list[str]:
        names = cache.get(f"{self.base}:names")
        if names is None:
            from ratings.standings import NAME

            names = [r[NAME].casefold() for r in self.rows()]
        return names

    def order(self, key: str, descending: bool) -> Sequence[int]:
        if key == "rank" and not descending:
            return range(self.count())
        cache_key = _order_key(self.base, key, descending)
        order = cache.get(cache_key)
        if order is None:
            order = sort_order(self.rows(), key, descending)
            cache.set(cache_key, order, CACHE_SECONDS)
        return order

    def at(self, positions: Sequence[int]) -> list[list[Any]]:
        """The rows at these rank positions (0-based), reading only their chunks."""
        if self._rows is None:
            keys = {f"{self.base}:{p // CHUNK}" for p in positions}
            found = cache.get_many(list(keys))
            if len(found) == len(keys):
                return [found[f"{self.base}:{p // CHUNK}"][p % CHUNK] for p in positions]
        rows = self.rows()
        return [rows[p] for p in positions]


def page(
    game: str,
    starts_on: date | None,
    ends_on: date | None,
    *,
    key: str = "rank",
    descending: bool = False,
    q: str = "",
    start: int = 0,
    stop: int = 100,
) -> tuple[list[list[Any]], int, int]:
    """Rows ``start``..``stop`` (0-based, stop excluded) of the league sorted by ``key``
    and filtered to names containing ``q``; the number of rows that match, and the
    number of players in the league. A warm page reads the count, the sort order (and
    the names when filtering) and the chunks of the rows it shows."""
    table = _CachedTable(game, starts_on, ends_on)
    total = table.count()
    order: Sequence[int] = table.order(key, descending)
    if q:
        needle = q.casefold()
        names = table.names()
        order = [p for p in order if needle in names[p]]
    return table.at(order[start:stop]), len(order), total


def ranked_slice(
    game: str, starts_on: date | None, ends_on: date | None, start: int, stop: int
) -> tuple[list[list[Any]], int]:
    """Rows ``start``..``stop`` of the league in rank order, and the number of players."""
    rows, count, _total = page(game, starts_on, ends_on, start=start, stop=stop)
    return rows, count


def warm(game: str, starts_on: date | None, ends_on: date | None, rows: list[list[Any]]) -> None:
    """Called where the whole table was just computed (the warm-up task), so the first
    page view in any order is cheap."""
    from ratings.standings import SORT_FIELDS

    base = _base(game, starts_on, ends_on)
    store_chunks(base, rows)
    cache.set_many(
        {
            _order_key(base, key, descending): sort_order(rows, key, descending)
            for key in SORT_FIELDS
            for descending in (False, True)
            if key != "rank" or descending
        },
        CACHE_SECONDS,
    )
