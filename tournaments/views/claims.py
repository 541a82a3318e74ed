"""Claiming a walk-in entry from a page: a signed-in person finds the entry the director
made for him at the door and says it is his; the director confirms or refuses (one
person, one entry). The API twin is tournaments.api.registration."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.models import Registration
from tournaments.permissions import Capability, can
from tournaments.views.choices import narrowed
from tournaments.views.common import event_or_404, run_service


@login_required
def claims(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    director = can(request.user, event, Capability.RUN_EVENT)
    if request.method == "POST":
        if "claim" in request.POST:
            reg = get_object_or_404(Registration, pk=_pk(request.POST.get("claim")), event=event)
            run_service(
                request,
                lambda: services.claim_entry(request.user, reg),
                _("Claim sent: the director confirms it."),
            )
        elif "decide" in request.POST:
            accept = request.POST.get("accept") == "1"
            run_service(
                request,
                lambda: services.decide_claim(
                    request.user, event, _pk(request.POST.get("decide")), accept
                ),
                _("Claim confirmed: the entries are merged.") if accept else _("Claim refused."),
            )
        return redirect("event-claims", slug=event.slug)
    query = request.GET.get("q", "")
    walk_ins = list(
        event.registrations.filter(player__user__isnull=True)
        .order_by("player__display_name")
        .values_list("pk", "player__display_name")
    )
    shown, narrow = narrowed(walk_ins, query)
    return render(
        request,
        "tournaments/claims.html",
        {
            "event": event,
            "walk_ins": shown,
            "narrowed": narrow,
            "q": query,
            "open_claims": services.open_claims(event) if director else [],
            "director": director,
        },
    )


def _pk(value: str | None) -> int:
    value = (value or "").strip()
    return int(value) if value.isdigit() else 0
