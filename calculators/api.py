"""The calculators' API: score one game, count a Free Council. Open to anyone
(nothing is stored), so no login and no CSRF token is needed to call them."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from calculators import services
from calculators.serializers import (
    FreeCouncilRequestSerializer,
    FreeCouncilResponseSerializer,
    ScoreRequestSerializer,
    ScoreResponseSerializer,
)
from core.errors import ServiceError
from rules_engine import InvalidResult
from tournaments.words.problems import problem_words, refusal_words


def impossible(exc: InvalidResult) -> ServiceError:
    """A result that cannot happen: 400 with every rule it breaks, as structured data."""
    problems = [
        {"code": p.code, "message": problem_words(p), "field": p.field} for p in exc.problems
    ]
    return ServiceError(refusal_words(exc), "impossible_result", problems=problems)


class CalculatorView(APIView):
    """Open to anyone, JSON in and out; refusals are problem details like everywhere."""

    permission_classes = [AllowAny]
    authentication_classes: list = []


SCORE_EXAMPLES = [
    OpenApiExample(
        "Two-player LoRE game",
        value={
            "game": "lore",
            "round": 3,
            "seats": [{"player": "a", "mps": 14}, {"player": "b", "mps": 6}],
            "one_ring": None,
            "time_called": False,
        },
        request_only=True,
    ),
    OpenApiExample(
        "Multi-player pod, tie for the win",
        value={
            "game": "lore",
            "multiplayer": True,
            "seats": [
                {"player": "ann", "mps": 12},
                {"player": "bob", "mps": 12},
                {"player": "cy", "mps": 8},
                {"player": "dee", "mps": 3},
            ],
        },
        request_only=True,
    ),
    OpenApiExample(
        "METW: opponent's Wizard eliminated",
        value={
            "game": "metw",
            "seats": [{"player": "a"}, {"player": "b"}],
            "outcome": "wizard_eliminated",
            "winner": "a",
        },
        request_only=True,
    ),
    OpenApiExample(
        "LOTR TCG win at site 9",
        value={
            "game": "lotr-tcg",
            "seats": [{"player": "a"}, {"player": "b"}],
            "outcome": "site_9",
            "winner": "b",
        },
        request_only=True,
    ),
    OpenApiExample(
        "LOTR Dice: Sauron won",
        value={
            "game": "lotr-dice",
            "multiplayer": True,
            "seats": [{"player": "a"}, {"player": "b"}, {"player": "c"}],
            "outcome": "sauron_won",
        },
        request_only=True,
    ),
    OpenApiExample(
        "Scored",
        value={
            "game": "lore",
            "game_name": "LoRE",
            "round": 3,
            "multiplayer": False,
            "outcome": "normal",
            "outcome_label": "MPs counted",
            "time_called": False,
            "winner": "a",
            "winners": ["a"],
            "points": {"a": 6, "b": 0},
            "results": {"a": "win", "b": "loss"},
            "band": "ratio ≥ 2 (6–0)",
            "band_key": "ratio_2",
            "seats": [
                {"player": "a", "mps": 14, "points": 6, "result": "win", "band_key": "ratio_2"},
                {"player": "b", "mps": 6, "points": 0, "result": "loss", "band_key": "ratio_2"},
            ],
            "explanation": [
                "a wins with 14 MPs, scored against the next highest (b on 6): 14/6 = 2.33, "
                "ratio ≥ 2 → 6",
                "b loses with 6 MPs, scored by the winner's 14 against his 6: 14/6 = 2.33, "
                "ratio ≥ 2 → 0",
            ],
            "rated": [
                {"player": "a", "opponents": ["b"], "result": "win", "points": 6},
                {"player": "b", "opponents": ["a"], "result": "loss", "points": 6},
            ],
            "bye_points": 4,
        },
        response_only=True,
        status_codes=["200"],
    ),
    OpenApiExample(
        "Impossible result",
        value={
            "type": "/api/v1/problems/impossible_result",
            "title": "Bad Request",
            "status": 400,
            "detail": "'b' is reported as the winner but has 6 MPs, fewer than a's 14: "
            "the winner is the player with the most MPs.",
            "code": "impossible_result",
            "errors": [],
            "problems": [
                {
                    "code": "winner_fewer_mps",
                    "message": "'b' is reported as the winner but has 6 MPs, fewer than a's 14: "
                    "the winner is the player with the most MPs.",
                    "field": "winner",
                }
            ],
        },
        response_only=True,
        status_codes=["400"],
    ),
]


class ScoreView(CalculatorView):
    @extend_schema(
        operation_id="rules_score",
        summary="Tournament points for one game",
        description=(
            "Scores one game of lore, metw, lotr-tcg or lotr-dice by the tournament rules "
            "(000 Part VI §3 'Scoring' and 'Multi-player tournaments'; RULES.md §2): the "
            "MP-ratio table, multi-player pods, One Ring 7–0, METW special endings, LOTR TCG "
            "win/loss and LOTR Dice Glory or a Sauron win. A result that cannot happen is "
            "refused with 400 and every reason."
        ),
        request=ScoreRequestSerializer,
        responses={200: ScoreResponseSerializer},
        examples=SCORE_EXAMPLES,
        tags=["rules"],
    )
    def post(self, request: Request) -> Response:
        serializer = ScoreRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            return Response(services.score(serializer.validated_data))
        except InvalidResult as exc:
            raise impossible(exc)


JESSICA = {
    "player": "Jessica",
    "character": 7,
    "item": 2,
    "faction": 2,
    "ally": 2,
    "kill": 0,
    "miscellaneous": 2,
    "revealed_duplicates": 0,
    "avatar_eliminated": False,
}
JASON = {
    "player": "Jason",
    "character": 8,
    "item": 4,
    "faction": 0,
    "ally": 2,
    "kill": 0,
    "miscellaneous": 0,
    "revealed_duplicates": 3,
    "avatar_eliminated": False,
}


COUNCIL_EXAMPLE = {"players": [JESSICA, JASON], "half_cap": "exact", "round": 1}


class FreeCouncilView(CalculatorView):
    @extend_schema(
        operation_id="rules_free_council",
        summary="Count a METW Free Council",
        description=(
            "From each player's six category totals (character, item, faction, ally, kill, "
            "miscellaneous), the duplicates each revealed and whether his avatar was "
            "eliminated: every step (doubling, half cap, reveals, the CoE −5 avatar penalty "
            "last), the final MPs, the winner and the tournament points (003 Part II §1 "
            "'Marshalling point modifications'; RULES.md §4.4, §5). half_cap 'exact' (default) "
            "reproduces the rulebook's example; 'round-up' reads 'half (round up)' literally."
        ),
        request=FreeCouncilRequestSerializer,
        responses={200: FreeCouncilResponseSerializer},
        examples=[
            OpenApiExample(
                "The rulebook's example (003 Part II §1)",
                value=COUNCIL_EXAMPLE,
                request_only=True,
            ),
            OpenApiExample(
                "Counted",
                # Computed by the engine itself, so the documented answer is the real one.
                value=services.free_council(COUNCIL_EXAMPLE),
                response_only=True,
                status_codes=["200"],
            ),
        ],
        tags=["rules"],
    )
    def post(self, request: Request) -> Response:
        serializer = FreeCouncilRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            return Response(services.free_council(serializer.validated_data))
        except InvalidResult as exc:
            raise impossible(exc)
