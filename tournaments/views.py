"""Pages for events: public pages, the player's own page, and the director's dashboard.

Views only read the request, call one service and show what happened; every refusal
is a ServiceError turned into a message on the page (never a 500).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from rules_engine import get_game
from tournaments import services
from tournaments.forms import EventForm, PenaltyForm, WalkinForm
from tournaments.models import Event, GameSystem, Penalty, Player, Registration, Round, Seat, Table
from tournaments.page_cache import cached_page, page_key, store_page
from tournaments.permissions import own_registration, seat_registration


def _event_or_404(request: HttpRequest, slug: str) -> Event:
    event = get_object_or_404(Event.objects.select_related("organizer"), slug=slug)
    if event.status == Event.Status.DRAFT and not services.is_director(request.user, event):
        raise Http404("No such event.")
    return event


def _run(
    request: HttpRequest, action: Callable[[], Any], success: str | Callable[[Any], str]
) -> Any:
    """Run one service call, turning its refusal into an error message."""
    try:
        result = action()
    except ServiceError as exc:
        messages.error(request, exc.message)
        return None
    messages.success(request, success(result) if callable(success) else success)
    return result


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _result_from_post(request: HttpRequest, table: Table) -> dict[str, Any]:
    """The result form's fields: one score box per seat, outcome, winner, time called."""
    mps: dict[int, int | None] = {}
    for seat in table.seats.all():
        raw = (request.POST.get(f"mps_{seat.registration_id}") or "").strip()
        if raw == "":
            mps[seat.registration_id] = None
            continue
        value = _int(raw)
        if value is None:
            raise ServiceError(f"{seat.registration.player.display_name}: {raw!r} is not a number.")
        mps[seat.registration_id] = value
    return {
        "mps": mps,
        "outcome": request.POST.get("outcome") or "normal",
        "winner": _int(request.POST.get("winner")),
        "time_called": request.POST.get("time_called") in ("on", "1", "true"),
        "version": _int(request.POST.get("version")),
    }


def _game_info(event: Event) -> dict[str, Any]:
    game = get_game(event.game)
    outcomes = [("normal", "Normal end")] + [
        (o, game.label(o).capitalize()) for o in game.outcomes if o != "normal"
    ]
    return {"game": game, "outcomes": outcomes, "uses_mps": game.uses_mps}


def _current_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


# --------------------------------------------------------------------------- public pages


def event_list(request: HttpRequest) -> HttpResponse:
    events = services.visible_events(request.user)
    game = request.GET.get("game", "")
    if game in GameSystem.values:
        events = events.filter(game=game)
    sections = [
        ("Running", events.filter(status=Event.Status.RUNNING)),
        ("Registration open", events.filter(status=Event.Status.REGISTRATION)),
        ("Finished", events.filter(status=Event.Status.FINISHED)[:50]),
    ]
    if request.user.is_authenticated:
        drafts = events.filter(status=Event.Status.DRAFT)
        if drafts.exists():
            sections.insert(0, ("Your drafts", drafts))
    return render(
        request,
        "tournaments/event_list.html",
        {"sections": sections, "games": GameSystem.choices, "game": game},
    )


def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event_or_404(request, slug)
    regs = event.registrations.select_related("player").order_by("player__display_name")
    context = {
        "event": event,
        "registrations": regs,
        "active_count": regs.filter(dropped=False, ejected=False).count(),
        "rounds": event.rounds.order_by("number"),
        "rounds_total": services.rounds_total(event),
        "rounds_from_table": services.rounds_from_table(event),
        "sanctioning": services.sanctioning_status(event),
        "my_registration": own_registration(request.user, event),
        "is_director": services.is_director(request.user, event),
        "tiebreaks": services.tiebreak_labels(event),
        "game_info": _game_info(event),
        "decklists_public": _url_or_none("event-decklists-public", event.slug)
        if event.decklists_published
        else None,
        "decklist_submit": _url_or_none("decklist-submit", event.slug),
    }
    return render(request, "tournaments/event_detail.html", context)


def _url_or_none(name: str, *args: Any) -> str | None:
    try:
        return reverse(name, args=args)
    except Exception:  # a page of another app that is not there yet
        return None


