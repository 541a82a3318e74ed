"""The round clock's pause, resume and "+ minutes" through the API (the projector
clock's buttons, ``services.clock``); starting it is ``rounds/<n>/start-clock/``."""

from __future__ import annotations

from dataclasses import asdict

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.common import ROUND_PARAMS, event_for, round_of, valid
from tournaments.services import clock


class ClockChangeIn(serializers.Serializer):
    schema_input_only = True

    action = serializers.ChoiceField(choices=["pause", "resume", "add"])
    minutes = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=clock.MAX_ADDED_MINUTES,
        help_text="For add: the minutes added to the round.",
    )

    def validate(self, attrs: dict) -> dict:
        if attrs["action"] == "add" and not attrs.get("minutes"):
            raise serializers.ValidationError({"minutes": _("Say how many minutes to add.")})
        return attrs


class ClockStateOut(serializers.Serializer):
    round_number = serializers.IntegerField()
    started = serializers.BooleanField()
    closed = serializers.BooleanField()
    paused = serializers.BooleanField()
    ends_at = serializers.DateTimeField(allow_null=True)
    break_ends_at = serializers.DateTimeField(allow_null=True)
    remaining_seconds = serializers.IntegerField(allow_null=True)
    round_minutes = serializers.IntegerField()


class RoundClockState(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        tags=["rounds"],
        operation_id="events_rounds_clock_retrieve",
        parameters=ROUND_PARAMS,
        responses={200: ClockStateOut},
        summary="The round clock, frozen while paused",
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        rnd = round_of(event_for(request, slug), number)
        return Response(ClockStateOut(asdict(clock.clock_state(rnd))).data)

    @extend_schema(
        tags=["rounds"],
        operation_id="events_rounds_clock_change",
        parameters=ROUND_PARAMS,
        request=ClockChangeIn,
        responses={200: ClockStateOut},
        summary="Pause, resume or add minutes to the round clock (director)",
        description="Audited; refused (409) before the clock starts or after the round closed.",
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        rnd = round_of(event_for(request, slug), number)
        data = valid(ClockChangeIn, request)
        if data["action"] == "pause":
            rnd = clock.pause_clock(request.user, rnd)
        elif data["action"] == "resume":
            rnd = clock.resume_clock(request.user, rnd)
        else:
            rnd = clock.add_time(request.user, rnd, data["minutes"])
        return Response(ClockStateOut(asdict(clock.clock_state(rnd))).data)
