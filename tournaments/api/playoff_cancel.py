"""Cancel an undecided top cut through the API, the way out of a playoff that cannot be
finished (tournaments.services.playoff_end). The body must say ``confirm: true``: the
playoff matches are removed. Refusals are RFC 9457 problem details (core.problems)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import services
from tournaments.api.common import valid


class PlayoffCancelIn(serializers.Serializer):
    class Meta:
        ref_name = "PlayoffCancel"

    confirm = serializers.BooleanField(
        help_text="Must be true: the playoff's matches are removed (kept in the audit trail)."
    )

    def validate_confirm(self, value: bool) -> bool:
        if not value:
            raise serializers.ValidationError(_("Cancelling the top cut needs confirm: true."))
        return value


class PlayoffCancelOut(serializers.Serializer):
    cancelled = serializers.BooleanField()
    top_cut = serializers.IntegerField(help_text="0: the event has no top cut any more.")


class PlayoffCancel(APIView):
    permission_classes = [IsAuthenticated]
    serializer_class = PlayoffCancelIn

    @extend_schema(
        tags=["playoff"],
        request=PlayoffCancelIn,
        responses={200: PlayoffCancelOut},
        summary="Cancel an undecided top cut (the director; the Swiss standings become final)",
    )
    def post(self, request: Request, slug: str) -> Response:
        event = services.event_for(slug)
        valid(PlayoffCancelIn, request)
        services.cancel_top_cut(request.user, event)
        return Response(PlayoffCancelOut({"cancelled": True, "top_cut": 0}).data)