def pairings(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event_or_404(request, slug)
    rounds = list(event.rounds.order_by("number"))
    number = _int(request.GET.get("round"))
    rnd = next((r for r in rounds if r.number == number), rounds[-1] if rounds else None)
    query = (request.GET.get("q") or "").strip()
    key = page_key(request, "pairings", event.pk, services.snapshot_state(event).version)
    if (cached := cached_page(key)) is not None:
        return cached
    page = None
    if rnd is not None:
        page = services.pairings_page(
            rnd, request.GET.get("page"), request.GET.get("per_page"), query
        )
    return store_page(key, render(
        request,
        "tournaments/pairings.html",
        {"event": event, "rounds": rounds, "round": rnd, "tables": page or [], "page": page,
         "q": query, "game_info": _game_info(event)},
    ))  # fmt: skip


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event_or_404(request, slug)
    query = (request.GET.get("q") or "").strip()
    page, state = services.standings_page(
        event, request.GET.get("page"), request.GET.get("per_page"), query
    )
    etag = state.etag_for(request.user.pk, get_language())
    if request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified(headers={"ETag": etag})
    key = page_key(request, "standings", event.pk, state.version)
    response = cached_page(key) or store_page(key, render(
        request,
        "tournaments/standings.html",
        {"event": event, "rows": page, "page": page, "q": query,
         "closed_rounds": state.closed_rounds, "tiebreaks": services.tiebreak_labels(event)},
    ))  # fmt: skip
    response["ETag"] = etag
    return response


def round_timer(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event_or_404(request, slug)
    rnd = _current_round(event)
    timer = services.round_timer(rnd) if rnd else None
    return render(
        request,
        "tournaments/timer.html",
        {"event": event, "round": rnd, "timer": timer,
         "is_director": services.is_director(request.user, event)},
    )  # fmt: skip


def print_pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event_or_404(request, slug)
    rnd = get_object_or_404(Round, event=event, number=number)
    tables = services.round_tables(rnd)
    by_name = sorted(
        ((s.registration.player.display_name, t, s) for t in tables for s in t.seats.all()),
        key=lambda row: row[0].lower(),
    )
    return render(
        request,
        "tournaments/print_pairings.html",
        {"event": event, "round": rnd, "tables": tables, "by_name": by_name},
    )


def print_slips(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _event_or_404(request, slug)
    rnd = get_object_or_404(Round, event=event, number=number)
    tables = [t for t in services.round_tables(rnd) if not t.is_bye]
    return render(
        request,
        "tournaments/print_slips.html",
        {"event": event, "round": rnd, "tables": tables, "game_info": _game_info(event)},
    )


def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    history = services.player_history(player)
    return render(request, "tournaments/player_detail.html", {"player": player, "history": history})


@login_required
def my_events(request: HttpRequest) -> HttpResponse:
    regs = (
        Registration.objects.filter(player__user=request.user)
        .select_related("event")
        .order_by("-event__created_at")
    )
    directing = Event.objects.filter(organizer=request.user).order_by("-created_at")
    player = Player.objects.filter(user=request.user).first()
    return render(
        request,
        "tournaments/my_events.html",
        {"registrations": regs, "directing": directing, "player": player},
    )


# --------------------------------------------------------------------------- the player's page


def _opponents_of(seat: Seat) -> list[Seat]:
    return [s for s in seat.table.seats.all() if s.pk != seat.pk]


@login_required
def my_event(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event_or_404(request, slug)
    reg = own_registration(request.user, event)
    if reg is None:
        messages.info(request, "You are not registered for this event.")
        return redirect(event.get_absolute_url())
    seats = list(
        Seat.objects.filter(registration=reg)
        .select_related("table", "round")
        .prefetch_related("table__seats__registration__player")
        .order_by("round__number")
    )
    history = [{"seat": s, "opponents": _opponents_of(s)} for s in seats]
    rnd = _current_round(event)
    current = next((h for h in history if rnd and h["seat"].round_id == rnd.pk), None)
    table = current["seat"].table if current else None
    context = {
        "event": event,
        "registration": reg,
        "history": history,
        "round": rnd,
        "current": current,
        "table": table,
        "timer": services.round_timer(rnd) if rnd else None,
        "game_info": _game_info(event),
        "reported_by_me": bool(table and table.reported_by_registration_id == reg.pk),
        "points": services.player_records(event)[reg.pk].score,
        "penalties": reg.penalties.all(),
        "decklist_submit": _url_or_none("decklist-submit", event.slug),
    }
    return render(request, "tournaments/my_event.html", context)


@require_POST
@login_required
def register(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event_or_404(request, slug)
    reg = _run(
        request,
        lambda: services.register_self(request.user, event),
        lambda r: (
            "You are registered."
            + (
                f" Late entry: you join in round {r.joined_round} at 0 points."
                if r.joined_round > 1
                else ""
            )
        ),
    )
    return redirect("my-event", slug=event.slug) if reg else redirect(event.get_absolute_url())


@require_POST
@login_required
def self_drop(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event_or_404(request, slug)
    reg = own_registration(request.user, event)
    if reg is None:
        raise Http404("Not registered.")
    _run(
        request,
        lambda: services.drop(request.user, reg, request.POST.get("note", "")),
        "You have dropped: you will not be paired again. Your played results stand.",
    )
    return redirect("my-event", slug=event.slug)


@require_POST
@login_required
def table_action(request: HttpRequest, slug: str, table_id: int, action: str) -> HttpResponse:
    """report / confirm / dispute by a player, set by the director."""
    event = _event_or_404(request, slug)
    table = get_object_or_404(
        Table.objects.select_related("round"), pk=table_id, round__event=event
    )
    user = request.user
    if action == "report":
        _run(
            request,
            lambda: services.report_result(user, table, **_result_from_post(request, table)),
            lambda t: {
                "reported": "Result reported: your opponent confirms it.",
                "confirmed": "Both reports agree: the result is confirmed.",
                "disputed": "Your report differs from your opponent's: the director will decide.",
            }.get(t.status, "Saved."),
        )
    elif action == "confirm":
        _run(
            request,
            lambda: services.confirm_result(user, table, version=_int(request.POST.get("version"))),
            "Result confirmed.",
        )
    elif action == "dispute":
        _run(
            request,
            lambda: services.dispute_result(user, table, request.POST.get("note", "")),
            "Result disputed: the director has been told.",
        )
    elif action == "set":
        _run(
            request,
            lambda: services.director_set_result(
                user, table, note=request.POST.get("note", ""), **_result_from_post(request, table)
            ),
            f"Result of table {table.number} saved.",
        )
        return redirect(
            reverse("event-dashboard", args=[event.slug])
            + f"?round={table.round.number}#t{table.pk}"
        )
    else:
        raise Http404("Unknown action.")
    if services.is_director(user, event) and seat_registration(user, table) is None:
        return redirect("event-dashboard", slug=event.slug)
    return redirect("my-event", slug=event.slug)


# --------------------------------------------------------------------------- director pages


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = _run(
            request,
            lambda: services.create_event(request.user, **form.event_data()),
            "Event created as a draft. Open registration when it is ready.",
        )
        if event:
            return redirect("event-dashboard", slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "event": None})


@login_required
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event_or_404(request, slug)
    if not services.is_director(request.user, event):
        messages.error(request, "Only the tournament director can change this event.")
        return redirect(event.get_absolute_url())
    form = EventForm(request.POST or None, initial=EventForm.initial_for(event))
    if request.method == "POST" and form.is_valid():
        data = form.event_data()
        if event.rounds.exists():
            # Only send what changed, so unchanged locked fields are not refused.
            data = {k: v for k, v in data.items() if v != getattr(event, k)}
        if _run(
            request, lambda: services.update_event(request.user, event, **data), "Event saved."
        ):
            return redirect("event-dashboard", slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "event": event})


def _deck_status(event: Event) -> dict[int, Any]:
    try:
        from decks.services import deck_status_for_event
    except ImportError:  # the decks app not installed: no deck column
        return {}
    try:
        return deck_status_for_event(event)
    except Exception:  # deck status is information; the dashboard must still load
        return {}


def _illegal_decklists(event: Event) -> list[Registration]:
    """Players whose current deck list breaks the construction rules (cheating, 000 Part VI §3)."""
    try:
        from decks.services import illegal_decklists
    except ImportError:  # the decks app not installed
        return []
    try:
        return [r for r in illegal_decklists(event) if not r.ejected]
    except Exception:  # deck checks are information; the dashboard must still load
        return []


@login_required
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event_or_404(request, slug)
    if not services.is_director(request.user, event):
        messages.error(request, "Only the tournament director can open the dashboard.")
        return redirect(event.get_absolute_url())
    regs = list(event.registrations.select_related("player").order_by("player__display_name"))
    records = services.player_records(event)
    deck_status = _deck_status(event)
    rows = [{"reg": r, "points": records[r.pk].score, "deck": deck_status.get(r.pk)} for r in regs]
    rounds = list(event.rounds.order_by("number"))
    current = rounds[-1] if rounds else None
    shown_number = _int(request.GET.get("round")) or (current.number if current else None)
    shown = next((r for r in rounds if r.number == shown_number), current)
    tables = services.round_tables(shown) if shown else []
    open_tables = [t for t in tables if t.status != Table.Status.CONFIRMED]
    disputed = [t for t in tables if t.status == Table.Status.DISPUTED]
    penalties = Penalty.objects.filter(registration__event=event).select_related(
        "registration__player", "issued_by"
    )
    from audit.models import AuditEntry

    audit_entries = AuditEntry.objects.filter(event=event).select_related("actor")[:100]
    active = [r for r in regs if r.active]
    pair_blocked = services.pair_blocker(event)
    context = {
        "event": event,
        "rows": rows,
        "has_decks": bool(deck_status),
        "illegal": _illegal_decklists(event) if event.decklists_required else [],
        "deck_url": _url_or_none("event-decklists", event.slug),
        "rounds": rounds,
        "current": current,
        "shown": shown,
        "tables": tables,
        "open_tables": open_tables,
        "disputed": disputed,
        "rounds_total": services.rounds_total(event),
        "rounds_from_table": services.rounds_from_table(event),
        "sanctioning": services.sanctioning_status(event),
        "checked_in": sum(1 for r in active if r.checked_in),
        "active_count": len(active),
        "no_shows": sum(1 for r in active if not r.checked_in),
        "can_pair": pair_blocked is None,
        # Why "Pair round N" is not offered, said where the button would be.
        "pair_blocked": pair_blocked.message if pair_blocked is not None else None,
        "can_repair": bool(
            current
            and current.status != Round.Status.CLOSED
            and services.repair_blocker(current) is None
        ),
        "timer": services.round_timer(current) if current else None,
        "walkin_form": WalkinForm(),
        "penalty_form": PenaltyForm(registrations=[r for r in regs if not r.ejected]),
        "penalties": penalties,
        "audit": audit_entries,
        "game_info": _game_info(event),
    }
    return render(request, "tournaments/dashboard.html", context)


@require_POST
@login_required
def director_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    """Every button of the dashboard posts here; the service checks the director."""
    event = _event_or_404(request, slug)
    user = request.user
    target = reverse("event-dashboard", args=[event.slug])

    def reg() -> Registration:
        return get_object_or_404(
            Registration.objects.select_related("player"),
            pk=_int(request.POST.get("registration")),
            event=event,
        )

    if action == "open":
        _run(request, lambda: services.open_registration(user, event), "Registration is open.")
    elif action == "walkin":
        form = WalkinForm(request.POST)
        if form.is_valid():
            _run(
                request,
                lambda: services.add_walkin(
                    user,
                    event,
                    form.cleaned_data["display_name"],
                    form.cleaned_data["membership_number"],
                ),
                lambda r: (
                    f"{r.player.display_name} added"
                    + (
                        f" (late entry: from round {r.joined_round})."
                        if r.joined_round > 1
                        else "."
                    )
                ),
            )
        else:
            messages.error(request, "Give the walk-in player's name.")
    elif action in ("check-in", "check-out"):
        r = reg()
        _run(
            request,
            lambda: services.check_in(user, r, action == "check-in"),
            f"{r.player.display_name} "
            + ("checked in." if action == "check-in" else "no longer checked in."),
        )
    elif action == "drop":
        r = reg()
        _run(request, lambda: services.drop(user, r, request.POST.get("note", "")),
             f"{r.player.display_name} dropped.")  # fmt: skip
    elif action == "readd":
        r = reg()
        _run(request, lambda: services.readd(user, r), f"{r.player.display_name} re-added.")
    elif action == "drop-no-shows":
        _run(request, lambda: services.drop_no_shows(user, event),
             lambda n: f"{n} player(s) who had not checked in dropped.")  # fmt: skip
    elif action == "pair":
        _run(request, lambda: services.pair_next_round(user, event),
             lambda r: f"Round {r.number} paired.")  # fmt: skip
    elif action == "repair":
        rnd = _current_round(event)
        if rnd is None:
            messages.error(request, "No round to re-pair.")
        else:
            _run(request, lambda: services.repair_round(user, rnd),
                 f"Round {rnd.number} paired again.")  # fmt: skip
    elif action == "clock":
        rnd = _current_round(event)
        if rnd is None:
            messages.error(request, "No round to time.")
        else:
            _run(request, lambda: services.start_round_clock(user, rnd),
                 lambda r: f"Round {r.number} clock started: it ends at "
                 f"{services.round_timer(r).ends_at:%H:%M} UTC.")  # fmt: skip
    elif action == "penalty":
        regs = event.registrations.select_related("player")
        form = PenaltyForm(request.POST, registrations=regs)
        if form.is_valid():
            r = get_object_or_404(regs, pk=form.cleaned_data["registration"])

            def issued(p: Penalty) -> str:
                r.refresh_from_db()
                text = (
                    f"{p.get_kind_display()} for {r.player.display_name} "
                    f"({p.get_offense_display()})."
                )
                if r.ejected:
                    text += f" {r.ejection_reason}"
                return text

            _run(
                request,
                lambda: services.issue_penalty(
                    user,
                    r,
                    form.cleaned_data["offense"],
                    form.cleaned_data["note"],
                    kind=form.cleaned_data["kind"],
                ),
                issued,
            )
        else:
            messages.error(request, "Choose a player and an offense.")
        target += "#penalties"
    elif action == "finish":
        early = request.POST.get("early") == "1"
        _run(
            request,
            lambda: services.finish_event(user, event, early=early),
            "The event is finished.",
        )
    else:
        raise Http404("Unknown action.")
    return redirect(target)
