"""The results grid through the API: a round's results sent in one body, each row saved
on its own (the page's ``services.results.grid``), a refused row answered with its problem
details beside it while the others are saved; and the grid's live check of one row."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound, ServiceError
from core.problems import problem
from core.schema import ProblemSerializer
from tournaments.api.common import ROUND_PARAMS, event_for, round_of, valid
from tournaments.api.match_serializers import MatchGameInputSerializer, game_args
from tournaments.api.round_serializers import ResultReportSerializer
from tournaments.models import Event
from tournaments.permissions import Capability, require
from tournaments.services.results import grid
from tournaments.words.problems import stored_band_words

TAG = ["results"]


class GridRowSerializer(ResultReportSerializer):
    """One row of the grid: a table's result as its own report takes it, without a Free
    Council (the grid's rows are typed scores)."""

    table = serializers.IntegerField(help_text="The table's id (as in the round's tables).")
    council = None  # type: ignore[assignment]
    games = MatchGameInputSerializer(
        many=True, required=False, max_length=15,  # type: ignore[call-arg]
        help_text="A table whose stage plays best of N (its best_of > 1): its games in order. "
        "Games that decide the match are its result; games that do not decide it yet are "
        "kept as the games played so far (the table's result stays pending; a result it had "
        "is taken back, where a result may be).",
    )  # fmt: skip
    remove_game = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=15,
        help_text="A match: the number of one game to take out, the others kept in their "
        "order (of the games given, or of the games stored when none are given).",
    )  # fmt: skip


