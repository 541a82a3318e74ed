"""The league table kept in the cache and read a page at a time, in any order and
filtered by name: the middle of the league's read side (rows from ``table``, pages in
``page``).

Every key holds the game's ledger version (``LedgerVersion.objects.current``), which
every ledger write bumps, so a table is never served after its ledger changed. A
league is cached whole (``league_rows``) and also in chunks of CHUNK rows, each its
own cache entry, so a page loads only the chunks it shows: for 100,000 players the
cost of a page no longer grows with the league's rows. Beside the chunks the cache
holds the players' names (casefolded, in rank order) for the name filter, and one
compact array of rank positions per sort order, computed the first time someone sorts
that way (or when the table is warmed).

The ledger writer announces a change (``ratings.signals.ledger_changed``); the
receiver here queues ``warm_league_cache`` after the commit, so the next visitor of a
big league finds the table already built.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import date
from typing import Any

from celery import shared_task
from django.core.cache import cache
from django.db import transaction

from ratings.league.table import SORT_FIELDS, build_rows, casefolded_names, sort_order
from ratings.models import LedgerVersion, Season

logger = logging.getLogger(__name__)

CHUNK = 1000
CACHE_SECONDS = 600


def league_rows(game: str, starts_on: date | None, ends_on: date | None) -> list[list[Any]]:
    """The ranked league as one list, from the cache while the ledger has not changed."""
    version = LedgerVersion.objects.current(game)
    key = f"ratings:league:{game}:{starts_on}:{ends_on}:{version}"
    rows = cache.get(key)
    if rows is None:
        rows = build_rows(game, starts_on, ends_on)
        cache.set(key, rows, CACHE_SECONDS)
    return rows


def _base(game: str, starts_on: date | None, ends_on: date | None) -> str:
    version = LedgerVersion.objects.current(game)
    return f"ratings:league-chunks:{game}:{starts_on}:{ends_on}:{version}"


def store_chunks(base: str, rows: list[list[Any]]) -> int:
    """Cache the ranked rows in chunks, with the names for the filter; returns the row
    count (cached with them)."""
    chunks: dict[str, Any] = {
        f"{base}:{i // CHUNK}": rows[i : i + CHUNK] for i in range(0, len(rows), CHUNK)
    }
    chunks[f"{base}:names"] = casefolded_names(rows)
    chunks[f"{base}:count"] = len(rows)
    cache.set_many(chunks, CACHE_SECONDS)
    return len(rows)


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
            self._rows = league_rows(*self.args)
            store_chunks(self.base, self._rows)
        return self._rows

    def count(self) -> int:
        count = cache.get(f"{self.base}:count")
        return len(self.rows()) if count is None else count

    def names(self) -> list[str]:
        names = cache.get(f"{self.base}:names")
        if names is None:
            names = casefolded_names(self.rows())
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


def read_page(
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
    rows, count, _total = read_page(game, starts_on, ends_on, start=start, stop=stop)
    return rows, count


def warm(game: str, starts_on: date | None, ends_on: date | None, rows: list[list[Any]]) -> None:
    """Called where the whole table was just computed (the warm-up task), so the first
    page view in any order is cheap."""
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


def warm_league_tables(game: str) -> int:
    """Fill the cache with every season of ``game`` and its all-time table."""
    ranges = [
        (None, None),
        *list(Season.objects.filter(game=game).values_list("starts_on", "ends_on")),
    ]
    for starts_on, ends_on in ranges:
        warm(game, starts_on, ends_on, league_rows(game, starts_on, ends_on))
    return len(ranges)


# The name is the one Celery gave the task when it lived in ratings/tasks.py: messages
# already queued (or kept in the outbox) under that name must still find it.
@shared_task(name="ratings.tasks.warm_league_cache", acks_late=True, ignore_result=True)
def warm_league_cache(game: str) -> int:
    """Compute the league tables of a game system after its ledger changed, so the
    next visitor of a big league gets the cached table. Best effort: a failure here
    only means the next page view computes the table itself."""
    try:
        return warm_league_tables(game)
    except Exception:  # a cache warm-up must never fail the write that triggered it
        logger.exception("warming the %s league tables failed", game)
        return 0


def on_ledger_changed(sender: Any, game: str, **kwargs: Any) -> None:
    """Receiver of ``ratings.signals.ledger_changed``: rebuild the tables once the
    new ledger rows are committed, since the worker cannot see them before."""
    transaction.on_commit(lambda: warm_league_cache.delay(game))
