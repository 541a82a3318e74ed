"""The API of league approval: the staff's queue, approve and withdraw."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import NotAllowed
from ratings.services import approval
from tournaments.models import Event

TAG = ["ratings"]


class ApprovalSerializer(serializers.Serializer):
    event_slug = serializers.CharField()
    event_name = serializers.CharField()
    game = serializers.CharField()
    approved = serializers.BooleanField()
    approved_by = serializers.CharField(help_text="Display name; empty when waiting.")
    approved_at = serializers.DateTimeField(allow_null=True)
    replay_job = serializers.IntegerField(
        allow_null=True, help_text="The replay that (un)rates its games, when one was needed."
    )


class ApprovalListSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    results = ApprovalSerializer(many=True)


def _data(event: Event, job: Any = None) -> dict[str, Any]:
    state = approval.approval_state(event)
    return {
        "event_slug": event.slug,
        "event_name": event.name,
        "game": event.game,
        "approved": state.approved,
        "approved_by": state.approved_by,
        "approved_at": state.approved_at,
        "replay_job": getattr(job, "pk", None),
    }


@extend_schema(tags=TAG)
class ApprovalList(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary="Sanctioned events a league staff member may approve",
        parameters=[
            OpenApiParameter(
                "state", str, enum=["waiting", "approved"], description="Default: waiting."
            )
        ],
        responses={200: ApprovalListSerializer},
    )
    def get(self, request: Request) -> Response:
        if not approval.is_any_league_staff(request.user):
            raise NotAllowed(_("Only league staff have an approval queue."))
        state = request.query_params.get("state") or "waiting"
        if state not in ("waiting", "approved"):
            # The two values are the API's own words (the parameter takes them as written).
            choice = _("Choose %(waiting)s or %(approved)s.") % {
                "waiting": "waiting",
                "approved": "approved",
            }
            raise serializers.ValidationError({"state": [choice]})
        events = approval.events_for_staff(request.user, waiting=state == "waiting")
        rows = [_data(e) for e in events]
        return Response(ApprovalListSerializer({"count": len(rows), "results": rows}).data)


@extend_schema(tags=TAG)
class EventApprovalView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        summary="Approve a sanctioned event for its league's ratings (league staff)",
        description="Idempotent. Its closed rounds are rated by a replay of the ledger, in "
        "time order; 403 for anyone but the league's staff.",
        request=None,
        responses={200: ApprovalSerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        row, job = approval.approve(request.user, slug)
        return Response(ApprovalSerializer(_data(row.event, job)).data, status=status.HTTP_200_OK)

    @extend_schema(
        summary="Withdraw a league's approval (league staff)",
        description="Idempotent. The event's games leave the ledger by a replay.",
        request=None,
        responses={200: ApprovalSerializer},
    )
    def delete(self, request: Request, slug: str) -> Response:
        job = approval.withdraw(request.user, slug)
        event = Event.objects.get(slug=slug)
        return Response(ApprovalSerializer(_data(event, job)).data)
