"""Schema shapes of the JSON the tournament models keep (tiebreaks, scoring settings,
explanations, reports, result snapshots), so every field of the API has a declared type."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules_engine import GAME_SYSTEMS
from rules_engine.ejection import EJECTION
from rules_engine.games.base import RULINGS
from rules_engine.types import HALF_CAP_READINGS
from tournaments.api.council_serializers import TableCouncilSerializer
from tournaments.rules.limits import LOTR_TCG_POINTS, METW_ELIMINATION_POINTS
from tournaments.standings import TIEBREAKS
from tournaments.words.penalties import ejection_words


def _component_name(key: str) -> str:
    return "".join(part.capitalize() for part in key.split("-")) + "Outcome"


def _outcome_enums() -> dict[str, Any]:
    # Each game has its own outcomes (and any two-player game can be decided by an
    # ejection); the table's game decides which apply. "x-component" makes each a named
    # schema of its own (core.schema.postprocess).
    return {
        "anyOf": [
            {
                "x-component": _component_name(key),
                "type": "string",
                "enum": sorted({"normal", EJECTION, *system.outcomes, *RULINGS}),
                "description": (
                    f"Outcomes of {system.name} ({key}); double_loss is the director's "
                    "ruling on a table without a result at its window's deadline; "
                    f"{EJECTION}: a two-player game lost by a player ejected before it "
                    "ended (winner: the other player)."
                ),
            }
            for key, system in GAME_SYSTEMS.items()
        ]
    }


OUTCOME_SCHEMA = _outcome_enums()
ALL_OUTCOMES = sorted({o for e in OUTCOME_SCHEMA["anyOf"] for o in e["enum"]})


@extend_schema_field(OUTCOME_SCHEMA)
class OutcomeField(serializers.ChoiceField):
    """A game outcome: one of the table's game's outcomes (the service refuses the rest)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=ALL_OUTCOMES, **kwargs)


class TiebreakField(serializers.ChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=list(TIEBREAKS), **kwargs)


class ScoringSettingsSerializer(serializers.Serializer):
    """The rule readings a director may change (RULES.md); left out: the default."""

    half_cap = serializers.ChoiceField(choices=list(HALF_CAP_READINGS), required=False)
    metw_elimination_points = serializers.ListField(
        child=serializers.IntegerField(**METW_ELIMINATION_POINTS.field_kwargs()),
        min_length=2, max_length=2, required=False,
        help_text="Points of the winner, then of the loser, when a Wizard is eliminated.",
    )  # fmt: skip
    lotr_tcg_win_points = serializers.IntegerField(**LOTR_TCG_POINTS.field_kwargs(), required=False)
    lotr_tcg_rating_points = serializers.IntegerField(
        **LOTR_TCG_POINTS.field_kwargs(), required=False
    )

    def to_internal_value(self, data: object) -> dict:
        # Unknown names reach the service, which refuses them with every reason.
        value = super().to_internal_value(data)
        if isinstance(data, dict):
            value.update({k: v for k, v in data.items() if k not in self.fields})
        return value


class MatchGameSerializer(serializers.Serializer):
    """One game of a table's match of best of N (RULES.md §8), scored by its game's own
    rules; the table's seats hold the match (games won)."""

    number = serializers.IntegerField()
    mps = serializers.DictField(
        child=serializers.IntegerField(allow_null=True),
        help_text="Marshalling points (Glory) by registration id; null for lotr-tcg.",
    )
    outcome = serializers.CharField()
    winner = serializers.IntegerField(allow_null=True, help_text="The winner the report named.")
    won_by = serializers.IntegerField(
        allow_null=True, help_text="The game's winner by its rules; null for a tie."
    )
    decided_for = serializers.IntegerField(
        allow_null=True, help_text="A tie the director settled: the player it counts for."
    )
    time_called = serializers.BooleanField()
    points = serializers.DictField(
        child=serializers.IntegerField(), help_text="The game's tournament points by its table."
    )
    band = serializers.CharField(allow_blank=True)
    format = serializers.CharField(allow_blank=True, help_text="Format key ('': the round's).")
    chosen_by = serializers.IntegerField(
        allow_null=True, help_text="Who chose the format (the loser of the game before)."
    )


class ReportedResultSerializer(serializers.Serializer):
    """A report that differs from the first one (the table is disputed)."""

    mps = serializers.DictField(
        child=serializers.IntegerField(allow_null=True),
        help_text="Marshalling points by registration id.",
    )
    outcome = OutcomeField()
    winner = serializers.IntegerField(allow_null=True)
    time_called = serializers.BooleanField()
    council = TableCouncilSerializer(allow_null=True, required=False)
    games = MatchGameSerializer(many=True, required=False)
    by = serializers.IntegerField(help_text="The reporting registration.")
    by_name = serializers.CharField()


class SnapshotSeatSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    player = serializers.CharField()
    mps = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField(allow_null=True)
    outcome = serializers.CharField(allow_blank=True)


class TableSnapshotSerializer(serializers.Serializer):
    """A table's result at one moment of its history."""

    status = serializers.CharField()
    outcome = serializers.CharField(allow_blank=True, required=False)
    winner = serializers.IntegerField(allow_null=True, required=False)
    time_called = serializers.BooleanField(required=False)
    band = serializers.CharField(allow_blank=True, required=False)
    council = TableCouncilSerializer(allow_null=True, required=False)
    counter_report = ReportedResultSerializer(allow_null=True, required=False)
    games = MatchGameSerializer(many=True, required=False)
    seats = SnapshotSeatSerializer(many=True, required=False)


TIEBREAK_VALUES = serializers.DictField(
    child=serializers.FloatField(),
    help_text="Each tiebreak of the event's chain: its value for this player.",
)
EXPLANATION_LINES = serializers.ListField(
    child=serializers.CharField(), help_text="Why the pairing is as it is, line by line."
)


class EjectionReasonField(serializers.CharField):
    """Why a player was ejected, in words: the registration keeps the warning ladder's
    code with its data, and people read a sentence."""

    def to_representation(self, value: Any) -> str:
        return ejection_words(str(value or ""))
