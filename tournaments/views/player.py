"""The player's own pages: their event page, registering, dropping, and reporting a result."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import extensions, services
from tournaments.models import Seat, Table
from tournaments.permissions import is_director, own_registration, seat_registration
from tournaments.services import calendar
from tournaments.services.round_heats import round_heat_count
from tournaments.views import presenters
from tournaments.views.calendar import site_of
from tournaments.views.common import (
    back_to,
    current_round,
    event_or_404,
    game_info,
    result_from_post,
    run_result_form,
    run_service,
    show_refused_result,
    to_int,
    url_or_none,
)
from tournaments.views.decks_played import slots_from_post


def _opponents_of(seat: Seat) -> list[Seat]:
    return [s for s in seat.table.seats.all() if s.pk != seat.pk]


@login_required
def my_event(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    reg = own_registration(request.user, event)
    if reg is None:
        messages.info(request, _("You are not registered for this event."))
        return redirect(event.get_absolute_url())
    seats = list(
        Seat.objects.filter(registration=reg)
        .select_related("table", "round")
        .prefetch_related("table__seats__registration__player")
        .order_by("round__number")
    )
    decks = services.decks_shown(event, [s.table for s in seats])
    history: list[dict[str, Any]] = [
        {"seat": s, "opponents": _opponents_of(s), "deck": decks.get((s.table_id, reg.pk))}
        for s in seats
    ]
    rnd = current_round(event)
    current = next((h for h in history if rnd and h["seat"].round_id == rnd.pk), None)
    table = current["seat"].table if current else None
    show_refused_result(request, [table])
    context = {
        "event": event,
        "registration": reg,
        "history": history,
        "round": rnd,
        "current": current,
        "table": table,
        "table_now": presenters.table_now(request.user, event),
        "timer": services.round_timer(rnd) if rnd else None,
        "game_info": game_info(event),
        "reported_by_me": bool(table and table.reported_by_registration_id == reg.pk),
        "points": services.player_records(event)[reg.pk].score,
        "penalties": reg.penalties.all(),
        "decklist_submit": url_or_none("decklist-submit", event.slug),
        "my_deck": extensions.deck_status(event).get(reg.pk) if event.decklists_required else None,
        "calendar_links": calendar.subscribe_links(reg.player, site_of(request)),
        "decks": decks,
        "my_heat": presenters.player_heat(event, reg),
        # The table's heat is the player's (no table seats two heats).
        "round_in_heats": bool(rnd and round_heat_count(rnd)),
        **presenters.decks_to_record(event, table, decks),
    }
    return render(request, "tournaments/my_event.html", context)


@require_POST
@login_required
def register(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)

    def registered(r: Any) -> str:
        if r.joined_round > 1:
            return _("You are registered. Late entry: you join in round %(n)s at 0 points.") % {
                "n": r.joined_round
            }
        return _("You are registered.")

    reg = run_service(request, lambda: services.register_self(request.user, event), registered)
    return redirect("my-event", slug=event.slug) if reg else redirect(event.get_absolute_url())


@require_POST
@login_required
def self_drop(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    reg = own_registration(request.user, event)
    if reg is None:
        raise Http404(_("Not registered."))
    run_service(
        request,
        lambda: services.drop(request.user, reg, request.POST.get("note", "")),
        _("You have dropped: you will not be paired again. Your played results stand."),
    )
    return redirect("my-event", slug=event.slug)


def _reported_message(table: Table, version_before: int | None = None) -> str:
    if table.status == Table.Status.PENDING:  # a match's games so far (RULES.md §8)
        if version_before is not None and table.version == version_before:
            return _("No new game: the games played so far are unchanged.")
        return _(
            "Games played so far saved: the match is not decided yet. Your opponent sees them."
        )
    return {
        "reported": _("Result reported: waiting for your opponent to confirm."),
        "confirmed": _("Both reports agree: the result is confirmed."),
        "disputed": _("Your report differs from your opponent's: the director will decide."),
    }.get(table.status, _("Saved."))


def _set_message(table: Table) -> str:
    """What the staff's result form saved: the result, or a match's games so far."""
    if table.status == Table.Status.PENDING:
        return _(
            "Games of table %(n)s saved: the match is not decided yet, it stays in progress."
        ) % {"n": table.number}
    return _("Result of table %(n)s saved.") % {"n": table.number}


@require_POST
@login_required
def table_action(request: HttpRequest, slug: str, table_id: int, action: str) -> HttpResponse:
    """report / confirm / dispute by a player, set by the director."""
    event = event_or_404(request, slug)
    table = get_object_or_404(
        Table.objects.select_related("round"), pk=table_id, round__event=event
    )
    user = request.user
    if action == "report":
        run_result_form(
            request,
            table,
            # The decks played where the table alone does not say, with the result.
            lambda: services.with_decks_played(
                user,
                table,
                slots_from_post(request.POST, chosen_only=True),
                lambda: services.report_result(user, table, **result_from_post(request, table)),
            ),
            lambda reported: _reported_message(reported, table.version),
        )
    elif action == "confirm":
        run_service(
            request,
            lambda: services.confirm_result(
                user, table, version=to_int(request.POST.get("version"))
            ),
            _("Result confirmed."),
        )
    elif action == "dispute":
        run_service(
            request,
            lambda: services.dispute_result(user, table, request.POST.get("note", "")),
            _("Result disputed: the director has been told."),
        )
    elif action == "set":
        run_result_form(
            request,
            table,
            # The decks played, as the player's report carries them (the same service).
            lambda: services.with_decks_played(
                user,
                table,
                slots_from_post(request.POST, chosen_only=True),
                lambda: services.director_enter_result(
                    user,
                    table,
                    note=request.POST.get("note", ""),
                    **result_from_post(request, table),
                ),
            ),
            _set_message,
        )
        default = reverse("event-dashboard", args=[event.slug]) + f"?round={table.round.number}"
        return redirect(back_to(request, default, f"t{table.pk}"))
    elif action == "void":
        run_service(
            request,
            lambda: services.void_result(
                user, table, request.POST.get("note", ""), to_int(request.POST.get("version"))
            ),
            _("Result of table %(n)s voided: it waits for a result again.") % {"n": table.number},
        )
        default = reverse("event-dashboard", args=[event.slug]) + f"?round={table.round.number}"
        return redirect(back_to(request, default, f"t{table.pk}"))
    else:
        raise Http404(_("Unknown action."))
    if is_director(user, event) and seat_registration(user, table) is None:
        return redirect(back_to(request, reverse("event-dashboard", args=[event.slug])))
    return redirect(back_to(request, reverse("my-event", args=[event.slug])))
