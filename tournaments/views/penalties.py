"""Penalty pages of the staff: ejecting a player after a page that names him, and
rescinding a warning or an ejection."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.models import Penalty
from tournaments.views.common import back, confirm_one, run_service, staff_event


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
            _("Penalty rescinded."),
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
            "question": _("Eject this player? He is dropped from later rounds and cannot place."),
            "offenses": Penalty.Offense.choices,
            "note": True,
            "button": _("Eject"),
            "danger": True,
        },
        judge=True,
        after="event-day",
    )
