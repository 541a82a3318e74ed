"""The director's pages: the event form and the dashboard."""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from audit.models import AuditEntry
from core.errors import ServiceError
from tournaments import extensions, services
from tournaments.models import Event, Penalty, Registration, Round, Table
from tournaments.permissions import Capability, can, is_director
from tournaments.rules.deck_choice import PAIR_SLOTS
from tournaments.services import clock as round_clock
from tournaments.services import pairing_sheets as sheets
from tournaments.services.pairings import round_tables_query
from tournaments.services.playoff_end import top_cut_pending
from tournaments.services.playoff_nobody import nobody_matches
from tournaments.services.round_heats import round_heat_count
from tournaments.services.table_time import extra_minutes
from tournaments.views import presenters
from tournaments.views.common import (
    event_or_404,
    game_info,
    run_service,
    show_refused_result,
    to_int,
    url_or_none,
)
from tournaments.views.director_actions import KEPT_WALKIN
from tournaments.views.forms import EventForm, PenaltyForm, WalkinForm, tiebreak_confirmation
from tournaments.views.heat_filter import label_heats
from tournaments.views.penalties import KEPT_PENALTY_FORM
from tournaments.views.stages import PresetEventForm, create_from_form
from tournaments.words.decks_played import slot_words
from tournaments.words.playoff import nobody_notes

# A director's page stays a page at 10,000 players: tables and players a page at a time.
TABLES_PER_PAGE = 50
PLAYERS_PER_PAGE = presenters.PLAYERS_PER_PAGE
NEEDS_SHOWN = presenters.NEEDS_SHOWN


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = PresetEventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = create_from_form(request, form)
        if event:
            return redirect("event-dashboard", slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "event": None})


@login_required
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    if not is_director(request.user, event):
        messages.error(request, _("Only the tournament director can change this event."))
        return redirect(event.get_absolute_url())
    form = EventForm(request.POST or None, initial=EventForm.initial_for(event))
    started = event.rounds.exists()
    if started:
        form.fields["confirm_tiebreak_change"] = tiebreak_confirmation()
    if request.method == "POST" and form.is_valid():
        data = form.event_data()
        confirm = bool(form.cleaned_data.get("confirm_tiebreak_change"))
        if started:
            # Only send what changed, so unchanged locked fields are not refused.
            data = {k: v for k, v in data.items() if v != getattr(event, k)}
        if run_service(
            request,
            lambda: services.update_event(
                request.user, event, confirm_tiebreak_change=confirm, **data
            ),
            _("Event saved."),
        ):
            return redirect("event-dashboard", slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "event": event})


def _deck_status(event: Event) -> dict[int, Any]:
    return extensions.deck_status(event)


def _illegal_decklists(event: Event) -> list[Registration]:
    """Players whose current deck list breaks the construction rules (cheating, 000 Part VI §3)."""
    return extensions.illegal_decklists(event)


def _round_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    rounds = list(event.rounds.order_by("number"))
    current = rounds[-1] if rounds else None
    shown_number = to_int(request.GET.get("round")) or (current.number if current else None)
    shown = next((r for r in rounds if r.number == shown_number), current)
    tables = round_tables_query(shown) if shown else Table.objects.none()
    query = (request.GET.get("q") or "").strip()
    # Each listed table shows its result history: read with the page, not per table.
    listed = round_tables_query(shown, query, history=True) if shown else tables
    table_page = Paginator(listed, TABLES_PER_PAGE).get_page(request.GET.get("tables_page"))
    shown_tables = list(table_page.object_list)
    show_refused_result(request, shown_tables)
    extra = extra_minutes(shown_tables)
    for table in shown_tables:
        table.extra_minutes = extra.get(table.pk, 0)  # type: ignore[attr-defined]
    label_heats(shown_tables, round_heat_count(shown) if shown else 0)
    waiting = tables.exclude(status=Table.Status.CONFIRMED).filter(is_bye=False)
    unreported = waiting.exclude(status=Table.Status.DISPUTED)
    disputed = list(waiting.filter(status=Table.Status.DISPUTED)[:NEEDS_SHOWN])
    first_unreported = list(unreported[:NEEDS_SHOWN])
    _mark_pages(shown, [*disputed, *first_unreported])
    pair_blocked = services.pair_blocker(event)
    return {
        "rounds": rounds,
        "current": current,
        "shown": shown,
        "tables": shown_tables,
        "decks": services.decks_shown(event, shown_tables),
        "deck_slots": [(slot, slot_words(slot, {})) for slot in PAIR_SLOTS],
        "table_page": table_page,
        "open_count": waiting.count(),
        "unreported": first_unreported,
        "unreported_count": unreported.count(),
        "disputed": disputed,
        "disputed_count": waiting.filter(status=Table.Status.DISPUTED).count(),
        "can_pair": pair_blocked is None,
        # A top cut that is set is offered once the Swiss rounds are played, never skipped.
        "top_cut_pending": top_cut_pending(event),
        "top_cut_ready": services.playoff_blocker(event) is None,
        "nobody_notes": nobody_notes(nobody_matches(event)),
        # Why "Pair round N" is not offered, said where the button would be.
        "pair_blocked": pair_blocked.message if pair_blocked is not None else None,
        "can_repair": bool(
            current
            and current.status != Round.Status.CLOSED
            and services.repair_blocker(current) is None
        ),
        "timer": services.round_timer(current) if current else None,
        "clock": round_clock.clock_state(current) if current else None,
    }


