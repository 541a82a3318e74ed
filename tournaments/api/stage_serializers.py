"""API shapes of event presets, an event's stages, what comes next, and a round robin's
standings and crosstable."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.api.fields import TiebreakField
from tournaments.models import StageKind, StageScoring
from tournaments.rules import presets as p
from tournaments.rules.heats import DRAW_CHOICES
from tournaments.rules.limits import PLANNED_ROUNDS
from tournaments.words.stages import (
    kind_label,
    next_step_text,
    preset_name,
    preset_summary,
    scoring_label,
)


class BracketSidesSerializer(serializers.Serializer):
    upper = serializers.CharField(max_length=100, required=False, allow_blank=True)
    lower = serializers.CharField(max_length=100, required=False, allow_blank=True)


class StageOptionsSerializer(serializers.Serializer):
    """What a stage keeps for the kinds played by their own engines (RULES.md §8)."""

    series_days = serializers.IntegerField(
        required=False, min_value=1, max_value=60, help_text="League: days in a series."
    )
    games_per_series = serializers.IntegerField(
        required=False, min_value=1, max_value=100, help_text="League: games per player."
    )
    repeat_opponent = serializers.BooleanField(
        required=False, help_text="League: whether two players may meet twice in a series."
    )
    bracket_reset = serializers.BooleanField(
        required=False, help_text="Double elimination: replay a grand final the lower side won."
    )
    formats_by_side = BracketSidesSerializer(required=False)
    final_best_of = serializers.IntegerField(required=False, min_value=1, max_value=p.MAX_BEST_OF)
    final_first_format = serializers.CharField(max_length=100, required=False, allow_blank=True)
    loser_chooses_format = serializers.BooleanField(
        required=False, help_text="The loser of each game chooses the next game's format."
    )
    group_draw = serializers.ChoiceField(
        choices=DRAW_CHOICES, required=False,
        help_text="Swiss in heats: players dealt by rating, or at random from a seed.",
    )  # fmt: skip
    tie = serializers.ChoiceField(
        choices=[("replay", "replay"), ("director", "director")], required=False,
        help_text="A match of best of N: a tied game is replayed, or the director names "
        "the player it counts for.",
    )  # fmt: skip


class StageSpecSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=StageKind.choices)
    rounds = serializers.IntegerField(
        required=False, allow_null=True, **PLANNED_ROUNDS.field_kwargs(),
        help_text="Empty: the rulebook's table by player count (Swiss), or the field's size.",
    )  # fmt: skip
    round_formats = serializers.ListField(
        child=serializers.CharField(max_length=100, allow_blank=True),
        required=False, max_length=PLANNED_ROUNDS.high,
        help_text="A format key per round; empty: the event's format.",
    )  # fmt: skip
    best_of = serializers.IntegerField(required=False, min_value=1, max_value=p.MAX_BEST_OF)
    scoring = serializers.ChoiceField(choices=StageScoring.choices, required=False)
    tiebreaks = serializers.ListField(child=TiebreakField(), required=False, max_length=10)
    advance = serializers.IntegerField(
        required=False, allow_null=True, min_value=2, max_value=64,
        help_text="Top N of the previous stage (or of each group) go on.",
    )  # fmt: skip
    advance_per_group = serializers.BooleanField(required=False)
    carry_points = serializers.BooleanField(required=False)
    groups = serializers.IntegerField(required=False, min_value=1, max_value=p.MAX_GROUPS)
    options = StageOptionsSerializer(
        required=False, help_text="Settings kept for the engine that plays this kind."
    )


class StageSerializer(StageSpecSerializer):
    position = serializers.IntegerField()
    kind_name = serializers.SerializerMethodField()
    scoring_name = serializers.SerializerMethodField()
    first_round = serializers.IntegerField(allow_null=True)
    skipped_at = serializers.DateTimeField(allow_null=True)

    def get_kind_name(self, obj: Any) -> str:
        return kind_label(obj.kind)

    def get_scoring_name(self, obj: Any) -> str:
        return scoring_label(obj.scoring)


class StagePlanSerializer(serializers.Serializer):
    schema_input_only = True

    stages = StageSpecSerializer(many=True, min_length=1, max_length=p.MAX_STAGES)  # type: ignore[call-arg]


class PresetSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.SerializerMethodField()
    game = serializers.CharField(help_text="The game it is for; empty: any game.")
    summary = serializers.SerializerMethodField()
    # A field named like DRF's own Field.source attribute (the metaclass takes it out).
    source = serializers.CharField()  # type: ignore[assignment]
    stages = serializers.SerializerMethodField()

    @extend_schema_field(StageSpecSerializer(many=True))
    def get_stages(self, obj: p.Preset) -> list[dict[str, Any]]:
        return StageSpecSerializer([s.as_dict() for s in obj.stages], many=True).data  # type: ignore[return-value]

    def get_name(self, obj: p.Preset) -> str:
        return preset_name(obj.key)

    def get_summary(self, obj: p.Preset) -> str:
        return preset_summary(obj.key)


class PresetChoiceSerializer(serializers.Serializer):
    schema_input_only = True

    preset = serializers.ChoiceField(choices=list(p.PRESETS_BY_KEY))


class NextStepSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.SerializerMethodField()
    position = serializers.IntegerField(required=False)
    advance = serializers.IntegerField(
        required=False, allow_null=True, help_text="Players (of each heat) who go on."
    )
    per_group = serializers.BooleanField(required=False, help_text="The top N of each heat.")
    heats = serializers.IntegerField(required=False, help_text="Heats of the Swiss before it.")

    def get_message(self, obj: dict[str, Any]) -> str:
        return next_step_text(obj)


class EventStagesSerializer(serializers.Serializer):
    preset = serializers.CharField()
    preset_name = serializers.CharField()
    stages = StageSerializer(many=True)
    next_step = NextStepSerializer(allow_null=True)


class RobinRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    head_to_head = serializers.IntegerField()
    earlier_rank = serializers.IntegerField()


class RobinCellSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    opponent = serializers.IntegerField()
    round = serializers.IntegerField()
    points = serializers.IntegerField()
    opponent_points = serializers.IntegerField()


class CrosstableSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    carry_points = serializers.BooleanField()
    rounds = serializers.ListField(child=serializers.IntegerField())
    standings = RobinRowSerializer(many=True)
    games = RobinCellSerializer(many=True)


class LeagueSeriesGameInputSerializer(serializers.Serializer):
    schema_input_only = True

    winner = serializers.IntegerField(help_text="The winner's registration id.")
    loser = serializers.IntegerField(help_text="The loser's registration id.")


class LeagueSeriesGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    series = serializers.IntegerField()
    winner = serializers.IntegerField(source="winner_id")
    loser = serializers.IntegerField(source="loser_id")
    reported_at = serializers.DateTimeField()


class LeagueSeriesRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    opponents_win_pct = serializers.FloatField(help_text="0 to 1.")
    rating_change = serializers.IntegerField(
        allow_null=True, help_text="What the league's rated games changed in his rating."
    )


class LeagueSeriesTableSerializer(serializers.Serializer):
    series = serializers.IntegerField(help_text="The series now running (0 before the first).")
    series_days = serializers.IntegerField()
    games_per_series = serializers.IntegerField()
    rated = serializers.BooleanField(
        help_text="Its games are rated: sanctioned, at the player minimum, approved (RULES.md §6)."
    )
    sanctioning = serializers.CharField(help_text="Whether it is rated, and why, in words.")
    standings = LeagueSeriesRowSerializer(many=True)
