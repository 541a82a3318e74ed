"""The formats and card names a client can offer before a list is checked."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from decks import services
from decks.api.common import TAG, valid
from decks.api.serializers import CardQuery, CardSerializer, FormatQuery, FormatSerializer
from decks.models import DeckGame
from decks.sources import rule_source_data


class FormatsView(generics.ListAPIView):
    permission_classes = [AllowAny]
    filter_backends: list = []  # a list, not a queryset: the query is checked in get_queryset
    serializer_class = FormatSerializer

    def get_queryset(self) -> list[dict[str, Any]]:  # type: ignore[override]
        from decks.models import Format

        game = valid(FormatQuery, self.request.query_params).get("game")
        rows = Format.objects.select_related("based_on").order_by("game", "id")
        if game:
            rows = rows.filter(game=game)
        return [
            {
                "game": f.game,
                "key": f.key,
                "name": f.name,
                "description": f.description,
                "source": f.source,
                "rule_source": rule_source_data(f.rule_source),
                "based_on": f.based_on.key if f.based_on else None,
                "rules": f.rules,
            }
            for f in rows
        ]

    @extend_schema(
        tags=TAG,
        summary="Formats of a game",
        parameters=[
            OpenApiParameter(
                "game", str, enum=DeckGame.values, description="Only this game (all when absent)."
            )
        ],
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class CardsView(generics.ListAPIView):
    permission_classes = [AllowAny]
    filter_backends: list = []  # a list, not a queryset: the query is checked in get_queryset
    serializer_class = CardSerializer

    def get_queryset(self) -> list[dict[str, Any]]:  # type: ignore[override]
        query = valid(CardQuery, self.request.query_params)
        # Every match, paginated (no silent cap): best matches first.
        return services.search_cards(query["game"], query.get("q", ""), limit=100_000)

    @extend_schema(
        tags=TAG,
        summary="Search card names",
        parameters=[
            OpenApiParameter("game", str, required=True, enum=DeckGame.values),
            OpenApiParameter(
                "q", str, description="Part of a name; case, accents and punctuation ignored."
            ),
        ],
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)
