"""A page of a round's pairings for paper and the wall, read a page at a time from the
database: the players of the page by name with their table, opponents and points before
the round, and the round's tables. The work of a request is one page's, whatever the size
of the event (a 100,000-player round sorted in Python on every view took 15 s)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet, Sum
from django.db.models.functions import Lower

from tournaments.models import Event, Round, Seat, Table
from tournaments.services.pairings import round_tables_query
from tournaments.services.round_heats import seats_in_heat


def points_before(rnd: Round, registration_ids: Iterable[int] | None = None) -> dict[int, int]:
    """Each registration's points from the confirmed results of the rounds before ``rnd``:
    what he had when it was paired. Pairings on the page, the wall and paper show these, not
    the running total, or a player who already won this round looks up-paired. Only the
    ``registration_ids`` given, when given."""
    return _confirmed_points(rnd.event_id, registration_ids, round__number__lt=rnd.number)


def points_now(event: Event, registration_ids: Iterable[int]) -> dict[int, int]:
    """The points from every confirmed result of these registrations (the dashboard's
    column for one page of players, as services.player_records counts them)."""
    return _confirmed_points(event.pk, registration_ids)


def _confirmed_points(
    event_id: int, registration_ids: Iterable[int] | None, **seat_filter: Any
) -> dict[int, int]:
    seats = Seat.objects.filter(
        event_id=event_id,
        table__status=Table.Status.CONFIRMED,
        points__isnull=False,
        **seat_filter,
    )
    if registration_ids is not None:
        seats = seats.filter(registration_id__in=list(registration_ids))
    return dict(
        seats.values("registration_id")
        .annotate(total=Sum("points"))
        .values_list("registration_id", "total")
    )


def seats_by_name(rnd: Round, heat: int | None = None) -> QuerySet[Seat]:
    """The round's seats (of one ``heat`` when given) in the order of the players' names
    (a paginator reads a page)."""
    seats = seats_in_heat(Seat.objects.filter(round=rnd), heat)
    return seats.select_related("registration__player", "table").order_by(
        Lower("registration__player__display_name"), "pk"
    )


def tables_in_order(rnd: Round, *, byes: bool = True, heat: int | None = None) -> QuerySet[Table]:
    """The round's tables (of one ``heat`` when given) in table order, each with its seats
    and players."""
    tables = round_tables_query(rnd, heat=heat)
    return tables if byes else tables.filter(is_bye=False)


def name_rows(rnd: Round, seats: list[Seat], in_heats: bool = False) -> list[dict[str, Any]]:
    """Rows of a page of ``seats_by_name``: name, table, opponents, points before, and the
    player's heat in a round played in heats (``in_heats``; else None)."""
    others: dict[int, list[Seat]] = defaultdict(list)
    table_seats = (
        Seat.objects.filter(table_id__in={s.table_id for s in seats})
        .select_related("registration__player")
        .order_by("position")
    )
    for seat in table_seats:
        others[seat.table_id].append(seat)
    points = points_before(rnd, [s.registration_id for s in seats])
    return [
        {
            "name": s.registration.player.display_name,
            "table": s.table,
            "opponents": [
                o.registration.player.display_name for o in others[s.table_id] if o.pk != s.pk
            ],
            "points": points.get(s.registration_id, 0),
            "heat": s.registration.stage_group if in_heats else None,
        }
        for s in seats
    ]


def table_points(rnd: Round, tables: list[Table]) -> dict[int, int]:
    """Points before the round of every player seated at ``tables``."""
    return points_before(rnd, [s.registration_id for t in tables for s in t.seats.all()])
