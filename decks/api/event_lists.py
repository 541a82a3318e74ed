"""An event's lists through the API: every player's (director, or all once published),
my own with its versions, and publishing them."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import services
from decks.api.common import ERRORS, TAG, event_by_slug, valid
from decks.api.serializers import (
    EventDeckListSerializer,
    MineSerializer,
    PublishedSerializer,
    PublishRequest,
    SubmitRequest,
    VersionSerializer,
)
from decks.models import DeckListVersion
from decks.slots import slot_names, slots_of
from tournaments.models import Event

SLOT_PARAM = OpenApiParameter(
    "slot", OpenApiTypes.STR, description="Which list, when the event asks for several."
)


def _version_dict(v: DeckListVersion | None) -> dict[str, Any] | None:
    if v is None:
        return None
    return VersionSerializer(v).data


class EventDeckListsView(generics.ListAPIView):
    permission_classes = [AllowAny]
    filter_backends: list = []  # a list, not a queryset: the query is checked in get_queryset
    serializer_class = EventDeckListSerializer

    def get_queryset(self) -> list[dict[str, Any]]:  # type: ignore[override]
        if getattr(self, "swagger_fake_view", False):
            return []
        event = event_by_slug(self.kwargs["slug"])
        rows = services.event_decklists(self.request.user, event)
        names = dict(slot_names(event))
        return [
            {
                "registration": r.registration.pk,
                "player": r.registration.player.display_name,
                "slot": r.slot,
                "slot_words": names.get(r.slot, "") if r.slot else "",
                "faces_fallen_wizards": bool(r.decklist and r.decklist.faces_fallen_wizards),
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

    def _mine(self, request: Request, event: Event, slot: str) -> dict[str, Any]:
        registration, versions = services.my_decklist(request.user, event, slot)
        return {
            "registration": registration.pk,
            "locked": services.decklists_locked(event),
            "deadline": event.deck_deadline,
            "slot": slot,
            "slots": slots_of(registration),
            "versions": [VersionSerializer(v).data for v in versions],
        }

    @extend_schema(
        tags=TAG,
        summary="My list for an event, every version",
        parameters=[SLOT_PARAM],
        responses={200: MineSerializer, **ERRORS},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = event_by_slug(slug)
        slot = request.query_params.get("slot") or ""
        return Response(self._mine(request, event, slot))

    @extend_schema(
        tags=TAG,
        summary="Submit (or resubmit) my list before the deadline",
        request=SubmitRequest,
        responses={201: MineSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str) -> Response:
        event = event_by_slug(slug)
        data = valid(SubmitRequest, request.data)
        services.submit_decklist(
            request.user, event, data["text"], data.get("player_type"),
            slot=data["slot"], faces_fallen_wizards=data["faces_fallen_wizards"],
        )  # fmt: skip
        return Response(self._mine(request, event, data["slot"]), status=201)


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
        publish = valid(PublishRequest, request.data)["published"]
        services.publish_decklists(request.user, event, publish)
        return Response({"published": event.decklists_published})


class VenueDeckListView(APIView):
    """The director enters or replaces a player's list at the venue (a walk-in has no
    account): the API twin of the "at the venue" page."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAG,
        summary="Enter or replace a player's list at the venue (director)",
        request=SubmitRequest,
        responses={201: VersionSerializer, **ERRORS},
    )
    def post(self, request: Request, slug: str, registration: int) -> Response:
        event = event_by_slug(slug)
        reg = services.registration_in(event, registration)
        data = valid(SubmitRequest, request.data)
        version = services.submit_decklist(
            request.user, event, data["text"], data.get("player_type"), registration=reg,
            slot=data["slot"], faces_fallen_wizards=data["faces_fallen_wizards"],
        )  # fmt: skip
        return Response(VersionSerializer(version).data, status=201)
