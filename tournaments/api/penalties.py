"""Penalties through the API: what a penalty would do before it is issued, and
rescinding a warning or an ejection."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from core.errors import NotFound
from tournaments import services
from tournaments.api import action_serializers as io
from tournaments.api.common import Base, answer, event_for, registration_of, valid
from tournaments.api.round_serializers import PenaltyInputSerializer
from tournaments.models import Penalty
from tournaments.permissions import Capability, require
from tournaments.services.penalties import ejection_preview
from tournaments.words.penalties import ejection_preview_words

TAG = ["penalties"]


class Rescind(Base):
    @extend_schema(tags=TAG, request=io.RescindSerializer, responses={200: io.RescissionSerializer})
    def post(self, request: Request, slug: str) -> Response:
        """Take back a warning or an ejection; the penalty stays in the record, marked."""
        event = services.event_for(slug)
        data = valid(io.RescindSerializer, request)
        pk = data["id"]
        if not event.registrations.filter(penalties__pk=pk).exists():
            raise NotFound(_("%(event)s has no penalty %(pk)s.") % {"event": event.name, "pk": pk})
        return answer(
            io.RescissionSerializer, services.rescind_penalty(request.user, pk, data["note"])
        )


class PenaltyPreviewOut(serializers.Serializer):
    ejects = serializers.BooleanField(help_text="Whether issuing this penalty ejects the player.")
    code = serializers.CharField(
        allow_blank=True,
        help_text="Why it ejects: same_offense, total_warnings, cheating, illegal_deck, "
        "director (empty when it does not).",
    )
    words = serializers.CharField(allow_blank=True, help_text="What it will do, in words.")


class PenaltyPreview(Base):
    @extend_schema(
        tags=TAG,
        operation_id="events_penalties_preview",
        request=PenaltyInputSerializer,
        responses={200: PenaltyPreviewOut},
        summary="What issuing a penalty would do, before issuing it (staff)",
        description=(
            "The dashboard asks before a warning ejects; this is the same question: two "
            "standing warnings for the same offense, or any three, eject (000 Part VI §3)."
        ),
    )
    def post(self, request: Request, slug: str) -> Response:
        event = event_for(request, slug)
        require(request.user, event, Capability.ISSUE_PENALTY)
        data = valid(PenaltyInputSerializer, request)
        reg = registration_of(event, data["registration"])
        ejection = ejection_preview(reg, data["offense"], data["kind"], data.get("repeats"))
        if ejection is None:
            return Response(PenaltyPreviewOut({"ejects": False, "code": "", "words": ""}).data)
        offense = _(Penalty.Offense(data["offense"]).label).lower()
        words = ejection_preview_words(ejection, reg.player.display_name, offense)
        body = {"ejects": True, "code": ejection.code, "words": words}
        return Response(PenaltyPreviewOut(body).data)
