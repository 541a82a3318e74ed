"""A round's pairings a page at a time, read from the database, searchable by name."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Prefetch, QuerySet

from tournaments.models import (
    ResultChange,
    Round,
    Seat,
    Table,
)
from tournaments.services.paging import PER_PAGE, clamp
from tournaments.services.round_heats import tables_in_heat


def round_tables_query(
    rnd: Round, q: str = "", heat: int | None = None, history: bool = False
) -> QuerySet[Table]:
    """A round's tables in table order with their seats and players (three queries);
    only those of ``heat`` when given (a round in heats); with ``history``, each table's
    result changes and who made them (one query more, not one per table)."""
    tables = tables_in_heat(rnd.tables.order_by("number"), heat)
    if q:
        tables = tables.filter(seats__registration__player__display_name__icontains=q).distinct()
    seats = Seat.objects.select_related("registration__player").order_by("position")
    # A match's games (RULES.md §8): the seat lines say "games won" at such a table.
    tables = tables.prefetch_related(Prefetch("seats", queryset=seats), "games")
    if history:
        changes = ResultChange.objects.select_related("by").order_by("at", "pk")
        tables = tables.prefetch_related(Prefetch("changes", queryset=changes))
    return tables


def pairings_page(
    rnd: Round, page: Any = 1, per_page: Any = PER_PAGE, q: str = "", heat: int | None = None
) -> Page:
    """One page of a round's tables in table order, optionally only those where a player
    whose name contains ``q`` sits, or those of one ``heat``; three queries whatever the
    size of the round."""
    number, size = clamp(page, per_page)
    return Paginator(round_tables_query(rnd, (q or "").strip(), heat), size).get_page(number)
