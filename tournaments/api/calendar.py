"""The signed-in player's private calendar feed address (services.calendar)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound
from core.types import signed_in
from tournaments.models import Player
from tournaments.services import calendar


class CalendarLinksSerializer(serializers.Serializer):
    url = serializers.URLField(help_text="The feed (.ics) of your rounds, over https.")
    webcal = serializers.CharField(
        help_text="The same feed as webcal://, which calendar programs open as a subscription."
    )


def _own_player(request: Request) -> Player:
    player = Player.objects.filter(user=signed_in(request.user)).first()
    if player is None:
        raise NotFound(_("You have no player profile yet."))
    return player


def _links(request: Request, player: Player) -> Response:
    links = calendar.subscribe_links(player, f"{request.scheme}://{request.get_host()}")
    if not links["active"]:
        raise NotFound(_("Your calendar feed is off: make a new link to subscribe again."))
    return Response(CalendarLinksSerializer(links).data)


class MyCalendar(APIView):
    """The signed-in player's private feed: its link; turning it off (every link then
    answers 404, until he renews it)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=["players"], summary="My calendar feed's link", responses=CalendarLinksSerializer
    )
    def get(self, request: Request) -> Response:
        return _links(request, _own_player(request))

    @extend_schema(tags=["players"], summary="Turn my calendar feed off", responses={204: None})
    def delete(self, request: Request) -> Response:
        calendar.turn_off_calendar(request.user, _own_player(request))
        return Response(status=204)


class MyCalendarRenew(APIView):
    """A new private link for the signed-in player's feed; every earlier one answers 404."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=["players"], summary="Renew my calendar feed's link", request=None,
        responses=CalendarLinksSerializer,
    )  # fmt: skip
    def post(self, request: Request) -> Response:
        return _links(request, calendar.renew_calendar_link(request.user, _own_player(request)))
