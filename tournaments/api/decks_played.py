"""Recording which list each player played at a table (General Opponent, when the table
alone does not say: docs/decks-per-player.md)."""

from __future__ import annotations

from typing import cast

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import services
from tournaments.api import round_serializers as s
from tournaments.api.common import TABLE_PARAMS, TAG, event_for, table_of, valid


class DeckPlayedSerializer(serializers.Serializer):
    schema_input_only = True

    registration = serializers.IntegerField()
    slot = serializers.CharField(
        allow_blank=True, max_length=100,
        help_text="'vs-hero' or 'vs-minion'; empty clears what was recorded.",
    )  # fmt: skip


class DecksPlayedSerializer(serializers.Serializer):
    schema_input_only = True

    decks = DeckPlayedSerializer(many=True, max_length=5)  # type: ignore[call-arg]


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableDecks(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Record the decks played at a table (its players or the staff)",
        request=DecksPlayedSerializer,
        responses={200: s.TableSerializer},
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = table_of(event_for(request, slug), table_id)
        data = valid(DecksPlayedSerializer, request)
        rows = cast(list[dict[str, object]], data["decks"])
        services.record_decks_played(
            request.user, table, {int(str(r["registration"])): str(r["slot"]) for r in rows}
        )
        table.refresh_from_db()
        return Response(s.TableSerializer(table).data)
