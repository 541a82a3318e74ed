"""Paper: pairings by player and by table with points, standings, and result slips with QR."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments import services
from tournaments.models import Round
from tournaments.services import pairing_sheets as sheets
from tournaments.views.common import event_or_404, game_info, same_page
from tournaments.views.heat_filter import heat_choice, label_heats

# A printed sheet per request, not the whole field: 100 tables (200 players) at a time.
PRINT_TABLES = 100
PRINT_ROWS = 200


def print_pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = event_or_404(request, slug)
    rnd = get_object_or_404(Round, event=event, number=number)
    heats = heat_choice(request, rnd)
    heat, in_heats = heats["heat"], bool(heats["heat_count"])
    (seats, tables), page = same_page(
        request.GET.get("page"),
        (sheets.seats_by_name(rnd, heat), PRINT_ROWS),
        (sheets.tables_in_order(rnd, heat=heat), PRINT_TABLES),
    )
    label_heats(tables, heats["heat_count"])
    return render(
        request,
        "tournaments/print_pairings.html",
        {"event": event, "round": rnd, "tables": tables,
         "by_name": sheets.name_rows(rnd, seats, in_heats),
         "points": sheets.table_points(rnd, tables), "page": page,
         "decks": services.decks_shown(event, tables), **heats},
    )  # fmt: skip


def print_slips(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = event_or_404(request, slug)
    rnd = get_object_or_404(Round, event=event, number=number)
    (tables,), page = same_page(
        request.GET.get("page"), (sheets.tables_in_order(rnd, byes=False), PRINT_TABLES)
    )
    label_heats(tables, heat_choice(request, rnd)["heat_count"])
    return render(
        request,
        "tournaments/print_slips.html",
        {
            "event": event,
            "round": rnd,
            "tables": tables,
            "page": page,
            "game_info": game_info(event),
            "points": sheets.table_points(rnd, tables),
            "decks": services.decks_shown(event, tables),
        },
    )


def print_standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    view = services.standings_view(event, stored=True)
    (rows, provisional), page = same_page(
        request.GET.get("page"), (view.rows, PRINT_ROWS), (view.provisional, PRINT_ROWS)
    )
    return render(
        request,
        "tournaments/print_standings.html",
        {
            "event": event,
            "view": view,
            "rows": rows,
            "provisional": provisional,
            "page": page,
            "tiebreaks": services.tiebreak_labels(event),
            "placed_by": services.places_decided_by(event),
        },
    )
