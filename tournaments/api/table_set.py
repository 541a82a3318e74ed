"""Set a table by hand through the API: one JSON body names the table and its players;
``confirm: false`` (the default) answers what it would cost, ``confirm: true`` makes the
change. Refusals are RFC 9457 problem details (organizer.api)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotAllowed
from tournaments import services
from tournaments.api.common import ROUND_PARAMS, round_of, valid
from tournaments.services.hands_on import Cost
from tournaments.services.table_set import set_table, table_set_cost


class TableSetIn(serializers.Serializer):
    table = serializers.IntegerField(min_value=1, help_text="The table's number in the round.")
    players = serializers.ListField(
        child=serializers.IntegerField(),
        min_length=2,
        max_length=5,
        help_text="Registration ids of the players who should sit there (as many as it seats).",
    )
    confirm = serializers.BooleanField(
        default=False, help_text="false: only answer the cost; true: make the change."
    )


class FixedMovedOut(serializers.Serializer):
    registration = serializers.IntegerField()
    table = serializers.IntegerField(help_text="The player's fixed table, which he would leave.")


class CostOut(serializers.Serializer):
    rematches = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2),
        help_text="Pairs of registration ids who would meet again.",
    )
    avoided = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2),
        help_text="Pairs to avoid (an event setting) who would share a table.",
    )
    fixed_moved = FixedMovedOut(many=True)
    gap_before = serializers.IntegerField(help_text="Largest score gap at the changed tables now.")
    gap_after = serializers.IntegerField(help_text="The same after the change.")
    free = serializers.BooleanField(help_text="No rematch, pair to avoid, fixed table or gap.")


class TableSetOut(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    players = serializers.ListField(child=serializers.IntegerField())
    applied = serializers.BooleanField(help_text="Whether the change was made.")
    cost = CostOut()


def cost_data(cost: Cost) -> dict[str, Any]:
    return {
        "rematches": [list(p) for p in cost.rematches],
        "avoided": [list(p) for p in cost.avoided],
        "fixed_moved": [{"registration": r, "table": t} for r, t in cost.fixed_moved],
        "gap_before": cost.gap_before,
        "gap_after": cost.gap_after,
        "free": cost.free,
    }


class TableSet(APIView):
    permission_classes = [IsAuthenticated]
    serializer_class = TableSetIn

    @extend_schema(
        tags=["event day"],
        parameters=ROUND_PARAMS,
        request=TableSetIn,
        responses={200: TableSetOut},
        summary="Set a table by hand (cost first, then confirm)",
        examples=[OpenApiExample("Preview", value={"table": 3, "players": [12, 17]})],
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        event = services.event_for(slug)
        if not services.is_director(request.user, event):
            raise NotAllowed(
                _("Only the directors of %(event)s can set a table.") % {"event": event.name}
            )
        data = valid(TableSetIn, request)
        rnd = round_of(event, number)
        if data["confirm"]:
            cost = set_table(request.user, rnd, data["table"], data["players"])
        else:
            cost = table_set_cost(event, rnd, data["table"], data["players"])
        body = {
            "round": rnd.number,
            "table": data["table"],
            "players": data["players"],
            "applied": data["confirm"],
            "cost": cost_data(cost),
        }
        return Response(TableSetOut(body).data)
