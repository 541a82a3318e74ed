"""Claims on walk-in entries through the API: a person says an entry made at the door is
his; the director confirms (the walk-in's entries merge into the account) or refuses."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.errors import NotFound
from tournaments import services
from tournaments.api.common import Base, answer, many, staff_event, valid
from tournaments.models import EntryClaim
from tournaments.words.people import public_name

TAG = ["registration"]


class EntryClaimSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    registration = serializers.IntegerField(source="registration_id")
    player = serializers.CharField(
        source="registration.player.display_name", help_text="The entry claimed."
    )
    claimed_by = serializers.SerializerMethodField(help_text="The account holder's name.")
    created_at = serializers.DateTimeField()
    accepted = serializers.BooleanField(allow_null=True, help_text="None while undecided.")

    def get_claimed_by(self, claim: EntryClaim) -> str:
        return public_name(claim.user)


class DecideClaimSerializer(serializers.Serializer):
    schema_input_only = True

    accept = serializers.BooleanField(
        help_text="true merges the walk-in's entries into the account; false refuses."
    )


class ClaimEntry(Base):
    permission_classes = [IsAuthenticated]

    @extend_schema(tags=TAG, request=None, responses={201: EntryClaimSerializer})
    def post(self, request: Request, slug: str, registration_id: int) -> Response:
        """Say a walk-in entry is yours; the director confirms it (your history merges)."""
        event = services.event_for(slug)
        reg = event.registrations.filter(pk=registration_id).select_related("player").first()
        if reg is None:
            raise NotFound(_("%(event)s has no such entry.") % {"event": event.name})
        return answer(EntryClaimSerializer, services.claim_entry(request.user, reg), status=201)


class Claims(Base):
    @extend_schema(
        tags=TAG, operation_id="events_claims_open", responses={200: many(EntryClaimSerializer)}
    )
    def get(self, request: Request, slug: str) -> Response:
        """Open claims on the event's walk-in entries (director)."""
        event = staff_event(request, slug)
        return answer(EntryClaimSerializer, services.open_claims(event), many=True)


class DecideClaim(Base):
    @extend_schema(tags=TAG, request=DecideClaimSerializer, responses={200: EntryClaimSerializer})
    def post(self, request: Request, slug: str, claim_id: int) -> Response:
        """Confirm or refuse a claim (director): confirmed, the walk-in's entries and
        games become the account holder's and his ratings are replayed."""
        accept = valid(DecideClaimSerializer, request)["accept"]
        claim = services.decide_claim(request.user, services.event_for(slug), claim_id, accept)
        return answer(EntryClaimSerializer, claim)
