"""Calendar feeds (.ics): an event's rounds, and one player's games by his private token
(thin views over services.calendar)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.http import http_date
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.models import Event
from tournaments.services import calendar
from tournaments.services.calendar import Feed

CONTENT_TYPE = "text/calendar; charset=utf-8"


def site_of(request: HttpRequest) -> str:
    return f"{request.scheme}://{request.get_host()}"


def _answer(request: HttpRequest, found: Feed, filename: str) -> HttpResponse:
    modified = int(found.last_modified.timestamp()) if found.last_modified else None
    response = HttpResponse(found.body, content_type=CONTENT_TYPE)
    response["ETag"] = found.etag
    if modified is not None:
        response["Last-Modified"] = http_date(modified)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    # A calendar program asks again every few hours: an unchanged feed answers 304.
    answer = get_conditional_response(
        request, etag=found.etag, last_modified=modified, response=response
    )
    return answer if answer is not None else response


@require_safe
def event_calendar(request: HttpRequest, slug: str) -> HttpResponse:
    event = Event.objects.visible_to(request.user).filter(slug=slug).first()
    if event is None:
        raise Http404(_("No such event."))
    return _answer(request, calendar.event_feed(event, site_of(request)), f"{event.slug}.ics")


@require_safe
def player_calendar(request: HttpRequest, token: str) -> HttpResponse:
    player = calendar.player_for_token(token)
    if player is None:
        raise Http404(_("No such calendar."))
    return _answer(request, calendar.player_feed(player, site_of(request)), "my-games.ics")
