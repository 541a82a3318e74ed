"""The deck-list API: thin DRF views over decks.services."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import generics
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound, ServiceError
from decks import services
from decks.api_types import (
    CardQuery,
    CardSerializer,
    EventDeckListSerializer,
    FormatQuery,
    FormatSerializer,
    MineSerializer,
    PublishedSerializer,
    PublishRequest,
    SubmitRequest,
    ValidateFileRequest,
    ValidateRequest,
    VerdictSerializer,
    VersionSerializer,
)
from decks.labels import problem_text, read_as_name
from decks.models import DeckGame, DeckListVersion
from decks.sources import rule_source_data
from decks.throttles import DECK_CHECK_THROTTLES
from rules_engine.deckrules.export import EXPORT_FORMATS
from tournaments.models import Event

TAG = ["decks"]


# Success shapes are declared per view; every refusal is problem details (core.schema).
ERRORS = {
    403: OpenApiResponse(description="Not allowed for this user."),
    404: OpenApiResponse(description="No such event or format."),
    409: OpenApiResponse(description="Deadline passed or lists locked."),
}


def _list_text(data: dict[str, Any]) -> str:
    """The list to check: the uploaded file's text, or the pasted text."""
    if data.get("file") is not None:
        return services.read_upload(data["file"])
    if "text" not in data:
        raise ServiceError("Give the deck list as text or upload a deck file.", "bad_input")
    return data["text"]


def _valid(serializer_class, data: Any) -> dict[str, Any]:
    ser = serializer_class(data=data)
    ser.is_valid(raise_exception=True)  # 400, problem details with one error per field
    return ser.validated_data


def _event(slug: str) -> Event:
    try:
        return Event.objects.get(slug=slug)
    except Event.DoesNotExist:
        raise NotFound(f"No event {slug!r}.")


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
        return _check(request, _valid(ValidateRequest, request.data))


def _check(request: Request, data: dict[str, Any]) -> Response | HttpResponse:
    """The verdict on a list, or the list in the export format ?export= names."""
    text, fmt = _list_text(data), data.get("format") or None
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
        return _check(request, _valid(ValidateFileRequest, request.data))


class FormatsView(generics.ListAPIView):
    permission_classes = [AllowAny]
    filter_backends: list = []  # a list, not a queryset: the query is checked in get_queryset
    serializer_class = FormatSerializer

    def get_queryset(self) -> list[dict[str, Any]]:
        from decks.models import Format

        game = _valid(FormatQuery, self.request.query_params).get("game")
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
                "based_on": f.based_on.key if f.based_on_id else None,
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

    def get_queryset(self) -> list[dict[str, Any]]:
        query = _valid(CardQuery, self.request.query_params)
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


def _version_dict(v: DeckListVersion | None) -> dict[str, Any] | None:
    if v is None:
        return None
    return VersionSerializer(v).data


class EventDeckListsView(generics.ListAPIView):
    permission_classes = [AllowAny]
    filter_backends: list = []  # a list, not a queryset: the query is checked in get_queryset
    serializer_class = EventDeckListSerializer

    def get_queryset(self) -> list[dict[str, Any]]:
        if getattr(self, "swagger_fake_view", False):
            return []
        rows = services.event_decklists(self.request.user, _event(self.kwargs["slug"]))
        return [
            {
                "registration": r.registration.pk,
                "player": r.registration.player.display_name,
                "submitted": r.version is not None,
                "version": _version_dict(r.version),
            }
            for r in rows
        ]

    @extend_schema(
        tags=TAG,
        summary="Every player's current list (director; everyone once published)",
        responses={200: EventDeckListSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class MyDeckListView(APIView):
    permission_classes = [IsAuthenticated]

    def _mine(self, request: Request, event: Event) -> dict[str, Any]:
        registration, versions = services.my_decklist(request.user, event)
        return {
            "registration": registration.pk,
            "locked": services.decklists_locked(event),
            "deadline": event.deck_deadline,
            "versions": [VersionSerializer(v).data for v in versions],
        }

    @extend_schema(
        tags=TAG,
        summary="My list for an event, every version",
        responses={200: MineSerializer, **ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(self._mine(request, _event(slug)))

    @extend_schema(
        tags=TAG,
        summary="Submit (or resubmit) my list before the deadline",
        request=SubmitRequest,
        responses={201: MineSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str) -> Response:
        event = _event(slug)
        data = _valid(SubmitRequest, request.data)
        services.submit_decklist(request.user, event, data["text"], data.get("player_type"))
        return Response(self._mine(request, event), status=201)


class PublishView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAG,
        summary="Publish (or hide) the event's lists (director)",
        request=PublishRequest,
        responses={200: PublishedSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str) -> Response:
        event = get_object_or_404(Event, slug=slug)
        publish = _valid(PublishRequest, request.data)["published"]
        services.publish_decklists(request.user, event, publish)
        return Response({"published": event.decklists_published})
