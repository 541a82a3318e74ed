"""The site's home page: what runs now, what opens soon, what just finished."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Event
from tournaments.services.live import playing_events
from tournaments.views import presenters


def home(request: HttpRequest) -> HttpResponse:
    events = Event.objects.exclude(status=Event.Status.DRAFT).select_related("organizer")
    context = {
        "running": events.filter(status=Event.Status.RUNNING)[:10],
        "upcoming": events.filter(status=Event.Status.REGISTRATION)[:10],
        "finished": events.filter(status=Event.Status.FINISHED)[:5],
        # A signed-in player at a running event sees his table first.
        "tables_now": presenters.tables_now(request.user),
        # ... and the cards follow the event (a round paired, a result in) without a reload.
        "live_cards": bool(playing_events(request.user)),
    }
    return render(request, "home.html", context)
