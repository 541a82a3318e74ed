"""Every button of the dashboard posts here; each action is one small function that calls one
service, and the page returns to where the director was (the form's `next` and anchor)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments import services
from tournaments.models import Event, Penalty, Registration
from tournaments.services.ejected_tables import left_to_director
from tournaments.views.common import back_to, current_round, event_or_404, run_service, to_int
from tournaments.views.forms import PenaltyForm, WalkinForm
from tournaments.words.penalties import ejection_words, left_to_director_words
from tournaments.words.times import READER_ZONE, clock_words

# The walk-in form as it was sent, kept when it is refused (tournaments.views.director).
KEPT_WALKIN = "walkin_form"

# An action returns the anchor of the dashboard section to come back to ("" for the top).
Action = Callable[[HttpRequest, Event], str]


def _reg(request: HttpRequest, event: Event) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player"),
        pk=to_int(request.POST.get("registration")),
        event=event,
    )


def _open(request: HttpRequest, event: Event) -> str:
    run_service(
        request, lambda: services.open_registration(request.user, event), _("Registration is open.")
    )
    return ""


def _keep_walkin(request: HttpRequest, message: str) -> None:
    """A refused walk-in comes back typed, with the reason beside the name."""
    messages.error(request, message)
    request.session[KEPT_WALKIN] = {
        "data": {
            k: request.POST.get(k, "") for k in ("display_name", "membership_number", "email")
        },
        "error": message,
    }


def _walkin(request: HttpRequest, event: Event) -> str:
    form = WalkinForm(request.POST)
    if not form.is_valid():
        _keep_walkin(request, _("Give the walk-in player's name."))
        return "players"

    def added(r: Registration) -> str:
        if r.joined_round > 1:
            return _("%(name)s added (late entry: from round %(n)s).") % {
                "name": r.player.display_name,
                "n": r.joined_round,
            }
        return _("%(name)s added.") % {"name": r.player.display_name}

    data = form.cleaned_data
    try:
        reg = services.add_walkin(
            request.user,
            event,
            data["display_name"],
            data["membership_number"],
            email=data["email"],
            confirm_duplicate=data["confirm_duplicate"],
        )
    except ServiceError as exc:
        _keep_walkin(request, exc.message)
        return "players"
    messages.success(request, added(reg))
    return "players"


def _check_in(request: HttpRequest, event: Event, on: bool) -> str:
    r = _reg(request, event)
    name = r.player.display_name
    run_service(
        request,
        lambda: services.check_in(request.user, r, on),
        (_("%(name)s checked in.") if on else _("%(name)s no longer checked in.")) % {"name": name},
    )
    return f"p{r.pk}"


def _drop(request: HttpRequest, event: Event) -> str:
    r = _reg(request, event)
    run_service(
        request,
        lambda: services.drop(request.user, r, request.POST.get("note", "")),
        _("%(name)s dropped.") % {"name": r.player.display_name},
    )
    return f"p{r.pk}"


def _readd(request: HttpRequest, event: Event) -> str:
    r = _reg(request, event)
    run_service(
        request,
        lambda: services.readd(request.user, r),
        _("%(name)s re-added.") % {"name": r.player.display_name},
    )
    return f"p{r.pk}"


def _drop_no_shows(request: HttpRequest, event: Event) -> str:
    run_service(
        request,
        lambda: services.drop_no_shows(request.user, event),
        lambda n: (
            ngettext(
                "%(n)s player who had not checked in dropped.",
                "%(n)s players who had not checked in dropped.",
                n,
            )
            % {"n": n}
        ),
    )
    return "players"


def _pair(request: HttpRequest, event: Event) -> str:
    run_service(
        request,
        lambda: services.pair_next_round(request.user, event),
        lambda r: _("Round %(n)s paired.") % {"n": r.number},
    )
    return "round"


def _repair(request: HttpRequest, event: Event) -> str:
    rnd = current_round(event)
    if rnd is None:
        messages.error(request, _("No round to re-pair."))
        return "round"
    run_service(
        request,
        lambda: services.repair_round(request.user, rnd),
        _("Round %(n)s paired again.") % {"n": rnd.number},
    )
    return "round"


def _clock(request: HttpRequest, event: Event) -> str:
    rnd = current_round(event)
    if rnd is None:
        messages.error(request, _("No round to time."))
        return "round"

    def started(r: Any) -> str:
        ends = clock_words(
            cast(datetime, services.round_timer(r).ends_at),
            event.time_zone or "UTC",
            READER_ZONE.get(),
        )
        return _("Round %(n)s clock started: it ends at %(time)s.") % {"n": r.number, "time": ends}

    run_service(request, lambda: services.start_round_clock(request.user, rnd), started)
    return "round"


def _penalty(request: HttpRequest, event: Event) -> str:
    regs = event.registrations.select_related("player")
    form = PenaltyForm(request.POST, registrations=regs)
    if not form.is_valid():
        messages.error(request, _("Choose a player and an offense."))
        return "penalties"
    r = get_object_or_404(regs, pk=form.cleaned_data["registration"])

    def issued(p: Penalty) -> str:
        r.refresh_from_db()
        text = _("%(kind)s for %(name)s (%(offense)s).") % {
            "kind": _(p.get_kind_display()),
            "name": r.player.display_name,
            "offense": _(p.get_offense_display()),
        }
        if not r.ejected:
            return text
        left = [(t.round.number, t.number) for t in left_to_director(r)]
        words = (text, ejection_words(r.ejection_reason), left_to_director_words(left))
        return " ".join(w for w in words if w)

    data = form.cleaned_data
    run_service(
        request,
        lambda: services.issue_penalty(
            request.user,
            r,
            data["offense"],
            data["note"],
            kind=data["kind"],
            repeats=data.get("repeats"),
        ),
        issued,
    )
    return "penalties"


def _finish(request: HttpRequest, event: Event) -> str:
    early = request.POST.get("early") == "1"
    run_service(
        request,
        lambda: services.finish_event(request.user, event, early=early),
        _("The event is finished."),
    )
    return ""


def _cancel(request: HttpRequest, event: Event) -> str:
    if request.POST.get("confirm") not in ("1", "on", "true"):
        messages.error(
            request, _("Tick the confirmation to cancel the event: it ends for good, never rated.")
        )
        return "cancel-event"
    run_service(
        request,
        lambda: services.cancel_event(request.user, event, reason=request.POST.get("reason", "")),
        _("The event is cancelled: it is over and will never be rated."),
    )
    return ""


ACTIONS: dict[str, Action] = {
    "open": _open,
    "walkin": _walkin,
    "check-in": lambda request, event: _check_in(request, event, True),
    "check-out": lambda request, event: _check_in(request, event, False),
    "drop": _drop,
    "readd": _readd,
    "drop-no-shows": _drop_no_shows,
    "pair": _pair,
    "repair": _repair,
    "clock": _clock,
    "penalty": _penalty,
    "finish": _finish,
    "cancel": _cancel,
}


@require_POST
@login_required
def director_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    """Run one dashboard button; the service checks that the user is the director."""
    event = event_or_404(request, slug)
    handler = ACTIONS.get(action)
    if handler is None:
        raise Http404(_("Unknown action."))
    anchor = handler(request, event)
    return redirect(back_to(request, reverse("event-dashboard", args=[event.slug]), anchor))
