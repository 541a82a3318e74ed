"""Typed bodies of the playoff in the API (single and double elimination, matches of
best of N): the settings, a game's result, the director's decision, and the bracket."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.api.action_serializers import InputOnly, PlayerRefSerializer
from tournaments.models import EventSettings, PlayoffMatch
from tournaments.services.playoff_read import (
    playoff_best_of,
    playoff_format,
    playoff_next_game,
    playoff_round,
)

# A playoff match's round by its code (tournaments.rules.bracket, double_elim).
PLAYOFF_ROUNDS = [
    "final", "semi_final", "quarter_final", "round_of_16", "round_of_32",
    "upper_round", "upper_final", "lower_round", "lower_final", "grand_final", "bracket_reset",
]  # fmt: skip


class TopCutSerializer(serializers.Serializer):
    top_cut = serializers.IntegerField(
        min_value=0,
        max_value=64,
        help_text="0: no playoff; single elimination 2 to 32 (powers of 2); double 2 to 64.",
    )
    playoff_tie = serializers.ChoiceField(choices=EventSettings.TieRule.choices)
    playoff_kind = serializers.ChoiceField(
        choices=EventSettings.PlayoffKind.choices, default="single"
    )
    playoff_reset = serializers.BooleanField(
        default=False,
        help_text="Double elimination: replay the grand final if the lower champion wins it.",
    )
    playoff_upper_format = serializers.CharField(
        max_length=100, allow_blank=True, default="",
        help_text="Double elimination: the upper bracket's (and grand final's) format key.",
    )  # fmt: skip
    playoff_lower_format = serializers.CharField(
        max_length=100, allow_blank=True, default="",
        help_text="Double elimination: the lower bracket's format key.",
    )  # fmt: skip
    playoff_best_of = serializers.IntegerField(
        min_value=1, max_value=7, default=1, help_text="Games in a playoff match: 1, 3, 5 or 7."
    )
    final_best_of = serializers.IntegerField(
        min_value=1, max_value=7, default=1,
        help_text="Games in the final (the grand final in double elimination): 1, 3, 5 or 7.",
    )  # fmt: skip
    loser_chooses_format = serializers.BooleanField(
        default=False, help_text="Best of N: the loser of each game chooses the next one's format."
    )

    class Meta:
        ref_name = "TopCut"


class PlayoffResultSerializer(InputOnly):
    match = serializers.IntegerField()
    high_mps = serializers.IntegerField(required=False, allow_null=True, default=None)
    low_mps = serializers.IntegerField(required=False, allow_null=True, default=None)
    outcome = serializers.CharField(max_length=40, required=False, default="normal")
    winner = serializers.IntegerField(
        required=False, allow_null=True, default=None, help_text="Registration id, if decided."
    )
    format_key = serializers.CharField(
        max_length=100, required=False, allow_blank=True, default="",
        help_text="Best of N: the format the loser of the last game chose for this one.",
    )  # fmt: skip

    class Meta:
        ref_name = "PlayoffResult"


class PlayoffDecisionSerializer(InputOnly):
    match = serializers.IntegerField()
    winner = serializers.IntegerField(help_text="Registration id of the player who goes on.")

    class Meta:
        ref_name = "PlayoffDecision"


class PlayoffRoundSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=PLAYOFF_ROUNDS)
    number = serializers.IntegerField(help_text="The round on its side of the bracket.")

    class Meta:
        ref_name = "PlayoffRound"


class PlayoffGameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    high_mps = serializers.IntegerField(allow_null=True)
    low_mps = serializers.IntegerField(allow_null=True)
    outcome = serializers.CharField()
    winner = PlayerRefSerializer(allow_null=True, help_text="None: a tied game.")
    decided_for = PlayerRefSerializer(
        allow_null=True, help_text="A tied game the director counted for this player."
    )
    format_key = serializers.CharField()
    chosen_by = PlayerRefSerializer(allow_null=True)

    class Meta:
        ref_name = "PlayoffGame"


class NextGameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    format = serializers.CharField(
        allow_null=True, help_text="Set for this game; null when a player chooses it."
    )
    chosen_by = serializers.IntegerField(
        allow_null=True, help_text="Registration id of the player who chooses the format."
    )

    class Meta:
        ref_name = "NextPlayoffGame"


class PlayoffMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    stage = serializers.IntegerField(
        help_text="The playoff round; in double elimination, the wave."
    )
    slot = serializers.IntegerField()
    side = serializers.ChoiceField(choices=PlayoffMatch.Side.choices)
    round = serializers.SerializerMethodField()
    format = serializers.SerializerMethodField(
        help_text="The deck format key of this match; blank: the event's own."
    )
    best_of = serializers.SerializerMethodField()
    games = PlayoffGameSerializer(many=True, source="games.all")
    next_game = serializers.SerializerMethodField()
    status = serializers.ChoiceField(choices=PlayoffMatch.Status.choices)
    high = PlayerRefSerializer(allow_null=True)
    low = PlayerRefSerializer(allow_null=True)
    high_seed = serializers.IntegerField(allow_null=True)
    low_seed = serializers.IntegerField(allow_null=True)
    high_mps = serializers.IntegerField(allow_null=True)
    low_mps = serializers.IntegerField(allow_null=True)
    winner = PlayerRefSerializer(allow_null=True)
    replays = serializers.IntegerField()
    decided_by_director = serializers.BooleanField()

    class Meta:
        ref_name = "PlayoffMatch"

    @extend_schema_field(PlayoffRoundSerializer)
    def get_round(self, obj: Any) -> dict[str, Any]:
        return playoff_round(obj)

    @extend_schema_field(serializers.CharField())
    def get_format(self, obj: Any) -> str:
        return playoff_format(obj)

    @extend_schema_field(serializers.IntegerField())
    def get_best_of(self, obj: Any) -> int:
        return playoff_best_of(obj)

    @extend_schema_field(NextGameSerializer(allow_null=True))
    def get_next_game(self, obj: Any) -> dict[str, Any] | None:
        """The next game of a best-of match still being played; null otherwise."""
        return playoff_next_game(obj)


class FinalPlaceSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    registration = serializers.CharField(help_text="Registration id, as in the standings.")
    name = serializers.CharField()
    swiss_rank = serializers.IntegerField()

    class Meta:
        ref_name = "FinalPlace"


class BracketSerializer(serializers.Serializer):
    top_cut = serializers.IntegerField()
    playoff_tie = serializers.ChoiceField(choices=EventSettings.TieRule.choices)
    playoff_kind = serializers.ChoiceField(choices=EventSettings.PlayoffKind.choices)
    playoff_reset = serializers.BooleanField()
    playoff_best_of = serializers.IntegerField()
    final_best_of = serializers.IntegerField()
    loser_chooses_format = serializers.BooleanField()
    matches = PlayoffMatchSerializer(many=True)
    final_standings = FinalPlaceSerializer(many=True)

    class Meta:
        ref_name = "Bracket"
