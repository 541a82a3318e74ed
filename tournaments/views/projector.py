"""The projector: full-screen pairings (by name), the round clock and the standings, without
the site's header. Each page reloads itself (static/js/projector.js), so a new round appears
on the wall without anyone touching the laptop."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Page
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.permissions import capabilities_of
from tournaments.services import clock as round_clock
from tournaments.services import pairing_sheets as sheets
from tournaments.views.common import (
    back_to,
    current_round,
    event_or_404,
    run_service,
    same_page,
    to_int,
)
from tournaments.views.heat_filter import heat_choice

REFRESH_SECONDS = 30
# The wall shows a page of names at a time and moves on to the next after a full scroll
# (static/js/projector.js), back to the first after the last.
PROJECTOR_ROWS = 200


def _next_page(page: Page, heat: int | None = None) -> str:
    # A wall showing one heat stays on that heat as it moves through the pages.
    number = page.next_page_number() if page.has_next() else 1
    return f"?page={number}" + (f"&heat={heat}" if heat else "")


def projector_pairings(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    rnd = current_round(event)
    heats = heat_choice(request, rnd)
    seats = sheets.seats_by_name(rnd, heats["heat"]) if rnd is not None else []
    (seats,), page = same_page(request.GET.get("page"), (seats, PROJECTOR_ROWS))
    rows = sheets.name_rows(rnd, seats, bool(heats["heat_count"])) if rnd is not None else []
    return render(
        request,
        "tournaments/projector_pairings.html",
        {"event": event, "round": rnd, "rows": rows, "refresh": REFRESH_SECONDS,
         "page": page, "next_url": _next_page(page, heats["heat"]), **heats},
    )  # fmt: skip


def projector_clock(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    rnd = current_round(event)
    return render(
        request,
        "tournaments/projector_clock.html",
        {
            "event": event,
            "round": rnd,
            "clock": round_clock.clock_state(rnd) if rnd else None,
            "may": capabilities_of(request.user, event),
            "refresh": REFRESH_SECONDS,
        },
    )


def projector_standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    # The same "after N rounds" rows as the standings page (and the provisional split).
    view = services.standings_view(event, stored=True)
    (rows, provisional), page = same_page(
        request.GET.get("page"), (view.rows, PROJECTOR_ROWS), (view.provisional, PROJECTOR_ROWS)
    )
    return render(
        request,
        "tournaments/projector_standings.html",
        {"event": event, "view": view, "rows": rows, "provisional": provisional,
         "refresh": REFRESH_SECONDS * 2, "page": page, "next_url": _next_page(page),
         "placed_by": services.places_decided_by(event)},
    )  # fmt: skip


@require_POST
@login_required
def clock_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    """Pause, resume or add time to the current round's clock (the director only)."""
    event = event_or_404(request, slug)
    rnd = current_round(event)
    if rnd is None:
        raise Http404(_("No round to time."))
    user = request.user
    if action == "pause":
        run_service(request, lambda: round_clock.pause_clock(user, rnd), _("Clock paused."))
    elif action == "resume":
        run_service(request, lambda: round_clock.resume_clock(user, rnd), _("Clock running."))
    elif action == "add":
        minutes = to_int(request.POST.get("minutes")) or 0
        run_service(
            request,
            lambda: round_clock.add_time(user, rnd, minutes),
            _("%(n)s minutes added.") % {"n": minutes},
        )
    else:
        raise Http404(_("Unknown action."))
    return redirect(back_to(request, reverse("projector-clock", args=[event.slug])))
