"""A round's pairings a page at a time, read from the database, searchable by name."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Prefetch, QuerySet

from tournaments.models import (
    Round,
    Seat,
    Table,
)
from tournaments.services.paging import PER_PAGE, clamp


def round_tables_query(rnd: Round, q: str = "") -> QuerySet[Table]:
    """A round's tables in table order with their seats and players (three queries)."""
    tables = rnd.tables.order_by("number")
    if q:
        tables = tables.filter(seats__registration__player__display_name__icontains=q).distinct()
    seats = Seat.objects.select_related("registration__player").order_by("position")
    # A match's games (RULES.md §8): the seat lines say "games won" at such a table.
    return tables.prefetch_related(Prefetch("seats", queryset=seats), "games")


def pairings_page(rnd: Round, page: Any = 1, per_page: Any = PER_PAGE, q: str = "") -> Page:
    """One page of a round's tables in table order, optionally only those where a player
    whose name contains ``q`` sits; three queries whatever the size of the round."""
    number, size = clamp(page, per_page)
    return Paginator(round_tables_query(rnd, (q or "").strip()), size).get_page(number)
