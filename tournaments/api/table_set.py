"""Set a table by hand through the API: one JSON body names the table and its players;
``confirm: false`` (the default) answers what it would cost, ``confirm: true`` makes the
change. Refusals are RFC 9457 problem details (core.problems)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotAllowed
from tournaments import services
from tournaments.api.action_serializers import SwapCostSerializer, cost_data
from tournaments.api.common import ROUND_PARAMS, round_of, valid
from tournaments.permissions import is_director
from tournaments.services.table_set import set_table, table_set_cost


class TableSetIn(serializers.Serializer):
    class Meta:
        ref_name = "TableSet"

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


class TableSetOut(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    players = serializers.ListField(child=serializers.IntegerField())
    applied = serializers.BooleanField(help_text="Whether the change was made.")
    cost = SwapCostSerializer()


class TableSet(APIView):
    permission_classes = [IsAuthenticated]
    serializer_class = TableSetIn

    @extend_schema(
        tags=["rounds"],
        parameters=ROUND_PARAMS,
        request=TableSetIn,
        responses={200: TableSetOut},
        summary="Set a table by hand (cost first, then confirm)",
        examples=[OpenApiExample("Preview", value={"table": 3, "players": [12, 17]})],
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        event = services.event_for(slug)
        if not is_director(request.user, event):
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