class GridSaveSerializer(serializers.Serializer):
    schema_input_only = True

    rows = GridRowSerializer(many=True, min_length=1, max_length=500)  # type: ignore[call-arg]

    def validate_rows(self, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        ids = [row["table"] for row in value]
        if len(ids) != len(set(ids)):
            raise serializers.ValidationError(_("A table is listed twice."))
        return value


class GridRowOutcomeSerializer(serializers.Serializer):
    table = serializers.IntegerField(help_text="The table's id.")
    number = serializers.IntegerField(allow_null=True, help_text="Its number in the round.")
    status = serializers.ChoiceField(
        choices=["saved", "unchanged", "empty", "refused"],
        help_text="saved; unchanged (typed as stored); empty (nothing typed, left as it is); "
        "refused (see problem).",
    )
    problem = ProblemSerializer(
        allow_null=True, help_text="Why the row was refused (RFC 9457 problem details)."
    )


class GridSavedSerializer(serializers.Serializer):
    saved = serializers.IntegerField(help_text="How many rows were saved.")
    refused = serializers.IntegerField(help_text="How many rows were refused.")
    rows = GridRowOutcomeSerializer(many=True)


class SeatPointsSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Tournament points the engine gives this seat.")


class SeatGamesWonSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    games = serializers.IntegerField(help_text="Games of the match this seat has won so far.")


class GridCheckSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    decided = serializers.BooleanField(
        help_text="False for a match's games that do not decide it yet: saving keeps them as "
        "the games played so far (band and points are then empty)."
    )
    band = serializers.CharField(
        allow_blank=True, help_text='How the engine scored it, in words: "ratio ≥ 2 (6–0)".'
    )
    points = SeatPointsSerializer(many=True)
    games_won = SeatGamesWonSerializer(
        many=True, help_text="A match not decided yet: the games each seat has won so far."
    )


def _grid_row(data: dict[str, Any]) -> grid.GridRow:
    return grid.GridRow(
        table_id=data["table"],
        mps={s["registration"]: s.get("mps") for s in data.get("seats", [])},
        outcome=data.get("outcome", "normal"),
        winner=data.get("winner"),
        time_called=data.get("time_called", False),
        version=data.get("version"),
        games=tuple(game_args(g) for g in data.get("games") or []),
        remove_game=data.get("remove_game"),
    )


def _refusal_words(code: str) -> str:
    if code == "not_in_round":
        return _("This table is not one of the round's tables that take a result.")
    return _("This row cannot be saved.")


def _game_fields(problems: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """A problem about one game of a match names it by its place in the row's games
    ("games[1].counts_for"), as field errors name a seat ("seats[1].mps")."""
    out = []
    for found in problems or []:
        game = found.get("game")
        if isinstance(game, int) and game >= 1:
            inner = found.get("field")
            path = f"games[{game - 1}]" + (f".{inner}" if inner and inner != "games" else "")
            found = {**found, "field": path}
        out.append(found)
    return out


def _row_answer(outcome: grid.RowOutcome, numbers: dict[int, int]) -> dict[str, Any]:
    body = None
    if outcome.refused:
        code = outcome.code or "invalid"
        words = outcome.message or _refusal_words(code)
        body = problem(outcome.http_status, code, words, problems=_game_fields(outcome.problems))
    return {
        "table": outcome.table_id,
        "number": numbers.get(outcome.table_id),
        "status": outcome.status,
        "problem": body,
    }


def _grid_event(request: Request, slug: str) -> Event:
    event = event_for(request, slug)
    require(request.user, event, Capability.ENTER_RESULT)
    return event


class ResultsGrid(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAG,
        operation_id="events_rounds_results_grid_save",
        parameters=ROUND_PARAMS,
        request=GridSaveSerializer,
        responses={200: GridSavedSerializer},
        summary="Save a round's results together (staff)",
        description=(
            "Each row is saved on its own, as the one-table result form would save it: a "
            "refused row carries its problem details (code, words, the rule's problems) and "
            "the other rows are saved. Rows left empty or typed as already stored are not "
            "saved again. A match of best of N: games that do not decide it yet are kept as "
            "the games played so far, and ``remove_game`` takes one game out, the others "
            "kept; both are audited as every result change is."
        ),
        examples=[
            OpenApiExample(
                "Two tables",
                value={
                    "rows": [
                        {
                            "table": 41,
                            "seats": [
                                {"registration": 12, "mps": 20},
                                {"registration": 15, "mps": 9},
                            ],
                        },
                        {
                            "table": 42,
                            "seats": [
                                {"registration": 13, "mps": 10},
                                {"registration": 14, "mps": 10},
                            ],
                        },
                    ]
                },
                request_only=True,
            ),
            OpenApiExample(
                "A best-of-three table",
                value={
                    "rows": [
                        {
                            "table": 43,
                            "games": [
                                {"winner": 12, "outcome": "site_9"},
                                {"winner": 15, "format": "tower-block"},
                                {"winner": 15, "outcome": "ring_bearer_killed"},
                            ],
                        }
                    ]
                },
                request_only=True,
            ),
            OpenApiExample(
                "A match so far, and a wrong game taken out of another",
                value={
                    "rows": [
                        {"table": 44, "games": [{"winner": 16}]},
                        {"table": 45, "remove_game": 2},
                    ]
                },
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        event = _grid_event(request, slug)
        rnd = round_of(event, number)
        data = valid(GridSaveSerializer, request)
        outcomes = grid.save_rows(request.user, rnd, [_grid_row(r) for r in data["rows"]])
        numbers = dict(rnd.tables.values_list("pk", "number"))
        rows = [_row_answer(o, numbers) for o in outcomes]
        body = {
            "saved": sum(1 for o in outcomes if o.status == "saved"),
            "refused": sum(1 for o in outcomes if o.refused),
            "rows": rows,
        }
        return Response(GridSavedSerializer(body).data)


class ResultsGridCheck(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAG,
        operation_id="events_rounds_results_grid_check",
        parameters=ROUND_PARAMS,
        request=GridRowSerializer,
        responses={200: GridCheckSerializer},
        summary="Check one typed row without saving it (staff)",
        description="The engine's reading of the row; a refusal is the one saving would give.",
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        event = _grid_event(request, slug)
        rnd = round_of(event, number)
        data = valid(GridRowSerializer, request)
        table = next((t for t in grid.grid_tables(rnd) if t.pk == data["table"]), None)
        if table is None:
            raise NotFound(_refusal_words("not_in_round"), code="not_in_round")
        try:
            check = grid.check_row(request.user, table, _grid_row(data))
        except ServiceError as exc:
            exc.problems = _game_fields(exc.problems)
            raise
        won = check.won_so_far or {}
        body = {
            "table": table.pk,
            "decided": check.won_so_far is None,
            "band": stored_band_words(check.band) if check.band else "",
            "points": [{"registration": k, "points": v} for k, v in check.points.items()],
            "games_won": [{"registration": k, "games": v} for k, v in won.items()],
        }
        return Response(GridCheckSerializer(body).data)
