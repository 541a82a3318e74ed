"""Online events' rounds: windows with a deadline, and the game server's rooms (thin
views over services.windows and services.rooms)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound
from tournaments.api.common import SLUG, event_for, round_of, valid
from tournaments.models import GameRoomSettings, RoundWindow
from tournaments.rules.windows import in_zone
from tournaments.services import rooms, windows
from tournaments.words.windows import losses_undone_words

TAG = ["rounds"]
PARAMS = [SLUG, OpenApiParameter("number", int, OpenApiParameter.PATH, description="Round.")]


class RoundWindowSerializer(serializers.Serializer):
    opens_at = serializers.DateTimeField(
        help_text="When the window opens; without an offset, a time in the event's zone."
    )
    deadline = serializers.DateTimeField(
        help_text="When it closes; without an offset, a time in the event's zone."
    )
    deadline_rule = serializers.ChoiceField(
        choices=RoundWindow.DeadlineRule.choices,
        default=RoundWindow.DeadlineRule.DOUBLE_LOSS,
        help_text=(
            "What a table without a result gets at the deadline (RULES.md §8): a double loss "
            "(the default; the director may still enter a result), the director decides, or "
            "the director enters the result."
        ),
    )
    deadline_applied_at = serializers.DateTimeField(read_only=True, allow_null=True)
    overdue_tables = serializers.ListField(
        child=serializers.IntegerField(),
        read_only=True,
        help_text="Numbers of the tables without a result when the deadline passed.",
    )


class WindowSavedSerializer(RoundWindowSerializer):
    losses_undone = serializers.ListField(
        child=serializers.IntegerField(),
        read_only=True,
        help_text=(
            "Numbers of the tables whose double loss at the old deadline was taken back "
            "because the deadline moved later: they wait for a result again."
        ),
    )
    message = serializers.CharField(
        read_only=True, allow_blank=True, help_text="What was taken back, in words."
    )


class EventZoneDateTimeField(serializers.DateTimeField):
    """A time kept as given: with its offset, or naive for the view to read in the
    event's zone (DRF would read a naive time in the site's zone)."""

    def enforce_timezone(self, value: Any) -> Any:
        return value


class WindowInputSerializer(RoundWindowSerializer):
    opens_at = EventZoneDateTimeField(
        help_text="When the window opens; without an offset, a time in the event's zone."
    )
    deadline = EventZoneDateTimeField(
        help_text="When it closes; without an offset, a time in the event's zone."
    )


@extend_schema(tags=TAG, parameters=PARAMS)
class RoundWindowView(APIView):
    """A round played in a window with a deadline (online events, RULES.md §8)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(summary="The round's window", responses={200: RoundWindowSerializer})
    def get(self, request: Request, slug: str, number: int) -> Response:
        rnd = round_of(event_for(request, slug), number)
        window = RoundWindow.objects.filter(round=rnd).first()
        if window is None:
            raise NotFound(_("Round %(n)s has no window.") % {"n": number})
        return Response(RoundWindowSerializer(window).data)

    @extend_schema(
        summary="Set the round's window (director)",
        request=WindowInputSerializer,
        responses={200: WindowSavedSerializer},
    )
    def put(self, request: Request, slug: str, number: int) -> Response:
        event = event_for(request, slug)
        rnd = round_of(event, number)
        data = valid(WindowInputSerializer, request)
        saved = windows.set_window(
            request.user,
            rnd,
            in_zone(data["opens_at"], event.time_zone),
            in_zone(data["deadline"], event.time_zone),
            data["deadline_rule"],
        )
        undone = saved.losses_undone
        return Response(
            {
                **RoundWindowSerializer(saved.window).data,
                "losses_undone": undone,
                "message": losses_undone_words(undone) if undone else "",
            }
        )


class GameRoomSettingsSerializer(serializers.Serializer):
    game_server = serializers.ChoiceField(
        source="server",
        choices=GameRoomSettings.Server.choices,
        help_text="The server the event plays on.",
    )
    room_prefix = serializers.CharField(
        max_length=16,
        allow_blank=True,
        required=False,
        default="",
        help_text="Letters and digits before each room's name; empty: the event's slug.",
    )
    server_url = serializers.CharField(
        allow_blank=True,
        required=False,
        default="",
        help_text="meccg-online's address, for links to the rooms (https://…).",
    )


@extend_schema(tags=TAG, parameters=[SLUG])
class GameRooms(APIView):
    """The server an online event plays on; each table's room follows from it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Set the event's game server and room rule (director)",
        request=GameRoomSettingsSerializer,
        responses={200: GameRoomSettingsSerializer},
    )
    def put(self, request: Request, slug: str) -> Response:
        event = event_for(request, slug)
        data = valid(GameRoomSettingsSerializer, request)
        settings = rooms.set_game_rooms(
            request.user, event, data["server"], data["room_prefix"], data["server_url"]
        )
        return Response(GameRoomSettingsSerializer(settings).data)
