"""Shapes of the calculators' API (what is checked here is the form of the input:
types, ranges, required fields). Whether the result can happen is the rules
engine's question, answered with InvalidResult."""

from __future__ import annotations

import math
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules_engine import GAME_SYSTEMS
from rules_engine.checking import MAX_MPS, MAX_ROUND
from rules_engine.free_council import CATEGORIES, MAX_CATEGORY, MAX_REVEALS


@extend_schema_field(OpenApiTypes.INT)
class StrictIntegerField(serializers.IntegerField):
    """A JSON integer. Unlike DRF's IntegerField it refuses strings ("14"), booleans
    and fractions, so "3.5", "x" or true never become MPs by accident; a whole
    float such as 14.0 is taken as 14."""

    default_error_messages = {
        "invalid": gettext_lazy("Must be a whole number, not {input!r}."),
        "not_whole": gettext_lazy("Must be a whole number, not {input!r}."),
    }

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid", input=data)
        if isinstance(data, float):
            if not math.isfinite(data) or not data.is_integer():
                self.fail("not_whole", input=data)
            data = int(data)
        return super().to_internal_value(data)


@extend_schema_field(OpenApiTypes.BOOL)
class StrictBooleanField(serializers.BooleanField):
    """JSON true or false only (DRF would also take "yes", "on" or 1)."""

    default_error_messages = {"invalid": gettext_lazy("Must be true or false, not {input!r}.")}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class NameField(serializers.CharField):
    def __init__(self, **kwargs: Any):
        kwargs.setdefault("max_length", 100)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


GAME_CHOICES = [(key, system.name) for key, system in GAME_SYSTEMS.items()]


def _unknown_game() -> str:
    # DRF fills in only {input}; the list of games is known here, when the reader's
    # language is.
    words = gettext("Unknown game {input!r}: choose one of {choices}.")
    return words.replace("{choices}", ", ".join(GAME_SYSTEMS))


UNKNOWN_GAME = lazy(_unknown_game, str)()


class ScoreSeatSerializer(serializers.Serializer):
    player = NameField(help_text="Who sat there (any name or id, unique at the table).")
    mps = StrictIntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=-MAX_MPS,
        max_value=MAX_MPS,
        help_text="Marshalling points (Glory for lotr-dice); may be negative in METW; "
        "null for lotr-tcg, a Sauron win, or a game ended by a special outcome.",
    )


class RulesScoringSettingsSerializer(serializers.Serializer):
    metw_elimination_points = serializers.ListField(
        child=StrictIntegerField(min_value=0, max_value=7),
        min_length=2,
        max_length=2,
        required=False,
        help_text="Points for a METW win by the other Wizard eliminated/corrupted: "
        "[winner, loser], default [6, 0] (RULES.md §2 Reading).",
    )
    lotr_tcg_win_points = StrictIntegerField(min_value=0, max_value=10, required=False)
    lotr_tcg_rating_points = StrictIntegerField(min_value=0, max_value=10, required=False)


class ScoreRequestSerializer(serializers.Serializer):
    game = serializers.ChoiceField(
        choices=GAME_CHOICES, error_messages={"invalid_choice": UNKNOWN_GAME}
    )
    round = StrictIntegerField(min_value=1, max_value=MAX_ROUND, required=False, default=1)
    seats = serializers.ListField(child=ScoreSeatSerializer(), max_length=20)
    multiplayer = StrictBooleanField(required=False, default=False)
    outcome = NameField(
        required=False,
        default="normal",
        max_length=40,
        help_text="normal | one_ring | wizard_eliminated | both_corrupted (metw) | site_9 | "
        "last_player | ring_bearer_killed | ring_bearer_corrupted (lotr-tcg) | glory | "
        "sauron_won (lotr-dice).",
    )
    winner = NameField(required=False, allow_null=True, allow_blank=True, default=None)
    one_ring = NameField(
        required=False,
        allow_null=True,
        allow_blank=True,
        default=None,
        help_text="The player who destroyed The One Ring (LoRE, METW): a 7–0 win.",
    )
    time_called = StrictBooleanField(required=False, default=False)
    settings = RulesScoringSettingsSerializer(required=False)


class ScoredSeatSerializer(serializers.Serializer):
    player = serializers.CharField()
    mps = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField()
    result = serializers.ChoiceField(choices=["win", "loss", "draw"])
    band_key = serializers.CharField()


