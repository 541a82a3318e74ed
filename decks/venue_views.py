"""Deck lists entered at the venue: the director enters or replaces a player's list (a
walk-in has no account). A decks page, because it writes deck lists; it sits beside the
staff pages of tournaments (the director's hub)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from decks.labels import player_type_name
from decks.services import deck_status_for_event, submit_decklist
from decks.slots import slot_names
from rules_engine.deckrules import PLAYER_TYPES
from tournaments import services as tournament_services
from tournaments.models import Registration
from tournaments.rules.deck_choice import GENERAL_OPPONENT, PAIR_SLOTS
from tournaments.views.choices import narrowed
from tournaments.views.common import run_service, staff_event


def _registration_pk(value: str | None) -> int:
    """The posted registration's id; anything that is not one finds no registration (404)."""
    value = (value or "").strip()
    return int(value) if value.isdigit() else 0


@login_required
def venue_decklist(request: HttpRequest, slug: str) -> HttpResponse:
    """The director enters or replaces a player's list (a walk-in has no account)."""
    event = staff_event(request, slug)
    if request.method == "POST":
        reg = get_object_or_404(
            Registration, pk=_registration_pk(request.POST.get("registration")), event=event
        )
        version = run_service(
            request,
            lambda: submit_decklist(
                request.user,
                event,
                request.POST.get("text", ""),
                request.POST.get("player_type") or None,
                registration=reg,
                slot=request.POST.get("slot", ""),
                faces_fallen_wizards=request.POST.get("faces_fallen_wizards") == "on"
                if request.POST.get("slot") in PAIR_SLOTS
                else None,
            ),
            _("Deck list saved for %(name)s.") % {"name": reg.player.display_name},
        )
        if version is not None and not version.legal:
            messages.warning(request, _("This list breaks the construction rules."))
        return redirect("venue-decks", slug=event.slug)
    query = request.GET.get("q", "")
    everyone = list(
        event.registrations.order_by("player__display_name").values_list(
            "pk", "player__display_name"
        )
    )
    registrations, narrow = narrowed(everyone, query)
    return render(
        request,
        "tournaments/venue_decks.html",
        {
            "event": event,
            "readiness": tournament_services.deck_readiness_for(
                event, deck_status_for_event(event)
            ),
            "registrations": registrations,
            "narrowed": narrow,
            "q": query,
            "player_types": [(p, player_type_name(p)) for p in PLAYER_TYPES]
            if event.game == "metw"
            else [],
            # Several lists per player: which one is entered.
            "slots": [s for s in slot_names(event) if s[0]],
            "pair": event.decks_per_player == GENERAL_OPPONENT,
        },
    )
