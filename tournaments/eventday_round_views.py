"""Event-day pages around the rounds: the director's event-day page, the public bracket,
hands-on pairings, re-pairing or deleting a round with results, pairing constraints and
deck lists entered at the venue."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from rules_engine import get_game
from tournaments import extensions, services
from tournaments.eventday_table_views import cost_context
from tournaments.eventday_views import ids, run, staff_event
from tournaments.models import (
    Event,
    EventDaySettings,
    Penalty,
    PlayoffMatch,
    Round,
    Seat,
)
from tournaments.permissions import is_judge
from tournaments.views import presenters
from tournaments.views.choices import narrowed


def _deck_statuses(event: Event) -> dict[int, Any]:
    """The decks app's per-player list status, through the registry decks fills."""
    return extensions.deck_status(event)


@login_required
def hub(request: HttpRequest, slug: str) -> HttpResponse:
    """Everything of the event day on one page: each link leads to a page that asks first."""
    event = staff_event(request, slug, judge=True)
    last = event.rounds.order_by("-number").first()
    query = (request.GET.get("q") or "").strip()
    players = presenters.registrations_page(event, request.GET.get("players_page"), query)
    context = {
        "event": event,
        "is_director": services.is_director(request.user, event),
        "last": last,
        "readiness": services.deck_readiness_for(event, _deck_statuses(event)),
        "penalties": Penalty.objects.filter(registration__event=event)
        .select_related("registration__player", "rescission")
        .order_by("-created_at"),
        "avoided": services.avoided_pairs_in_round(last) if last else [],
        "settings": services.eventday_settings(event),
        # A page of players at a time, found by name: the lists stay a page at any size.
        "registrations": players.object_list,
        "players_page": players,
        "q": query,
        "first_paired": last is not None,
    }
    return render(request, "tournaments/eventday/hub.html", context)


def _stages(matches: list[PlayoffMatch]) -> list[tuple[int, list[PlayoffMatch]]]:
    out: dict[int, list[PlayoffMatch]] = {}
    for m in matches:
        out.setdefault(m.stage, []).append(m)
    return sorted(out.items())


def bracket(request: HttpRequest, slug: str) -> HttpResponse:
    """The public bracket and the final standings, playoff places above the Swiss order."""
    event = get_object_or_404(Event, slug=slug)
    if event.status == Event.Status.DRAFT and not services.is_director(request.user, event):
        raise Http404(_("No such event."))
    matches = services.playoff_matches(event)
    game = get_game(event.game)
    context = {
        "event": event,
        "settings": services.eventday_settings(event),
        "stages": _stages(matches),
        "standings": services.final_standings(event) if matches else [],
        "can_report": is_judge(request.user, event),
        "is_director": services.is_director(request.user, event),
        "blocker": services.playoff_blocker(event),
        "cancellable": matches and services.top_cut_cancel_blocker(event) is None,
        "uses_mps": game.uses_mps,
        "outcomes": [("normal", _("Normal end"))]
        + [(o, _(game.label(o)).capitalize()) for o in game.outcomes if o != "normal"],
        "cut_sizes": (0, 2, 4, 8),
        "tie_rules": EventDaySettings.TieRule.choices,
    }
    return render(request, "tournaments/eventday/bracket.html", context)


def opt_int(value: Any) -> int | None:
    value = (value or "").strip() if isinstance(value, str) else value
    if value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ServiceError(_("Scores are whole numbers."))


@require_POST
@login_required
def playoff_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    user, post = request.user, request.POST
    if action == "settings":
        run(
            request,
            lambda: services.set_top_cut(
                user, event, opt_int(post.get("top_cut")) or 0, post.get("tie", "")
            ),
            _("Top cut saved."),
        )
    elif action == "start":
        run(request, lambda: services.start_playoff(user, event), _("The playoff has started."))
    elif action == "result":
        run(
            request,
            lambda: services.report_playoff_result(
                user,
                event,
                int(post.get("match", 0)),
                opt_int(post.get("high_mps")),
                opt_int(post.get("low_mps")),
                post.get("outcome") or "normal",
                post.get("winner"),
            ),
            lambda m: _("Result saved: %(state)s.") % {"state": m.get_status_display().lower()},
        )
    elif action == "decide":
        run(
            request,
            lambda: services.decide_playoff_tie(
                user, event, int(post.get("match", 0)), int(post.get("winner", 0))
            ),
            _("Tie decided."),
        )
    elif action == "cancel" and post.get("confirm"):
        run(request, lambda: services.cancel_top_cut(user, event), _("The top cut is cancelled."))
    else:
        messages.error(request, _("Unknown action."))
    return redirect("eventday-bracket", slug=event.slug)


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
                return redirect("eventday-hub", slug=event.slug)
            cost = services.swap_cost(event, rnd, a, b)
            context.update(cost_context(event, cost), a=a, b=b)
        except ServiceError as exc:
            messages.error(request, exc.message)
    return render(request, "tournaments/eventday/swap.html", context)


@login_required
def round_drop(request: HttpRequest, slug: str, number: int, how: str) -> HttpResponse:
    """Re-pair (``how`` = repair) or delete a round with results, after naming what goes."""
    event = staff_event(request, slug)
    rnd = _round_of(event, number)
    if how not in ("repair", "delete"):
        return redirect("eventday-hub", slug=event.slug)
    if request.method == "POST":
        tables = ids(request.POST.getlist("table"))
        call = services.repair_round_with_results if how == "repair" else services.delete_round
        done = run(request, lambda: call(request.user, rnd, tables), _("Done."))
        if done is not None:
            return redirect("eventday-hub", slug=event.slug)
    lost = services.round_loss_preview(rnd)
    title = _("Pair round %(n)d again") if how == "repair" else _("Delete round %(n)d")
    return render(
        request,
        "tournaments/eventday/confirm.html",
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


def _pairs_from_post(request: HttpRequest, settings: EventDaySettings) -> tuple[list, dict]:
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
    settings = services.eventday_settings(event)
    if request.method == "POST":
        pairs, fixed = _pairs_from_post(request, settings)
        run(
            request,
            lambda: services.set_pairing_constraints(request.user, event, pairs, fixed),
            _("Pairing settings saved."),
        )
        return redirect("eventday-constraints", slug=event.slug)
    names = dict(event.registrations.values_list("pk", "player__display_name"))
    everyone = sorted(names.items(), key=lambda kv: kv[1])
    choices, narrow = narrowed(everyone, request.GET.get("q", ""))
    return render(
        request,
        "tournaments/eventday/constraints.html",
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
