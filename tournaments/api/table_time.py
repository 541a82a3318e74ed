"""Extra time for one table through the API: the dashboard's "extra time" button
(``services.table_time``), answered with the table's extra minutes and its new end."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import services
from tournaments.api.common import TABLE_PARAMS, event_for, table_of, valid
from tournaments.services.clock import MAX_ADDED_MINUTES
from tournaments.services.table_time import extra_minutes, give_table_time, table_ends_at


class TableTimeIn(serializers.Serializer):
    schema_input_only = True

    minutes = serializers.IntegerField(
        min_value=1, max_value=MAX_ADDED_MINUTES, help_text="Minutes the table plays on."
    )


class TableTimeOut(serializers.Serializer):
    table = serializers.IntegerField(help_text="The table's id.")
    number = serializers.IntegerField(help_text="Its number in the round.")
    round = serializers.IntegerField()
    extra_minutes = serializers.IntegerField(help_text="All the extra time the table was given.")
    ends_at = serializers.DateTimeField(
        allow_null=True, help_text="When the table's time ends (null while the clock is off)."
    )


class TableTime(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=["rounds"],
        operation_id="events_tables_time",
        parameters=TABLE_PARAMS,
        request=TableTimeIn,
        responses={200: TableTimeOut},
        summary="Give one table extra time (director)",
        description="Audited with who gave it; refused for a bye or a closed round (409).",
    )
    def post(self, request: Request, slug: str, table_id: int) -> Response:
        table = table_of(event_for(request, slug), table_id)
        data = valid(TableTimeIn, request)
        table = give_table_time(request.user, table, data["minutes"])
        minutes = extra_minutes([table]).get(table.pk, 0)
        ends = table_ends_at(services.round_timer(table.round).ends_at, minutes)
        body = {
            "table": table.pk,
            "number": table.number,
            "round": table.round.number,
            "extra_minutes": minutes,
            "ends_at": ends,
        }
        return Response(TableTimeOut(body).data)
