"""One round's pairings a page at a time: bounded however big the round,
searchable by name, cacheable for anonymous readers (tournaments.views.page_cache)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api import round_serializers as s
from tournaments.api.common import ROUND_PARAMS, TAG, event_for, round_of
from tournaments.models import Table
from tournaments.services.decks_played import decks_shown
from tournaments.services.pairings import round_tables_query
from tournaments.services.round_heats import heat_in_round, round_heat_count
from tournaments.services.standings.snapshot import snapshot_state
from tournaments.views import page_cache

Q = OpenApiParameter(
    "q", OpenApiTypes.STR, description="Only tables where a player's name contains this."
)
HEAT = OpenApiParameter(
    "heat",
    OpenApiTypes.INT,
    description="Only the tables of this heat (a round of a Swiss played in heats); a heat "
    "the round does not have, or any heat in a round not played in heats, is a 400.",
)


class HeatQuerySerializer(serializers.Serializer):
    schema_input_only = True

    heat = serializers.IntegerField(required=False, allow_null=True)


@extend_schema(tags=TAG, parameters=[*ROUND_PARAMS, Q, HEAT])
class RoundTables(generics.ListAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    serializer_class = s.TableSerializer
    filter_backends: list = []

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Table.objects.none()
        event = event_for(self.request, self.kwargs["slug"])
        snapshot_state(event)  # the version anonymous pages are cached under
        rnd = round_of(event, self.kwargs["number"])
        query = self.request.query_params.get("q", "").strip()
        params = HeatQuerySerializer(data=self.request.query_params)
        params.is_valid(raise_exception=True)
        asked = params.validated_data.get("heat")
        count = round_heat_count(rnd)
        self._heat_counts = {rnd.pk: count}  # the tables' heat field reads it (heat_fields)
        heat = None if asked is None else heat_in_round(asked, count)
        return round_tables_query(rnd, query, heat).select_related("round")

    def paginate_queryset(self, queryset: Any) -> Any:
        page = super().paginate_queryset(queryset)
        # The page's decks in one pass rather than one table at a time.
        tables = list(page if page is not None else queryset)
        self._decks = decks_shown(tables[0].round.event, tables) if tables else {}
        return page

    def get_serializer_context(self) -> dict[str, Any]:
        return {
            **super().get_serializer_context(),
            "decks_shown": getattr(self, "_decks", {}),
            "heat_counts": getattr(self, "_heat_counts", {}),
        }

    @extend_schema(summary="A round's tables, a page at a time, in table order")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        response = super().get(request, *args, **kwargs)
        if not request.user.is_authenticated:
            page_cache.visitor_cacheable(response)
        return response
