"""Penalty pages of the staff: issuing a penalty (asking first when it ejects), ejecting
a player after a page that names them, and rescinding a warning or an ejection."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.models import Event, Penalty, Registration
from tournaments.services.ejected_tables import left_to_director
from tournaments.services.penalties import ejection_preview
from tournaments.services.playoff_ejection import kept_opponents
from tournaments.views.common import back, confirm_one, run_service, staff_event
from tournaments.views.forms import PenaltyForm
from tournaments.words.penalties import (
    ejection_preview_words,
    ejection_words,
    kept_matches_words,
    left_to_director_words,
)

# The dashboard's penalty form as it was sent, kept when it is refused so the same player
# stays chosen (tournaments.views.director reads it back).
KEPT_PENALTY_FORM = "penalty_form"
FORM_FIELDS = ("registration", "offense", "kind", "note", "repeats")


def _dashboard(event: Event) -> HttpResponse:
    return redirect(reverse("event-dashboard", args=[event.slug]) + "#penalties")


def _refused(request: HttpRequest, event: Event, message: str) -> HttpResponse:
    messages.error(request, message)
    request.session[KEPT_PENALTY_FORM] = {k: request.POST.get(k, "") for k in FORM_FIELDS}
    return _dashboard(event)


def _issued_words(reg: Registration, penalty: Penalty) -> str:
    reg.refresh_from_db()
    text = _("%(kind)s for %(name)s (%(offense)s).") % {
        "kind": _(penalty.get_kind_display()),
        "name": reg.player.display_name,
        "offense": _(penalty.get_offense_display()),
    }
    if not reg.ejected:
        return text
    left = [(t.round.number, t.number) for t in left_to_director(reg)]
    return " ".join(
        w for w in (text, ejection_words(reg.ejection_reason), left_to_director_words(left)) if w
    )


def _rescinded_words(registration_id: int) -> str:
    """Done; and when the lifted ejection leaves a top-cut match decided, why."""
    reg = Registration.objects.select_related("player", "event").get(pk=registration_id)
    kept = kept_matches_words(reg.player.display_name, kept_opponents(reg))
    return " ".join(w for w in (_("Penalty rescinded."), kept) if w)


@require_POST
@login_required
def issue(request: HttpRequest, slug: str) -> HttpResponse:
    """The dashboard's penalty form: a warning that would eject is not issued before a
    page says so and the director confirms; a refusal keeps the chosen player."""
    event = staff_event(request, slug, judge=True)
    regs = event.registrations.select_related("player")
    form = PenaltyForm(request.POST, registrations=regs)
    if not form.is_valid():
        return _refused(request, event, _("Choose a player and an offense."))
    data = form.cleaned_data
    reg = get_object_or_404(regs, pk=data["registration"])
    ejection = ejection_preview(reg, data["offense"], data["kind"], data.get("repeats"))
    asked = data["kind"] == Penalty.Kind.EJECTION
    if ejection is not None and not asked and request.POST.get("confirm") != "1":
        offense = _(Penalty.Offense(data["offense"]).label).lower()
        # Reached by the warnings' ladder, or an offense that ejects at once (cheating).
        ladder = ejection.code in ("same_offense", "total_warnings")
        context: dict[str, Any] = {
            "event": event,
            "title": _("Issue a warning that ejects") if ladder else _("Eject a player"),
            "question": ejection_preview_words(ejection, reg.player.display_name, offense),
            "names": [reg.player.display_name],
            "hidden": [(k, request.POST.get(k, "")) for k in FORM_FIELDS] + [("confirm", "1")],
            "button": _("Issue the warning and eject") if ladder else _("Eject"),
            "danger": True,
        }
        return render(request, "tournaments/confirm_action.html", context)
    done = run_service(
        request,
        lambda: services.issue_penalty(
            request.user,
            reg,
            data["offense"],
            data["note"],
            kind=data["kind"],
            repeats=data.get("repeats"),
        ),
        lambda penalty: _issued_words(reg, penalty),
    )
    if done is None:
        request.session[KEPT_PENALTY_FORM] = {k: request.POST.get(k, "") for k in FORM_FIELDS}
    return _dashboard(event)


@login_required
def rescind(request: HttpRequest, slug: str, penalty_id: int) -> HttpResponse:
    event = staff_event(request, slug)
    penalty = get_object_or_404(
        Penalty.objects.select_related("registration__player"),
        pk=penalty_id,
        registration__event=event,
    )
    if request.method == "POST":
        done = run_service(
            request,
            lambda: services.rescind_penalty(
                request.user, penalty.pk, request.POST.get("note", "")
            ),
            lambda _done: _rescinded_words(penalty.registration_id),
        )
        if done is not None:
            return back(event)
    return render(
        request,
        "tournaments/confirm_action.html",
        {
            "event": event,
            "title": _("Rescind a penalty"),
            "question": _("Rescind this %(kind)s (%(offense)s)?")
            % {
                "kind": penalty.get_kind_display().lower(),
                "offense": penalty.get_offense_display().lower(),
            },
            "names": [penalty.registration.player.display_name],
            "note": True,
            "button": _("Rescind"),
        },
    )


@login_required
def eject(request: HttpRequest, slug: str, registration_id: int) -> HttpResponse:
    """Eject one player (000 Part VI §3), after a page that names him and asks why."""
    return confirm_one(
        request,
        slug,
        registration_id,
        lambda staff_event, reg: services.issue_penalty(
            request.user,
            reg,
            request.POST.get("offense", ""),
            request.POST.get("note", ""),
            kind=Penalty.Kind.EJECTION,
        ),
        _("%(name)s ejected."),
        {
            "title": _("Eject a player"),
            "question": _(
                "Eject this player? They are dropped from later rounds and cannot place."
            ),
            "offenses": Penalty.Offense.choices,
            "note": True,
            "button": _("Eject"),
            "danger": True,
        },
        judge=True,
        after="event-hub",
    )
