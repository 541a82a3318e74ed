"""Checking a list through the API: pasted text or a deck file, answered with the verdict
or the list exported in another format."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import services
from decks.api.common import ERRORS, TAG, list_text, valid
from decks.api.serializers import ValidateFileRequest, ValidateRequest, VerdictSerializer
from decks.labels import problem_text, read_as_name
from decks.sources import rule_source_data
from decks.throttles import DECK_CHECK_THROTTLES
from rules_engine.deckrules.export import EXPORT_FORMATS


class ValidateView(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []  # usable without an account and without a CSRF token
    throttle_classes = list(DECK_CHECK_THROTTLES)
    parser_classes = [JSONParser]

    @extend_schema(
        tags=TAG,
        summary="Check a pasted deck list (or download it in another format)",
        description="The list as JSON text (a deck file goes to decks/validate/file). "
        "With ?export=, the answer is the checked list as a file in that format: "
        + ", ".join(f"{f.key} ({f.name}, {f.game})" for f in EXPORT_FORMATS)
        + ".",
        parameters=[
            OpenApiParameter(
                "export",
                str,
                enum=[f.key for f in EXPORT_FORMATS],
                required=False,
                description="Download the checked list in this format instead of the verdict.",
            )
        ],
        request=ValidateRequest,
        responses={
            (200, "application/json"): VerdictSerializer,
            (200, "text/plain"): OpenApiTypes.STR,
            **ERRORS,
        },
        examples=[
            OpenApiExample(
                "METW, CoE",
                request_only=True,
                value={
                    "game": "metw",
                    "format": "coe",
                    "player_type": "wizard",
                    "text": "# Hazard (3)\n3 Orc-lieutenant (TW)",
                },
            ),
            OpenApiExample(
                "LOTR TCG, Fellowship block",
                request_only=True,
                value={
                    "game": "lotr-tcg",
                    "format": "fellowship-block",
                    "text": "Ring-bearer: Frodo, Son of Drogo\n"
                    "Ring: The One Ring, The Ruling Ring\n4 Goblin Runner",
                },
            ),
        ],
    )
    def post(self, request: Request) -> Response | HttpResponse:
        return check(request, valid(ValidateRequest, request.data))


def check(request: Request, data: dict[str, Any]) -> Response | HttpResponse:
    """The verdict on a list, or the list in the export format ?export= names."""
    text, fmt = list_text(data), data.get("format") or None
    kind = request.query_params.get("export")
    if kind:
        filename, content = services.export_text(
            text, data["game"], fmt, data.get("player_type"), kind
        )
        response = HttpResponse(content, content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
    verdict = services.validate_text(text, data["game"], fmt, data.get("player_type"))
    body = verdict.to_dict()
    # Code and params are the data; the message is rendered in the request's language.
    for shown, problem in zip(body["problems"], verdict.problems, strict=True):
        shown["message"] = problem_text(problem)
        shown["rule_source"] = rule_source_data(problem.source)
    return Response({**body, "read_as_name": str(read_as_name(verdict.read_as))})


class ValidateFileView(APIView):
    """The same check for a deck file, sent inside the JSON body (name and base64 bytes)."""

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = list(DECK_CHECK_THROTTLES)
    parser_classes = [JSONParser]

    @extend_schema(
        tags=TAG,
        operation_id="decks_validate_file",
        summary="Check an uploaded deck file (or download it in another format)",
        description="A deck file (.dck, .deck, .o8d, .meccg, .txt) as its name and its bytes in "
        "base64; the answer is the same as for a pasted list.",
        request=ValidateFileRequest,
        responses={
            (200, "application/json"): VerdictSerializer,
            (200, "text/plain"): OpenApiTypes.STR,
            **ERRORS,
        },
    )
    def post(self, request: Request) -> Response | HttpResponse:
        return check(request, valid(ValidateFileRequest, request.data))
