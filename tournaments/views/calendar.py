"""Calendar feeds (.ics): an event's rounds, and one player's games by his private token
(thin views over services.calendar)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.cache import get_conditional_response
from django.utils.http import http_date
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from core.types import signed_in
from tournaments.models import Event, Player
from tournaments.services import calendar
from tournaments.services.calendar import Feed
from tournaments.views.common import back_to

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


@require_POST
@login_required
def my_calendar_link(request: HttpRequest) -> HttpResponse:
    """The player renews his feed's private link (every earlier one answers 404) or turns
    the feed off; back to the page he was on."""
    player = Player.objects.filter(user=signed_in(request.user)).first()
    if player is None:
        raise Http404(_("You have no player profile yet."))
    if request.POST.get("action") == "off":
        calendar.turn_off_calendar(request.user, player)
        messages.success(request, _("Your calendar feed is off: its link no longer answers."))
    else:
        calendar.renew_calendar_link(request.user, player)
        messages.success(
            request, _("Your calendar feed has a new link: the old one no longer answers.")
        )
    return redirect(back_to(request, reverse("my-events"), anchor="cal-h"))
