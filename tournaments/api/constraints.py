"""The event's pairing constraints through the API: pairs to avoid (family, same club)
and fixed tables (mobility needs), as the director sets them on the pairing page."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import services
from tournaments.api.common import SLUG, Base, staff_event, valid
from tournaments.models import Event, EventSettings

TAG = ["rounds"]


class AvoidPairSerializer(serializers.Serializer):
    a = serializers.IntegerField(help_text="A registration id.")
    b = serializers.IntegerField(help_text="Another registration id.")
    a_player = serializers.CharField(read_only=True)
    b_player = serializers.CharField(read_only=True)


class FixedTableSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    player = serializers.CharField(read_only=True)
    table = serializers.IntegerField(min_value=1)


class PairingConstraintsSerializer(serializers.Serializer):
    avoid_pairs = AvoidPairSerializer(
        many=True, help_text="Players the pairing keeps apart where it can."
    )
    fixed_tables = FixedTableSerializer(
        many=True, help_text="Players who always sit at the same table."
    )


def constraints_data(event: Event, settings: EventSettings) -> dict[str, Any]:
    names = dict(event.registrations.values_list("pk", "player__display_name"))
    return {
        "avoid_pairs": [
            {"a": a, "b": b, "a_player": names.get(a, ""), "b_player": names.get(b, "")}
            for a, b in settings.avoid_pairs
        ],
        "fixed_tables": [
            {"registration": int(reg), "player": names.get(int(reg), ""), "table": table}
            for reg, table in sorted(settings.fixed_tables.items(), key=lambda kv: kv[1])
        ],
    }


@extend_schema(tags=TAG, parameters=[SLUG])
class PairingConstraints(Base):
    serializer_class = PairingConstraintsSerializer

    @extend_schema(summary="Pairs to avoid and fixed tables (staff)")
    def get(self, request: Request, slug: str) -> Response:
        event = staff_event(request, slug, judge=True)
        return Response(constraints_data(event, services.event_settings(event)))

    @extend_schema(
        operation_id="events_pairing_constraints_set",
        summary="Set the pairs to avoid and the fixed tables (director; replaces both)",
        request=PairingConstraintsSerializer,
        responses={200: PairingConstraintsSerializer},
    )
    def put(self, request: Request, slug: str) -> Response:
        event = services.event_for(slug)
        data = valid(PairingConstraintsSerializer, request)
        settings = services.set_pairing_constraints(
            request.user,
            event,
            [[p["a"], p["b"]] for p in data["avoid_pairs"]],
            {str(f["registration"]): f["table"] for f in data["fixed_tables"]},
        )
        return Response(constraints_data(event, settings))
