"""The reader's time zone for the whole request: every time a page shows (``when``,
``clock``, ``{% event_time %}``) is in the event's zone and in his (RULES.md §8: players of
online events live on several continents)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from tournaments.words.times import READER_ZONE, reader_zone_of


class ReaderZoneMiddleware:
    """After authentication: the reader's zone is his profile's, else his browser's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # The page's zone is the one its view activates (an event's); a zone activated by
        # the thread's previous request must not stay on for this one.
        timezone.deactivate()
        token = READER_ZONE.set(reader_zone_of(getattr(request, "user", None), request.COOKIES))
        try:
            return self.get_response(request)
        finally:
            READER_ZONE.reset(token)
