"""Paper: pairings by player and by table with points, standings, and result slips with QR."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments import presenters, services
from tournaments.models import Round
from tournaments.views.common import event_or_404, game_info


def print_pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = event_or_404(request, slug)
    rnd = get_object_or_404(Round, event=event, number=number)
    tables = services.round_tables(rnd)
    points = presenters.points_by_registration(event)
    by_name = sorted(
        (
            {
                "name": s.registration.player.display_name,
                "points": points.get(s.registration_id, 0),
                "table": t,
                "opponents": presenters.opponents(t, s),
            }
            for t in tables
            for s in t.seats.all()
        ),
        key=lambda row: row["name"].lower(),
    )
    return render(
        request,
        "tournaments/print_pairings.html",
        {"event": event, "round": rnd, "tables": tables, "by_name": by_name, "points": points},
    )


def print_slips(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = event_or_404(request, slug)
    rnd = get_object_or_404(Round, event=event, number=number)
    tables = [t for t in services.round_tables(rnd) if not t.is_bye]
    return render(
        request,
        "tournaments/print_slips.html",
        {"event": event, "round": rnd, "tables": tables, "game_info": game_info(event)},
    )


def print_standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    rows = services.final_rows(event) if event.rounds.exists() else []
    return render(
        request,
        "tournaments/print_standings.html",
        {"event": event, "rows": rows, "tiebreaks": services.tiebreak_labels(event)},
    )
