"""Hands-on pages around a round: swap two players, re-pair or delete a round that has
results (after a page naming what is lost), and the event's pairing constraints."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments import services
from tournaments.models import (
    Event,
    EventSettings,
    Round,
    Seat,
)
from tournaments.views.choices import narrowed
from tournaments.views.common import ids, run_service, staff_event
from tournaments.views.table_set import cost_context


def opt_int(value: Any) -> int | None:
    value = (value or "").strip() if isinstance(value, str) else value
    if value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ServiceError(_("Scores are whole numbers."))


def _round_of(event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number)


def _seat_choices(rnd: Round) -> list[tuple[int, str]]:
    label = _("%(name)s (table %(t)d)")  # looked up once, not once per seat
    seats = Seat.objects.filter(round=rnd).order_by("table__number", "position")
    return [
        (reg, label % {"name": name, "t": table})
        for reg, name, table in seats.values_list(
            "registration_id", "registration__player__display_name", "table__number"
        )
    ]


@login_required
def swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = staff_event(request, slug)
    rnd = _round_of(event, number)
    query = request.GET.get("q", "")
    choices, narrow = narrowed(_seat_choices(rnd), query)
    context: dict[str, Any] = {
        "event": event, "round": rnd, "choices": choices, "narrowed": narrow, "q": query,
    }  # fmt: skip
    if request.method == "POST":
        try:
            a, b = ids([request.POST.get("a", ""), request.POST.get("b", "")])
            context["choices"], _n = narrowed(_seat_choices(rnd), query, keep=(a, b))
            if request.POST.get("confirm"):
                services.swap_players(request.user, rnd, a, b)
                messages.success(request, _("Players swapped."))
                return redirect("event-hub", slug=event.slug)
            cost = services.swap_cost(event, rnd, a, b)
            context.update(cost_context(event, cost), a=a, b=b)
        except ServiceError as exc:
            messages.error(request, exc.message)
    return render(request, "tournaments/swap.html", context)


@login_required
@require_POST
def round_unlock(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Unlock a round two or more rounds back so its results can be corrected."""
    event = staff_event(request, slug)
    rnd = _round_of(event, number)
    run_service(
        request,
        lambda: services.unlock_round_edits(request.user, rnd, request.POST.get("note", "")),
        _("Round %(n)d unlocked: its results can be corrected.") % {"n": rnd.number},
    )
    return redirect(f"{reverse('event-dashboard', args=[event.slug])}?round={rnd.number}#round")


@login_required
def round_drop(request: HttpRequest, slug: str, number: int, how: str) -> HttpResponse:
    """Re-pair (``how`` = repair) or delete a round with results, after naming what goes."""
    event = staff_event(request, slug)
    rnd = _round_of(event, number)
    if how not in ("repair", "delete"):
        return redirect("event-hub", slug=event.slug)
    if request.method == "POST":
        tables = ids(request.POST.getlist("table"))
        call = services.repair_round_with_results if how == "repair" else services.delete_round
        done = run_service(request, lambda: call(request.user, rnd, tables), _("Done."))
        if done is not None:
            return redirect("event-hub", slug=event.slug)
    lost = services.round_loss_preview(rnd)
    title = _("Pair round %(n)d again") if how == "repair" else _("Delete round %(n)d")
    return render(
        request,
        "tournaments/confirm_action.html",
        {
            "event": event,
            "title": title % {"n": rnd.number},
            "question": _("These results will be lost; standings and ratings follow:")
            if lost
            else _("No table of this round has a result yet."),
            "names": [
                _("table %(t)d: %(players)s") % {"t": r.table, "players": " – ".join(r.players)}
                for r in lost
            ],
            "hidden": [("table", r.table) for r in lost],
            "button": title % {"n": rnd.number},
            "danger": True,
        },
    )


def _pairs_from_post(request: HttpRequest, settings: EventSettings) -> tuple[list, dict]:
    pairs = [
        p
        for i, p in enumerate(settings.avoid_pairs)
        if str(i) not in request.POST.getlist("drop_pair")
    ]
    fixed = {
        k: v
        for k, v in settings.fixed_tables.items()
        if k not in request.POST.getlist("drop_fixed")
    }
    if request.POST.get("pair_a") and request.POST.get("pair_b"):
        pairs.append([request.POST["pair_a"], request.POST["pair_b"]])
    if request.POST.get("fixed_player") and request.POST.get("fixed_table"):
        fixed[request.POST["fixed_player"]] = request.POST["fixed_table"]
    return pairs, fixed


@login_required
def constraints(request: HttpRequest, slug: str) -> HttpResponse:
    event = staff_event(request, slug)
    settings = services.event_settings(event)
    if request.method == "POST":
        pairs, fixed = _pairs_from_post(request, settings)
        run_service(
            request,
            lambda: services.set_pairing_constraints(request.user, event, pairs, fixed),
            _("Pairing settings saved."),
        )
        return redirect("pairing-constraints", slug=event.slug)
    names = dict(event.registrations.values_list("pk", "player__display_name"))
    everyone = sorted(names.items(), key=lambda kv: kv[1])
    choices, narrow = narrowed(everyone, request.GET.get("q", ""))
    return render(
        request,
        "tournaments/constraints.html",
        {
            "event": event,
            "pairs": [
                (i, names.get(a, "?"), names.get(b, "?"))
                for i, (a, b) in enumerate(settings.avoid_pairs)
            ],
            "fixed": [(k, names.get(int(k), "?"), v) for k, v in settings.fixed_tables.items()],
            "registrations": choices,
            "narrowed": narrow,
            "q": request.GET.get("q", ""),
        },
    )


# A pod has at most five players (000 Part VI "Multi-player tournaments": groups of 3-5).
