"""Set a table by hand from the round's page: the director picks the players of one table
(two players, or a pod), sees what it costs, then commits."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments.models import Event, Round, Seat
from tournaments.services.hands_on import Cost
from tournaments.services.table_set import set_table, table_set_cost
from tournaments.views.choices import narrowed
from tournaments.views.common import ids, staff_event

# A pod seats at most five players; a two-player table two.
POD_CHOICES = 5


def cost_context(event: Event, cost: Cost) -> dict[str, Any]:
    """The cost of a hand-made change with players by name (the swap and set-table pages)."""
    names = dict(event.registrations.values_list("pk", "player__display_name"))
    return {
        "cost": cost,
        "rematches": [(names[x], names[y]) for x, y in cost.rematches],
        "avoided": [(names[x], names[y]) for x, y in cost.avoided],
        "fixed_moved": [(names[reg], table) for reg, table in cost.fixed_moved],
    }


def _tables(rnd: Round) -> list[tuple[int, list[tuple[int, str]]]]:
    """(table number, [(registration, name), ...]) for the round's tables with players."""
    out: dict[int, list[tuple[int, str]]] = {}
    seats = Seat.objects.filter(round=rnd, is_bye=False).order_by("table__number", "position")
    for number, reg, name in seats.values_list(
        "table__number", "registration_id", "registration__player__display_name"
    ):
        out.setdefault(number, []).append((reg, name))
    return sorted(out.items())


@login_required
def table_set(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = staff_event(request, slug)
    rnd = get_object_or_404(Round, event=event, number=number)
    all_tables = _tables(rnd)
    everyone = sorted((p for _n, seated in all_tables for p in seated), key=lambda p: p[1])
    query = request.GET.get("q", "")
    context: dict[str, Any] = {"event": event, "round": rnd, "q": query}
    chosen: list[int] = []
    table = None
    if request.method == "POST":
        try:
            table = ids([request.POST.get("table", "")])[0]
            chosen = ids([v for v in request.POST.getlist("player") if v])
            if request.POST.get("confirm"):
                set_table(request.user, rnd, table, chosen)
                messages.success(request, _("Table %(t)d set.") % {"t": table})
                return redirect("event-hub", slug=event.slug)
            cost = table_set_cost(event, rnd, table, chosen)
            context.update(cost_context(event, cost), table=table, chosen=chosen)
        except ServiceError as exc:
            messages.error(request, exc.message)
    # A table is found by its players' names; the one chosen stays listed.
    labelled = [(number, " ".join(name for _r, name in seated)) for number, seated in all_tables]
    shown, narrow = narrowed(labelled, query, keep=[table])
    numbers = {number for number, _label in shown}
    context["tables"] = [t for t in all_tables if t[0] in numbers]
    context["players"], narrow_players = narrowed(everyone, query, keep=chosen)
    context["narrowed"] = narrow or narrow_players
    count = POD_CHOICES if event.multiplayer else 2
    context["slots"] = [(i + 1, chosen[i] if i < len(chosen) else None) for i in range(count)]
    return render(request, "tournaments/table_set.html", context)
