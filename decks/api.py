"""The deck-list API: thin DRF views over decks.services."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound, ServiceError
from decks import services
from decks.labels import read_as_name
from decks.models import DeckGame, DeckListVersion
from decks.throttles import DECK_CHECK_THROTTLES
from rules_engine.deckrules import PLAYER_TYPES
from rules_engine.deckrules.export import EXPORT_FORMATS
from rules_engine.deckrules.parse import MAX_TEXT_CHARS
from rules_engine.deckrules.readers import LIST_FORMATS
from tournaments.models import Event

TAG = ["decks"]


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()
    code = serializers.CharField()


ERRORS = {
    400: OpenApiResponse(
        ErrorSerializer, description="Bad input: unknown game/format, not text, too long."
    ),
    403: OpenApiResponse(ErrorSerializer, description="Not allowed for this user."),
    404: OpenApiResponse(ErrorSerializer, description="No such event or format."),
    409: OpenApiResponse(ErrorSerializer, description="Deadline passed or lists locked."),
}


class ValidateRequest(serializers.Serializer):
    game = serializers.ChoiceField(choices=DeckGame.choices)
    format = serializers.CharField(required=False, allow_blank=True, max_length=100)
    text = serializers.CharField(
        max_length=MAX_TEXT_CHARS, allow_blank=True, trim_whitespace=False, required=False
    )
    file = serializers.FileField(
        required=False,
        help_text="A deck file (.dck, .o8d, .meccg, .txt) instead of text; multipart upload.",
    )
    player_type = serializers.ChoiceField(choices=PLAYER_TYPES, required=False, allow_null=True)


def _list_text(data: dict[str, Any]) -> str:
    """The list to check: the uploaded file's text, or the pasted text."""
    if data.get("file") is not None:
        return services.read_upload(data["file"])
    if "text" not in data:
        raise ServiceError("Give the deck list as text or upload a deck file.", "bad_input")
    return data["text"]


class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    lines = serializers.ListField(child=serializers.IntegerField())
    severity = serializers.ChoiceField(choices=["error", "warning"])
    source = serializers.CharField()


class UnresolvedSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    text = serializers.CharField()
    name = serializers.CharField()
    reason = serializers.ChoiceField(choices=["unknown", "ambiguous", "not_allowed"])
    suggestions = serializers.ListField(child=serializers.CharField())
    candidates = serializers.ListField(child=serializers.DictField())


class VerdictSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    format = serializers.CharField()
    player_type = serializers.CharField(allow_null=True)
    read_as = serializers.ChoiceField(
        choices=[f.key for f in LIST_FORMATS], help_text="The list format the text was read as."
    )
    read_as_name = serializers.CharField()
    title = serializers.CharField(allow_null=True)
    problems = ProblemSerializer(many=True)
    unresolved = UnresolvedSerializer(many=True)
    counts = serializers.DictField()
    cards = serializers.ListField(child=serializers.DictField())


class FormatSerializer(serializers.Serializer):
    game = serializers.CharField()
    key = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    source = serializers.CharField()
    rule_source = serializers.CharField()
    based_on = serializers.CharField(allow_null=True)
    rules = serializers.DictField()


class CardSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    set = serializers.CharField()
    type = serializers.CharField()
    unique = serializers.BooleanField()


class VersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = DeckListVersion
        fields = [
            "number",
            "text",
            "format_key",
            "player_type",
            "legal",
            "problems_count",
            "verdict",
            "submitted_at",
        ]


class EventDeckListSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    player = serializers.CharField()
    submitted = serializers.BooleanField()
    version = VersionSerializer(allow_null=True)


class SubmitRequest(serializers.Serializer):
    text = serializers.CharField(max_length=MAX_TEXT_CHARS, trim_whitespace=False)
    player_type = serializers.ChoiceField(choices=PLAYER_TYPES, required=False, allow_null=True)


class MineSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    locked = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True)
    versions = VersionSerializer(many=True)


def _valid(serializer_class, data: Any) -> dict[str, Any]:
    ser = serializer_class(data=data)
    if not ser.is_valid():
        first = next(iter(ser.errors.items()))
        message = f"{first[0]}: {' '.join(str(m) for m in first[1])}"
        raise ServiceError(message, "bad_input")
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
    parser_classes = [JSONParser, MultiPartParser, FormParser]

    @extend_schema(
        tags=TAG,
        summary="Check a pasted or uploaded deck list (or download it in another format)",
        description="Text as JSON, or a deck file (.dck, .o8d, .meccg, .txt) as a multipart "
        "upload. With ?export=, the answer is the checked list as a file in that format: "
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
        data = _valid(ValidateRequest, request.data)
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
        return Response({**verdict.to_dict(), "read_as_name": str(read_as_name(verdict.read_as))})


class FormatsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAG,
        summary="Formats of a game",
        parameters=[
            OpenApiParameter("game", str, description="metw | lotr-tcg | lore (all when absent)")
        ],
        responses={200: FormatSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        from decks.models import Format

        game = request.query_params.get("game")
        rows = Format.objects.select_related("based_on")
        if game:
            if game not in services.DECK_GAMES:
                raise ServiceError(f"Unknown game {game!r}.", "bad_game")
            rows = rows.filter(game=game)
        return Response(
            [
                {
                    "game": f.game,
                    "key": f.key,
                    "name": f.name,
                    "description": f.description,
                    "source": f.source,
                    "rule_source": f.rule_source,
                    "based_on": f.based_on.key if f.based_on_id else None,
                    "rules": f.rules,
                }
                for f in rows
            ]
        )


class CardsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAG,
        summary="Search card names",
        parameters=[
            OpenApiParameter("game", str, required=True, description="metw | lotr-tcg | lore"),
            OpenApiParameter(
                "search", str, description="part of a name; case, accents and punctuation ignored"
            ),
        ],
        responses={200: CardSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        game = request.query_params.get("game", "")
        search = request.query_params.get("search", "")[:200]
        return Response(services.search_cards(game, search))


def _version_dict(v: DeckListVersion | None) -> dict[str, Any] | None:
    if v is None:
        return None
    return VersionSerializer(v).data


class EventDeckListsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=TAG,
        summary="Every player's current list (director; everyone once published)",
        responses={200: EventDeckListSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = _event(slug)
        rows = services.event_decklists(request.user, event)
        return Response(
            [
                {
                    "registration": r.registration.pk,
                    "player": r.registration.player.display_name,
                    "submitted": r.version is not None,
                    "version": _version_dict(r.version),
                }
                for r in rows
            ]
        )


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
        request=None,
        responses={200: OpenApiResponse(description="{'published': bool}"), **ERRORS},
    )
    def post(self, request: Request, slug: str) -> Response:
        event = get_object_or_404(Event, slug=slug)
        if not hasattr(request.data, "get"):  # a JSON list or string (found by fuzzing)
            raise ServiceError('The body is an object: {"published": true} or false.', "bad_body")
        publish = str(request.data.get("published", "true")).lower() not in ("false", "0", "no")
        services.publish_decklists(request.user, event, publish)
        return Response({"published": event.decklists_published})
