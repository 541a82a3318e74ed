"""The ratings API: seasons and their standings, player histories, replays."""

from __future__ import annotations

from dataclasses import asdict

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound, ServiceError
from ratings import services
from ratings.models import Season
from ratings.serializers import (
    LeagueStandingsSerializer,
    PlayerRatingsSerializer,
    ReplayJobSerializer,
    ReplayRequestSerializer,
    SeasonCreateSerializer,
    SeasonDetailSerializer,
    SeasonSerializer,
)
from ratings.standings import player_history, standings
from tournaments.models import GameSystem, Player
from tournaments.serializers import TournamentErrorSerializer

# Refusals come back as {"detail", "code"} (organizer.api.exception_handler).
ERRORS = {code: TournamentErrorSerializer for code in (400, 403, 404, 415)}

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


def _standings_for(request: Request, game: str, starts_on=None, ends_on=None):
    return standings(
        game,
        starts_on,
        ends_on,
        sort=request.query_params.get("sort"),
        q=request.query_params.get("q", ""),
        page=request.query_params.get("page") or 1,
        page_size=request.query_params.get("page_size") or 100,
    )


class SeasonList(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Seasons (leagues)",
        parameters=[OpenApiParameter("game", OpenApiTypes.STR, description="A game system key.")],
        responses={200: SeasonSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        seasons = Season.objects.all()
        game = request.query_params.get("game")
        if game:
            if game not in GameSystem.values:
                raise ServiceError(
                    f"Unknown game {game!r}: choose one of {', '.join(GameSystem.values)}."
                )
            seasons = seasons.filter(game=game)
        return Response(SeasonSerializer(seasons, many=True).data)

    @extend_schema(
        summary="Create a season (staff)",
        description="A named date range of one game system; league organizers are staff.",
        request=SeasonCreateSerializer,
        responses={201: SeasonSerializer, **ERRORS},
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


class SeasonDetail(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="A season with its standings",
        description="Ranked by the season's peak rating (000 Part VI §3), then current rating.",
        parameters=STANDINGS_PARAMS,
        responses={200: SeasonDetailSerializer, **ERRORS},
        examples=[
            OpenApiExample(
                "A season",
                value={
                    "season": {
                        "id": 1,
                        "name": "LoRE 2026",
                        "slug": "lore-2026",
                        "game": "lore",
                        "starts_on": "2026-01-01",
                        "ends_on": "2026-12-31",
                        "description": "",
                        "url": "/leagues/seasons/lore-2026/",
                    },
                    "standings": {
                        "game": "lore",
                        "starts_on": "2026-01-01",
                        "ends_on": "2026-12-31",
                        "count": 1,
                        "total": 1,
                        "page": 1,
                        "pages": 1,
                        "page_size": 100,
                        "sort": "rank",
                        "q": "",
                        "rows": [ROW_EXAMPLE],
                    },
                },
                response_only=True,
            )
        ],
    )
    def get(self, request: Request, slug: str) -> Response:
        season = Season.objects.filter(slug=slug).first()
        if season is None:
            raise NotFound(f"No season {slug!r}.")
        table = _standings_for(request, season.game, season.starts_on, season.ends_on)
        return Response(
            {
                "season": SeasonSerializer(season).data,
                "standings": LeagueStandingsSerializer(asdict(table)).data,
            }
        )


class GameStandings(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="All-time ratings of one game system",
        parameters=STANDINGS_PARAMS,
        responses={200: LeagueStandingsSerializer, **ERRORS},
    )
    def get(self, request: Request, game: str) -> Response:
        if game not in GameSystem.values:
            raise NotFound(f"No game system {game!r}.")
        return Response(LeagueStandingsSerializer(asdict(_standings_for(request, game))).data)


class PlayerRatings(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="A player's rating history",
        description="Every rated game (and winner's bonus) per game system, oldest first, "
        "with the rating before, the change and the rating after.",
        responses={200: PlayerRatingsSerializer, **ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        player = Player.objects.filter(pk=pk).first()
        if player is None:
            raise NotFound(f"No player {pk}.")
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


class Replay(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary="Replay a game system's ratings",
        description="Staff or a director of a sanctioned event of that game. Queues a replay "
        "of the whole ledger from the stored results; poll the job for progress.",
        request=ReplayRequestSerializer,
        responses={202: ReplayJobSerializer, **ERRORS},
        examples=[OpenApiExample("LoRE", value={"game": "lore"}, request_only=True)],
    )
    def post(self, request: Request) -> Response:
        body = ReplayRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        job = services.request_replay(request.user, body.validated_data["game"])
        job.refresh_from_db()
        return Response(ReplayJobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class ReplayJobDetail(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(summary="Progress of a replay", responses={200: ReplayJobSerializer, **ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(ReplayJobSerializer(services.job_for(request.user, pk)).data)
