"""The ratings API: seasons and their standings, player histories, replays."""

from __future__ import annotations

from dataclasses import asdict

import django_filters
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import generics, permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import APIView

from core.errors import NotFound
from ratings import services
from ratings.history import player_history
from ratings.league.page import league_page
from ratings.models import Season
from ratings.serializers import (
    LeagueTableSerializer,
    PlayerRatingsSerializer,
    ReplayJobSerializer,
    ReplaySerializer,
    SeasonCreateSerializer,
    SeasonSerializer,
)
from tournaments.models import GameSystem, Player

TAG = ["ratings"]

STANDINGS_PARAMS = [
    OpenApiParameter(
        "sort",
        OpenApiTypes.STR,
        description="rank (default), name, rating, peak, events, games, wins, losses, draws, "
        "points; prefix '-' for descending.",
    ),
    OpenApiParameter("q", OpenApiTypes.STR, description="Part of a player's name."),
    OpenApiParameter("page", OpenApiTypes.INT, description="From 1."),
    OpenApiParameter("page_size", OpenApiTypes.INT, description="1 to 500 (default 100)."),
]


class SeasonFilter(django_filters.FilterSet):
    game = django_filters.ChoiceFilter(choices=GameSystem.choices, help_text="Only this game.")

    class Meta:
        model = Season
        fields = ["game"]


ROW_EXAMPLE = {
    "rank": 1,
    "player_id": 12,
    "name": "Elrond",
    "rating": 171,
    "peak": 174,
    "events": 3,
    "games": 12,
    "wins": 9,
    "losses": 2,
    "draws": 1,
    "points": 61,
    "history": [150, 156, 161, 167, 174, 171],
}


def league_table(request: Request, game: str, starts_on=None, ends_on=None) -> Response:
    """One page of a league table in the API's one list shape, plus what it was sorted by."""
    table = league_page(
        game,
        starts_on,
        ends_on,
        sort=request.query_params.get("sort"),
        q=request.query_params.get("q", ""),
        page=request.query_params.get("page") or 1,
        page_size=request.query_params.get("page_size") or 100,
    )
    url = request.build_absolute_uri()
    data = asdict(table)
    return Response(
        LeagueTableSerializer(
            {
                "count": table.count,
                "next": replace_query_param(url, "page", table.page + 1)
                if table.page < table.pages
                else None,
                "previous": replace_query_param(url, "page", table.page - 1)
                if table.page > 1
                else None,
                "results": data["rows"],
                "total": table.total,
                "sort": table.sort,
                "q": table.q,
                "starts_on": table.starts_on,
                "ends_on": table.ends_on,
            }
        ).data
    )


@extend_schema(tags=TAG)
class SeasonList(generics.ListAPIView):
    permission_classes = [permissions.AllowAny]
    serializer_class = SeasonSerializer
    filterset_class = SeasonFilter
    queryset = Season.objects.all()

    @extend_schema(summary="Seasons (leagues)")
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Create a season (staff)",
        description="A named date range of one game system; league organizers are staff.",
        request=SeasonCreateSerializer,
        responses={201: SeasonSerializer},
        examples=[
            OpenApiExample(
                "LoRE 2027",
                value={
                    "name": "LoRE 2027",
                    "game": "lore",
                    "starts_on": "2027-01-01",
                    "ends_on": "2027-12-31",
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        serializer = SeasonCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        season = services.create_season(request.user, **serializer.validated_data)
        return Response(SeasonSerializer(season).data, status=status.HTTP_201_CREATED)


def _season(slug: str) -> Season:
    season = Season.objects.filter(slug=slug).first()
    if season is None:
        raise NotFound(_("No season '%(slug)s'.") % {"slug": slug})
    return season


@extend_schema(tags=TAG)
class SeasonDetail(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="A season", responses={200: SeasonSerializer})
    def get(self, request: Request, slug: str) -> Response:
        return Response(SeasonSerializer(_season(slug)).data)


@extend_schema(tags=TAG)
class SeasonStandings(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="A season's league table (ETag: poll with If-None-Match)",
        description="Ranked by the season's peak rating (000 Part VI §3), then current rating.",
        parameters=STANDINGS_PARAMS,
        responses={200: LeagueTableSerializer},
        examples=[
            OpenApiExample(
                "A season's table",
                value={
                    "count": 1,
                    "next": None,
                    "previous": None,
                    "results": [ROW_EXAMPLE],
                    "total": 1,
                    "sort": "rank",
                    "q": "",
                    "starts_on": "2026-01-01",
                    "ends_on": "2026-12-31",
                },
                response_only=True,
            )
        ],
    )
    def get(self, request: Request, slug: str) -> Response:
        season = _season(slug)
        return league_table(request, season.game, season.starts_on, season.ends_on)


@extend_schema(tags=TAG)
class GameStandings(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="All-time league table of one game system (ETag: poll with If-None-Match)",
        parameters=STANDINGS_PARAMS,
        responses={200: LeagueTableSerializer},
    )
    def get(self, request: Request, game: str) -> Response:
        if game not in GameSystem.values:
            raise NotFound(_("No game system '%(game)s'.") % {"game": game})
        return league_table(request, game)


@extend_schema(tags=TAG)
class PlayerRatings(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="A player's rating history",
        description="Every rated game (and winner's bonus) per game system, oldest first, "
        "with the rating before, the change and the rating after.",
        responses={200: PlayerRatingsSerializer},
    )
    def get(self, request: Request, pk: int) -> Response:
        player = Player.objects.filter(pk=pk).first()
        if player is None:
            raise NotFound(_("No player %(pk)s.") % {"pk": pk})
        histories = player_history(player)
        data = {
            "player_id": player.pk,
            "name": player.display_name,
            "games": [
                {
                    "game": h.game,
                    "label": h.label,
                    "rating": h.rating,
                    "peak": h.peak,
                    "games": h.games,
                    "entries": h.entries,
                }
                for h in histories
            ],
        }
        return Response(PlayerRatingsSerializer(data).data)


@extend_schema(tags=TAG)
class Replay(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary="Replay a game system's ratings",
        description="Staff or a director of a sanctioned event of that game. Queues a replay "
        "of the whole ledger from the stored results; poll the job for progress.",
        request=ReplaySerializer,
        responses={202: ReplayJobSerializer},
        examples=[OpenApiExample("LoRE", value={"game": "lore"}, request_only=True)],
    )
    def post(self, request: Request) -> Response:
        body = ReplaySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        job = services.request_replay(request.user, body.validated_data["game"])
        job.refresh_from_db()
        return Response(ReplayJobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


@extend_schema(tags=TAG)
class ReplayJobDetail(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(summary="Progress of a replay", responses={200: ReplayJobSerializer})
    def get(self, request: Request, pk: int) -> Response:
        return Response(ReplayJobSerializer(services.job_for(request.user, pk)).data)
