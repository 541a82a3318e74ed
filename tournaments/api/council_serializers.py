"""API shapes of a METW result given as the Free Council (tournaments.rules.council)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers

from rules_engine.free_council import CATEGORIES, MAX_CATEGORY, MAX_REVEALS
from rules_engine.types import HALF_CAP_READINGS


def _category() -> serializers.IntegerField:
    return serializers.IntegerField(
        required=False, default=0, min_value=-MAX_CATEGORY, max_value=MAX_CATEGORY
    )


class TableCouncilSeatInputSerializer(serializers.Serializer):
    """One player's Free Council: the six category totals, the matching unique cards he
    revealed from hand (each costs the opponent 1), and whether his avatar was eliminated."""

    registration = serializers.IntegerField()
    character = _category()
    item = _category()
    faction = _category()
    ally = _category()
    kill = _category()
    miscellaneous = _category()
    revealed_duplicates = serializers.IntegerField(
        required=False, default=0, min_value=0, max_value=MAX_REVEALS,
        help_text="Unique cards this player revealed from hand that the opponent has in play.",
    )  # fmt: skip
    avatar_eliminated = serializers.BooleanField(required=False, default=False)


class TableCouncilInputSerializer(serializers.Serializer):
    """A METW result as the Free Council (003 Part II §1; RULES.md §4.4, §5): counted with
    the event's half-cap reading; the final totals are the MPs."""

    schema_input_only = True

    seats = TableCouncilSeatInputSerializer(many=True, min_length=2, max_length=2)  # type: ignore[call-arg]

    def validate_seats(self, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        ids = [row["registration"] for row in value]
        if len(set(ids)) != len(ids):
            raise serializers.ValidationError(_("A player is listed twice."))
        return value


class TableCouncilStepSerializer(serializers.Serializer):
    category = serializers.ChoiceField(choices=list(CATEGORIES))
    to = serializers.IntegerField()

    def get_fields(self) -> dict[str, Any]:
        fields = super().get_fields()
        fields["from"] = serializers.IntegerField()  # a keyword in Python
        return fields


class TableCouncilCapSerializer(TableCouncilStepSerializer):
    total_before = serializers.IntegerField()
    total_after = serializers.IntegerField()


class TableCouncilSeatInputValuesSerializer(serializers.Serializer):
    character = serializers.IntegerField()
    item = serializers.IntegerField()
    faction = serializers.IntegerField()
    ally = serializers.IntegerField()
    kill = serializers.IntegerField()
    miscellaneous = serializers.IntegerField()
    revealed_duplicates = serializers.IntegerField()
    avatar_eliminated = serializers.BooleanField()


class TableCouncilSeatSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    input = TableCouncilSeatInputValuesSerializer()
    start_total = serializers.IntegerField()
    doubled = TableCouncilStepSerializer(many=True)
    after_doubling_total = serializers.IntegerField()
    capped = TableCouncilCapSerializer(many=True)
    after_cap_total = serializers.IntegerField()
    revealed_against = serializers.IntegerField()
    avatar_penalty = serializers.IntegerField()
    final = serializers.IntegerField(help_text="The MPs this player scores.")


class TableCouncilSerializer(serializers.Serializer):
    """The stored Free Council: what was entered and each step's numbers."""

    half_cap = serializers.ChoiceField(choices=list(HALF_CAP_READINGS))
    seats = TableCouncilSeatSerializer(many=True)
