"""The live pages' small answer: the event's version with an ETag, 304 while unchanged.
static/js/live.js polls it and reloads the page when the event changed."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.views.decorators.http import require_GET

from tournaments.services.live import live_version, player_live_version
from tournaments.views.common import event_or_404


@require_GET
def live(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    return _versioned(request, f'"live-{live_version(event)}"')


@require_GET
def my_live(request: HttpRequest) -> HttpResponse:
    """The home page's cards: one version for every running event the user plays in."""
    return _versioned(request, f'"me-{player_live_version(request.user)}"', private=True)


def _versioned(request: HttpRequest, etag: str, private: bool = False) -> HttpResponse:
    # A player's own answer is his alone: no shared cache may keep it.
    headers = {"ETag": etag, "Cache-Control": "private, no-cache" if private else "no-cache"}
    if request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified(headers=headers)
    response = JsonResponse({"version": etag.strip('"')})
    for key, value in headers.items():
        response[key] = value
    return response
