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


class MyCalendar(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=["players"], responses=CalendarLinksSerializer)
    def get(self, request: Request) -> Response:
        player = Player.objects.filter(user=signed_in(request.user)).first()
        if player is None:
            raise NotFound(_("You have no player profile yet."))
        site = f"{request.scheme}://{request.get_host()}"
        return Response(CalendarLinksSerializer(calendar.subscribe_links(player, site)).data)