class RulesRatedGameSerializer(serializers.Serializer):
    player = serializers.CharField()
    opponents = serializers.ListField(child=serializers.CharField())
    result = serializers.ChoiceField(choices=["win", "loss", "draw"])
    points = serializers.IntegerField()


class ScoreResponseSerializer(serializers.Serializer):
    game = serializers.CharField()
    game_name = serializers.CharField()
    round = serializers.IntegerField()
    multiplayer = serializers.BooleanField()
    outcome = serializers.CharField()
    outcome_label = serializers.CharField()
    time_called = serializers.BooleanField()
    winner = serializers.CharField(
        allow_null=True, help_text="null for a draw, a shared win or all losing"
    )
    winners = serializers.ListField(child=serializers.CharField())
    points = serializers.DictField(
        child=serializers.IntegerField(), help_text="tournament points per player"
    )
    results = serializers.DictField(
        child=serializers.CharField(), help_text="win | loss | draw per player"
    )
    band = serializers.CharField(help_text="how it was scored, e.g. 'ratio ≥ 2 (6–0)'")
    band_key = serializers.CharField()
    seats = ScoredSeatSerializer(many=True)
    explanation = serializers.ListField(child=serializers.CharField())
    rated = RulesRatedGameSerializer(many=True)
    bye_points = serializers.IntegerField(help_text="what a bye would score in this round")


class CouncilPlayerSerializer(serializers.Serializer):
    player = NameField(required=False, allow_blank=True, default="")
    revealed_duplicates = StrictIntegerField(
        min_value=0,
        max_value=MAX_REVEALS,
        required=False,
        default=0,
        help_text="How many of the OPPONENT's unique cards in play this player revealed "
        "from hand at the Council; each costs the opponent 1 MP.",
    )
    avatar_eliminated = StrictBooleanField(
        required=False, default=False, help_text="CoE 10.3: −5 MPs, applied last."
    )

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        for category in CATEGORIES:
            fields[category] = StrictIntegerField(
                min_value=-MAX_CATEGORY,
                max_value=MAX_CATEGORY,
                required=False,
                default=0,
                help_text=f"{category} points (may be negative)",
            )
        return fields


class FreeCouncilRequestSerializer(serializers.Serializer):
    players = serializers.ListField(
        child=CouncilPlayerSerializer(),
        min_length=2,
        max_length=2,
        help_text="Exactly two players.",
    )
    half_cap = serializers.ChoiceField(
        choices=[("exact", "exact"), ("round-up", "round-up")],
        required=False,
        default="exact",
        help_text="'exact' reproduces the rulebook example (default); 'round-up' reads "
        "'half (round up)' literally (RULES.md §5).",
    )
    round = StrictIntegerField(min_value=1, max_value=MAX_ROUND, required=False, default=1)


class CouncilCategoryTotalsSerializer(serializers.Serializer):
    character = serializers.IntegerField()
    item = serializers.IntegerField()
    faction = serializers.IntegerField()
    ally = serializers.IntegerField()
    kill = serializers.IntegerField()
    miscellaneous = serializers.IntegerField()


class CouncilChangeSerializer(serializers.Serializer):
    category = serializers.CharField()
    reason = serializers.CharField()

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["from"] = serializers.IntegerField()
        fields["to"] = serializers.IntegerField()
        return fields


class CouncilCapSerializer(CouncilChangeSerializer):
    total_before = serializers.IntegerField()
    total_after = serializers.IntegerField()


class CouncilSideSerializer(serializers.Serializer):
    player = serializers.CharField()
    start = CouncilCategoryTotalsSerializer()
    start_total = serializers.IntegerField()
    doubling = CouncilChangeSerializer(many=True)
    after_doubling = CouncilCategoryTotalsSerializer()
    after_doubling_total = serializers.IntegerField()
    half_cap = CouncilCapSerializer(many=True)
    after_half_cap = CouncilCategoryTotalsSerializer()
    after_half_cap_total = serializers.IntegerField()
    revealed_against = serializers.IntegerField()
    after_reveals = serializers.IntegerField()
    avatar_penalty = serializers.IntegerField()
    after_avatar = serializers.IntegerField()
    final = serializers.IntegerField()
    steps = serializers.ListField(child=serializers.CharField())


class FreeCouncilResponseSerializer(serializers.Serializer):
    half_cap = serializers.CharField()
    players = CouncilSideSerializer(many=True)
    winner = serializers.CharField(allow_null=True)
    tie = serializers.BooleanField()
    score = ScoreResponseSerializer()