def _walkin_form(kept: dict[str, Any] | None) -> WalkinForm:
    """The walk-in form, with what was typed and the reason beside it after a refusal."""
    form = WalkinForm(initial=(kept or {}).get("data"))
    if kept:
        for name in ("display_name", "membership_number", "email"):
            form.fields[name].widget.attrs["aria-describedby"] = "walkin-error"
    return form


def _penalty_choices(
    event: Event, listed: list[Registration], kept_form: dict[str, Any] | None
) -> list[Registration]:
    """The players listed on this page, plus the one a refused penalty form had chosen
    (so a refusal never resets the choice to another player's name)."""
    choices = [r for r in listed if not r.ejected]
    kept = to_int((kept_form or {}).get("registration"))
    if kept is not None and all(r.pk != kept for r in choices):
        extra = event.registrations.select_related("player").filter(pk=kept, ejected=False)
        choices = [*extra, *choices]
    return choices


def _mark_pages(rnd: Round | None, tables: list[Table]) -> None:
    """Which page of the round's tables each of ``tables`` is on ("needs you" links)."""
    if rnd is None or not tables:
        return
    numbers = list(rnd.tables.order_by("number").values_list("number", flat=True))
    for table in tables:
        table.page_number = bisect_left(numbers, table.number) // TABLES_PER_PAGE + 1  # type: ignore[attr-defined]


@login_required
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    if not is_director(request.user, event):
        messages.error(request, _("Only the tournament director can open the dashboard."))
        return redirect(event.get_absolute_url())
    deck_status = _deck_status(event)
    players = presenters.registrations_page(
        event, request.GET.get("players_page"), request.GET.get("q", "")
    )
    listed = list(players.object_list)
    points = sheets.points_now(event, [r.pk for r in listed])
    rows = [
        {"reg": r, "points": points.get(r.pk, 0), "deck": deck_status.get(r.pk)} for r in listed
    ]
    counts = presenters.player_counts(event)
    penalties = Penalty.objects.filter(registration__event=event).select_related(
        "registration__player", "issued_by"
    )
    kept_penalty = request.session.pop(KEPT_PENALTY_FORM, None)
    kept_walkin = request.session.pop(KEPT_WALKIN, None)
    audit_entries = AuditEntry.objects.filter(event=event).select_related("actor")[:100]
    context = {
        "event": event,
        "rows": rows,
        "players_page": players,
        "q": request.GET.get("q", "").strip(),
        "has_decks": bool(deck_status),
        "illegal": _illegal_decklists(event) if event.decklists_required else [],
        "deck_url": url_or_none("event-decklists", event.slug),
        **_round_context(request, event),
        "rounds_total": services.rounds_total(event),
        "rounds_from_table": services.rounds_from_table(event),
        "sanctioning": services.sanctioning_status(event),
        "counts": counts,
        "checked_in": counts.checked_in,
        "active_count": counts.playing,
        "no_shows": counts.playing - counts.checked_in,
        "walkin_form": _walkin_form(kept_walkin),
        "walkin_error": (kept_walkin or {}).get("error", ""),
        "may_delete": can(request.user, event, Capability.DELETE_EVENT),
        # The players listed on this page (a search finds any other): a choice of 10,000
        # names is neither usable nor a bounded page.
        "penalty_form": PenaltyForm(
            initial=kept_penalty, registrations=_penalty_choices(event, listed, kept_penalty)
        ),
        "penalty_choices_paged": players.paginator.num_pages > 1,
        "penalties": penalties,
        "audit": audit_entries,
        "game_info": game_info(event, rulings=True),
        "format_name": presenters.format_name(event),
        "missing_formats": presenters.missing_formats_warning(event),
    }
    context["needs_you"] = presenters.needs_you(context)
    if deck_status and not event.rounds.exists():
        # Before round 1: which lists are missing or illegal.
        context["readiness"] = services.deck_readiness_for(event, deck_status)
    return render(request, "tournaments/dashboard.html", context)


@login_required
def event_delete(request: HttpRequest, slug: str) -> HttpResponse:
    """The organizer deletes the event for good: first what it does (entries, rounds,
    ratings replayed), then the deletion with the event's name typed again."""
    event = event_or_404(request, slug)
    if not can(request.user, event, Capability.DELETE_EVENT):
        messages.error(
            request, _("Only the organizer of %(event)s can do this.") % {"event": event.name}
        )
        return redirect(event.get_absolute_url())
    typed, error = request.POST.get("confirm", ""), ""
    if request.method == "POST":
        name = event.name
        try:
            services.delete_event(request.user, event, confirm=typed)
        except ServiceError as exc:
            error = exc.message  # shown beside the field, with what was typed
        else:
            messages.success(request, _("%(event)s deleted.") % {"event": name})
            return redirect("event-list")
    context = {
        "event": event,
        "consequences": services.delete_consequences(event),
        "typed": typed,
        "error": error,
    }
    return render(request, "tournaments/event_delete.html", context, status=400 if error else 200)
