"""Results read from the game servers' records: a thin view over services.records."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotAllowed, NotFound
from tournaments.api import round_serializers as s
from tournaments.api.common import TABLE_PARAMS, event_for, table_of, valid
from tournaments.models import Player, ServerRecord
from tournaments.services import records

TAG = ["results"]


class RecordInputSerializer(serializers.Serializer):
    server = serializers.ChoiceField(choices=ServerRecord.Server.choices)
    record = serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        help_text=(
            "The record's text (a GEMP replay's XML, a meccg-online result token), or "
            "base64 of the file (gzip, zlib or zip)."
        ),
    )
    url = serializers.URLField(
        required=False,
        allow_blank=True,
        help_text="Instead of the record: a link to it on the server (GEMP replays).",
    )


class RecordReadSerializer(serializers.Serializer):
    server = serializers.CharField()
    table = s.TableSerializer()
    reading = serializers.ListField(
        child=serializers.CharField(), help_text="What the record says, in words."
    )
    deck_differences = serializers.ListField(
        child=serializers.CharField(),
        help_text="How the decks on the record differ from the registered lists (staff only).",
    )
    match = serializers.CharField(
        allow_blank=True,
        help_text=(
            "At a table playing best of N: where the match stands after this record's game, "
            'in words ("Game 2 of 3 recorded: Ann 1–1 Bob."); empty at a table of one game.'
        ),
    )


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableRecord(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Read the table's result from a game server's record",
        description=(
            "A GEMP replay or a meccg-online result token fills the table's result: from a "
            "player at the table it is his report, for the other player to confirm; from "
            "the staff it is entered. A record that does not prove a result (a cancelled "
            "game), names other players, ended before the round was paired or was read for "
            "another table is refused with a problem saying why. meccg-online's totals are "
            "not used: the Free Council is counted here from its categories. At a table whose "
            "stage plays best of N, one record is one game: it fills the match's next game, "
            "the answer's match says where the match stands, and the record that decides the "
            "match reports (or, from the staff, enters) the whole match."
        ),
        request=RecordInputSerializer,
        responses={200: RecordReadSerializer},
        examples=[
            OpenApiExample(
                "A GEMP replay link",
                value={
                    "server": "gemp",
                    "url": "https://play.lotrtcgpc.net/gemp-lotr/game.html?replayId=ann$abc",
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = table_of(event_for(request, slug), table_id)
        data: dict[str, Any] = valid(RecordInputSerializer, request)
        read = records.read_table_record(
            request.user,
            table,
            data["server"],
            record=data.get("record") or None,
            url=data.get("url") or None,
        )
        read.table.refresh_from_db()
        return Response(
            RecordReadSerializer(
                {
                    "server": read.record.server,
                    "table": read.table,
                    "reading": read.lines,
                    "deck_differences": read.deck_lines,
                    "match": read.match,
                }
            ).data
        )


class ServerNamesSerializer(serializers.Serializer):
    gemp_name = serializers.CharField(
        max_length=100, allow_blank=True, help_text="The player's user name on GEMP."
    )
    meccg_name = serializers.CharField(
        max_length=100, allow_blank=True, help_text="The player's name on meccg-online."
    )
    time_zone = serializers.CharField(
        max_length=64,
        allow_blank=True,
        required=False,
        help_text="The zone he reads times in (e.g. Europe/Madrid); empty: his browser's.",
    )


def _player(request: Request, pk: int) -> Player:
    player = Player.objects.filter(pk=pk).first()
    if player is None:
        raise NotFound(_("No such player."))
    if not records.may_edit_server_names(request.user, player):
        raise NotAllowed(_("Only the player himself may see and change his server names."))
    return player


@extend_schema(
    tags=TAG,
    parameters=[
        OpenApiParameter("player_id", int, OpenApiParameter.PATH, description="Player id.")
    ],
)
class PlayerServerNames(APIView):
    """A player's user names on the game servers: a record is matched to him by them."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="The player's names on the game servers", responses=ServerNamesSerializer
    )
    def get(self, request: Request, player_id: int) -> Response:
        return Response(ServerNamesSerializer(_player(request, player_id)).data)

    @extend_schema(
        summary="Change the player's names on the game servers",
        request=ServerNamesSerializer,
        responses=ServerNamesSerializer,
    )
    def put(self, request: Request, player_id: int) -> Response:
        player = _player(request, player_id)
        data = valid(ServerNamesSerializer, request)
        player = records.set_server_names(
            request.user, player, data["gemp_name"], data["meccg_name"], data.get("time_zone")
        )
        return Response(ServerNamesSerializer(player).data)
