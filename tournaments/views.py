"""Pages for events (the tournaments engineer grows these into the full set)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import Event, Player


def event_list(request: HttpRequest) -> HttpResponse:
    events = Event.objects.exclude(status=Event.Status.DRAFT)
    return render(request, "tournaments/event_list.html", {"events": events})


def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    return render(request, "tournaments/event_detail.html", {"event": event})


def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    return render(request, "tournaments/player_detail.html", {"player": player})


@login_required
def my_events(request: HttpRequest) -> HttpResponse:
    events = Event.objects.filter(registrations__player__user=request.user)
    return render(request, "tournaments/event_list.html", {"events": events})
