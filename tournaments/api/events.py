"""Events and registration: thin DRF views over tournaments.services.

Each view checks the shape of the input with a serializer (400 with field errors), calls
one service and answers with the changed object; refusals are the services' errors, as
problem details (core.problems.exception_handler).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotFound
from tournaments import services
from tournaments.api import event_serializers as s
from tournaments.api.common import (
    REG_PARAMS,
    SLUG,
    TAG,
    event_for,
    event_response,
    registration_of,
    valid,
)
from tournaments.api.filters import EventFilter, RegistrationFilter
from tournaments.models import Event, Player, Registration
from tournaments.permissions import Capability, require
from tournaments.services import stage_plan

EVENT_EXAMPLE = OpenApiExample(
    "A LoRE event",
    value={"name": "Rivendell Open", "game": "lore", "sanctioned": True, "planned_rounds": None},
    request_only=True,
)


@extend_schema(tags=TAG)
class EventListCreate(generics.ListCreateAPIView):
    serializer_class = s.EventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    filterset_class = EventFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Event.objects.none()
        return services.visible_events(self.request.user)

    @extend_schema(summary="List events")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Create an event (you become its director)",
        request=s.EventWriteSerializer,
        responses={201: s.EventSerializer},
        examples=[EVENT_EXAMPLE],
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = valid(s.EventWriteSerializer, request)
        data.pop("confirm_tiebreak_change", None)  # a new event has no standings yet
        preset = data.pop("preset", None)
        if preset:
            event = stage_plan.create_event_from_preset(request.user, preset, **data)
        else:
            event = services.create_event(request.user, **data)
        return event_response(event, status.HTTP_201_CREATED)


@extend_schema(tags=TAG, parameters=[SLUG])
class EventDetail(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(summary="One event", responses={200: s.EventSerializer})
    def get(self, request: Request, slug: str) -> Response:
        return Response(s.EventSerializer(event_for(request, slug)).data)

    @extend_schema(
        summary="Change an event (director)",
        request=s.EventWriteSerializer(partial=True),
        responses={200: s.EventSerializer},
    )
    def patch(self, request: Request, slug: str) -> Response:
        event = event_for(request, slug)
        data = valid(s.EventWriteSerializer, request, partial=True)
        confirm = bool(data.pop("confirm_tiebreak_change", False))
        preset = data.pop("preset", None)
        if preset:  # before round 1: the preset's options and stages, then the ones given
            event = stage_plan.apply_preset(request.user, event, preset)
        return event_response(
            services.update_event(request.user, event, confirm_tiebreak_change=confirm, **data)
        )


@extend_schema(tags=TAG, parameters=[SLUG])
class EventDelete(APIView):
    """Deleting an event: first what it does, then the deletion with the name typed."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="events_delete_preview",
        summary="What deleting the event does (organizer)",
        responses={200: s.DeleteConsequencesSerializer},
    )
    def get(self, request: Request, slug: str) -> Response:
        event = event_for(request, slug)
        require(request.user, event, Capability.DELETE_EVENT)
        return Response({"consequences": services.delete_consequences(event)})

    @extend_schema(
        operation_id="events_delete",
        summary="Delete the event for good (organizer; its ratings are replayed without it)",
        request=s.DeleteEventSerializer,
        responses={204: None},
    )
    def post(self, request: Request, slug: str) -> Response:
        data = valid(s.DeleteEventSerializer, request)
        services.delete_event(request.user, event_for(request, slug), confirm=data["confirm"])
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=TAG, parameters=[SLUG], request=None)
class EventOpen(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Open registration (director)", responses={200: s.EventSerializer})
    def post(self, request: Request, slug: str) -> Response:
        event = services.open_registration(request.user, event_for(request, slug))
        return event_response(event)


@extend_schema(tags=TAG, parameters=[SLUG])
class EventFinish(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Finish the event (director)",
        request=s.FinishSerializer,
        responses={200: s.EventSerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        data = valid(s.FinishSerializer, request)
        event = services.finish_event(
            request.user,
            event_for(request, slug),
            early=data["early"],
            skip_top_cut=data["skip_top_cut"],
        )
        return event_response(event)


@extend_schema(tags=TAG, parameters=[SLUG])
class RegisterSelf(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Sign yourself up (late entry while running)",
        request=None,
        responses={201: s.RegistrationSerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        reg = services.register_self(request.user, event_for(request, slug))
        return Response(s.RegistrationSerializer(reg).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, parameters=[SLUG])
class Walkins(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="events_walkins_create",
        summary="Add a walk-in player (director)",
        request=s.WalkInSerializer,
        responses={201: s.RegistrationSerializer},
        examples=[
            OpenApiExample("New player", value={"display_name": "Tom Bombadil"}, request_only=True)
        ],
    )
    def post(self, request: Request, slug: str) -> Response:
        event = event_for(request, slug)
        data = valid(s.WalkInSerializer, request)
        player = None
        if data.get("player"):
            player = Player.objects.filter(pk=data["player"]).first()
            if player is None:
                raise NotFound(_("No player %(player)s.") % {"player": data["player"]})
        reg = services.add_walkin(
            request.user, event, data.get("display_name", ""),
            data.get("membership_number", ""), player=player, email=data.get("email", ""),
            confirm_duplicate=data.get("confirm_duplicate", False),
        )  # fmt: skip
        return Response(s.RegistrationSerializer(reg).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=TAG, parameters=[SLUG])
class Registrations(generics.ListAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    serializer_class = s.RegistrationSerializer
    filterset_class = RegistrationFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Registration.objects.none()
        event = event_for(self.request, self.kwargs["slug"])
        return event.registrations.select_related("player").order_by("player__display_name", "id")

    @extend_schema(summary="Registered players")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


@extend_schema(tags=TAG, parameters=REG_PARAMS)
class RegistrationCheckIn(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Check in (director or the player)",
        request=s.CheckInSerializer,
        responses={200: s.RegistrationSerializer},
    )
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        reg = registration_of(event_for(request, slug), registration_id)
        data = valid(s.CheckInSerializer, request)
        reg = services.check_in(request.user, reg, data["checked_in"])
        return Response(s.RegistrationSerializer(reg).data)


@extend_schema(tags=TAG, parameters=REG_PARAMS)
class RegistrationDrop(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Drop from later rounds (director or the player)",
        request=s.NoteSerializer,
        responses={200: s.RegistrationSerializer},
    )
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        reg = registration_of(event_for(request, slug), registration_id)
        data = valid(s.NoteSerializer, request)
        reg = services.drop(request.user, reg, data.get("note", ""))
        return Response(s.RegistrationSerializer(reg).data)


@extend_schema(tags=TAG, parameters=REG_PARAMS)
class RegistrationReadd(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Re-add a dropped player (director)",
        request=None,
        responses={200: s.RegistrationSerializer},
    )
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        reg = registration_of(event_for(request, slug), registration_id)
        return Response(s.RegistrationSerializer(services.readd(request.user, reg)).data)
