"""Typed bodies of the staff's actions in the API: what each operation takes and answers,
so a generated client gets a class per shape instead of a bare dict. The answers are
rendered through these serializers too, so the schema cannot drift from the server."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.fields import EjectionReasonField
from tournaments.models import EventStaff
from tournaments.services.playoff_ejection import kept_opponents
from tournaments.words.penalties import kept_matches_words

# Codes the preview sets on a row; the pages put them into words.
PREVIEW_FLAGS = [
    "duplicate_in_list",
    "already_registered",
    "possible_duplicate",
    "has_account",
    "known_player",
    "bad_email",
]


class InputOnly(serializers.Serializer):
    # A request-only shape keeps its own name (no "Request" suffix) in the schema.
    schema_input_only = True


# -- requests ---------------------------------------------------------------------------


class StaffInviteSerializer(InputOnly):
    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(choices=EventStaff.Role.choices)

    class Meta:
        ref_name = "StaffInvite"


class PlayerListSerializer(InputOnly):
    text = serializers.CharField(
        max_length=200_000,
        trim_whitespace=False,
        help_text="One player per line: name, then optionally membership number and e-mail.",
    )

    class Meta:
        ref_name = "PlayerList"


class RegistrationIdsSerializer(InputOnly):
    registrations = serializers.ListField(
        child=serializers.IntegerField(),
        allow_empty=True,
        help_text="The registration ids the preview listed (409 stale if the list changed).",
    )

    class Meta:
        ref_name = "RegistrationIds"


class TableNumbersSerializer(InputOnly):
    tables = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        allow_empty=True,
        help_text="The table numbers whose results the preview said would be lost.",
    )

    class Meta:
        ref_name = "TableNumbers"


class ObjectIdSerializer(InputOnly):
    id = serializers.IntegerField(help_text="The id of the staff entry, action or penalty.")

    class Meta:
        ref_name = "ObjectId"


class RescindSerializer(InputOnly):
    id = serializers.IntegerField(help_text="The penalty's id.")
    note = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")

    class Meta:
        ref_name = "PenaltyRescind"


class SwapSerializer(InputOnly):
    a = serializers.IntegerField(help_text="Registration id of one player.")
    b = serializers.IntegerField(help_text="Registration id of the other.")

    class Meta:
        ref_name = "Swap"


# -- answers ----------------------------------------------------------------------------


class StaffMemberSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    role = serializers.ChoiceField(choices=EventStaff.Role.choices)

    class Meta:
        ref_name = "StaffMember"


class PreviewRowSerializer(serializers.Serializer):
    line = serializers.IntegerField(source="row.line")
    name = serializers.CharField(source="row.name")
    membership_number = serializers.CharField(source="row.membership_number")
    email = serializers.CharField(source="row.email")
    flags = serializers.ListField(child=serializers.ChoiceField(choices=PREVIEW_FLAGS))
    will_add = serializers.BooleanField()

    class Meta:
        ref_name = "PlayerListRow"


class PlayerRefSerializer(serializers.Serializer):
    registration = serializers.IntegerField(source="pk")
    name = serializers.CharField(source="player.display_name")

    class Meta:
        ref_name = "PlayerRef"


class BulkActionSerializer(serializers.Serializer):
    action = serializers.IntegerField(source="pk", help_text="Give it to undo to take it back.")
    registrations = serializers.ListField(child=serializers.IntegerField())

    class Meta:
        ref_name = "BulkAction"


class RemovedRegistrationSerializer(serializers.Serializer):
    player = serializers.CharField()
    checked_in = serializers.BooleanField()
    joined_round = serializers.IntegerField(allow_null=True)
    dropped = serializers.BooleanField()
    dropped_after_round = serializers.IntegerField(allow_null=True)
    ejected = serializers.BooleanField()
    ejection_reason = EjectionReasonField()

    class Meta:
        ref_name = "RemovedRegistration"


class AffectedSerializer(serializers.Serializer):
    registration_id = serializers.IntegerField()
    name = serializers.CharField()

    class Meta:
        ref_name = "AffectedPlayer"


class RescissionSerializer(serializers.Serializer):
    penalty = serializers.IntegerField(source="penalty_id")
    by = serializers.CharField(source="by.username", allow_null=True)
    at = serializers.DateTimeField()
    bracket = serializers.SerializerMethodField(
        help_text="When a lifted ejection leaves a top-cut match decided, why, in words "
        "(empty otherwise)."
    )

    def get_bracket(self, obj: Any) -> str:
        reg = obj.penalty.registration
        reg.refresh_from_db(fields=["ejected"])
        return kept_matches_words(reg.player.display_name, kept_opponents(reg))

    class Meta:
        ref_name = "Rescission"


class SelfDropUndoneSerializer(serializers.Serializer):
    registration = serializers.IntegerField(source="pk")
    dropped = serializers.BooleanField()

    class Meta:
        ref_name = "SelfDropUndone"


def _pairs(help_text: str) -> serializers.ListField:
    pair = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2)
    return serializers.ListField(child=pair, help_text=help_text)


class FixedMovedSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    table = serializers.IntegerField(help_text="The player's fixed table, which he would leave.")

    class Meta:
        ref_name = "FixedTableLeft"


class SwapCostSerializer(serializers.Serializer):
    """What a hand-made change (a swap, a table set by hand) costs; built by cost_data."""

    rematches = _pairs("Registration id pairs that would meet again.")
    avoided = _pairs("Registration id pairs the event asked to keep apart.")
    fixed_moved = FixedMovedSerializer(many=True)
    gap_before = serializers.IntegerField(help_text="Largest score gap at a changed table now.")
    gap_after = serializers.IntegerField(help_text="The same after the change.")
    free = serializers.BooleanField(help_text="No rematch, pair to avoid, fixed table or gap.")

    class Meta:
        ref_name = "HandChangeCost"


def cost_data(cost: Any) -> dict[str, Any]:
    """A services.hands_on.Cost as the serializer's input (pairs as lists, named fixed moves)."""
    return {
        "rematches": [list(p) for p in cost.rematches],
        "avoided": [list(p) for p in cost.avoided],
        "fixed_moved": [{"registration": r, "table": t} for r, t in cost.fixed_moved],
        "gap_before": cost.gap_before,
        "gap_after": cost.gap_after,
        "free": cost.free,
    }


class LostResultSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField())
    status = serializers.CharField()

    class Meta:
        ref_name = "LostResult"


class RoundDeletedSerializer(serializers.Serializer):
    deleted = serializers.IntegerField(help_text="The number of the deleted round.")

    class Meta:
        ref_name = "RoundDeleted"


class RoundRepairedSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="number")
    seed = serializers.IntegerField()

    class Meta:
        ref_name = "RoundRepaired"
