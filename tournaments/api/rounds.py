"""Rounds, pairings and results: thin DRF views over tournaments.services."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import services
from tournaments.api import round_serializers as s
from tournaments.api.common import (
    ROUND_PARAMS,
    SLUG,
    TABLE_PARAMS,
    TAG,
    event_for,
    round_of,
    table_of,
    valid,
)
from tournaments.api.event_serializers import NoteSerializer
from tournaments.api.filters import RoundFilter
from tournaments.api.match_serializers import game_args
from tournaments.models import Round, Table


@extend_schema(tags=TAG, parameters=[SLUG])
class Rounds(generics.ListAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    serializer_class = s.RoundSummarySerializer
    filterset_class = RoundFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Round.objects.none()
        event = event_for(self.request, self.kwargs["slug"])
        return event.rounds.select_related("event").order_by("number")

    @extend_schema(summary="The event's rounds")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


@extend_schema(tags=TAG, parameters=[SLUG])
class PairNextRound(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Pair the next round (director)",
        description=(
            "Refused (409) while the current round has a table without a confirmed result. "
            "Two calls at once create one round; the other gets 409."
        ),
        request=s.PairSerializer,
        responses={201: s.RoundSerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        data = valid(s.PairSerializer, request)
        rnd = services.pair_next_round(
            request.user, event_for(request, slug), seed=data.get("seed")
        )
        return Response(s.RoundSerializer(rnd).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, parameters=ROUND_PARAMS)
class RoundDetail(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="Pairings and results of one round (ETag: poll with If-None-Match)",
        responses={200: s.RoundSerializer},
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        return Response(s.RoundSerializer(round_of(event_for(request, slug), number)).data)


@extend_schema(tags=TAG, parameters=ROUND_PARAMS)
class RoundRepair(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Pair the latest round again (director; only while it has no result)",
        request=s.PairSerializer,
        responses={200: s.RoundSerializer},
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        data = valid(s.PairSerializer, request)
        rnd = round_of(event_for(request, slug), number)
        return Response(
            s.RoundSerializer(services.repair_round(request.user, rnd, seed=data.get("seed"))).data
        )


@extend_schema(tags=TAG, parameters=ROUND_PARAMS)
class RoundClock(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Start the round clock (director)", request=None, responses={200: s.RoundSerializer}
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        rnd = services.start_round_clock(request.user, round_of(event_for(request, slug), number))
        return Response(s.RoundSerializer(rnd).data)


RESULT_EXAMPLE = OpenApiExample(
    "20 MPs to 9",
    value={"seats": [{"registration": 12, "mps": 20}, {"registration": 15, "mps": 9}]},
    request_only=True,
)


def _result_args(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "mps": [
            {"registration": r["registration"], "mps": r.get("mps")} for r in data.get("seats", [])
        ],
        "outcome": data.get("outcome", "normal"),
        "winner": data.get("winner"),
        "time_called": data.get("time_called", False),
        "version": data.get("version"),
        "council": data.get("council"),
        "games": [game_args(game) for game in data.get("games") or []],
    }


def _decks(data: dict[str, Any]) -> dict[int, str]:
    """The decks played, as the report's seats carry them (General Opponent)."""
    return {r["registration"]: r["deck_slot"] for r in data.get("seats", []) if "deck_slot" in r}


def _table_response(table: Table) -> Response:
    table.refresh_from_db()
    return Response(s.TableSerializer(table).data)


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableDetail(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="One table with its result history", responses={200: s.TableDetailSerializer}
    )
    def get(self, request: Request, slug: str, table_id: int) -> Response:
        return Response(s.TableDetailSerializer(table_of(event_for(request, slug), table_id)).data)


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableReport(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Report the result (a player at the table)",
        description=(
            "A second report from the same player replaces his first before it is confirmed; "
            "a report from another player that matches confirms it, one that differs disputes it. "
            "A table whose stage plays best of N: games that do not decide the match yet are "
            "kept as the games played so far (the table stays pending, nothing is confirmed); "
            "either player adds the next games later, sending the games kept as they are "
            "(a kept game is changed by the director only: 400 `kept_game_changed`). The report "
            "whose games decide the match is the report for the other player to confirm."
        ),
        request=s.ResultReportSerializer,
        responses={200: s.TableSerializer},
        examples=[RESULT_EXAMPLE],
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = table_of(event_for(request, slug), table_id)
        data = valid(s.ResultReportSerializer, request)
        return _table_response(
            services.with_decks_played(
                request.user, table, _decks(data),
                lambda: services.report_result(request.user, table, **_result_args(data)),
            )
        )  # fmt: skip


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableConfirm(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Confirm the reported result (another player at the table)",
        request=s.ConfirmSerializer,
        responses={200: s.TableSerializer},
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = table_of(event_for(request, slug), table_id)
        data = valid(s.ConfirmSerializer, request)
        return _table_response(
            services.confirm_result(request.user, table, version=data.get("version"))
        )


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableDispute(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Dispute the reported result (another player at the table)",
        request=NoteSerializer,
        responses={200: s.TableSerializer},
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = table_of(event_for(request, slug), table_id)
        data = valid(NoteSerializer, request)
        return _table_response(services.dispute_result(request.user, table, data.get("note", "")))


@extend_schema(tags=TAG, parameters=TABLE_PARAMS)
class TableSet(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Enter or correct a result (director)",
        description=(
            "A table whose stage plays best of N: games that do not decide the match yet "
            "are kept as the games played so far (the table stays pending, as on the "
            "results grid); games that decide it are its result."
        ),
        request=s.DirectorResultSerializer,
        responses={200: s.TableSerializer},
        examples=[RESULT_EXAMPLE],
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = table_of(event_for(request, slug), table_id)
        data = valid(s.DirectorResultSerializer, request)
        return _table_response(
            services.with_decks_played(
                request.user, table, _decks(data),
                lambda: services.director_enter_result(
                    request.user, table, note=data.get("note", ""), **_result_args(data)
                ),
            )
        )  # fmt: skip
