"""DRF serializers of the ratings API."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers

from ratings.models import RatingEntry, ReplayJob, Season
from tournaments.models import GameSystem


class SeasonSerializer(serializers.ModelSerializer):
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Season
        fields = ["id", "name", "slug", "game", "starts_on", "ends_on", "description", "url"]


class SeasonCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    game = serializers.ChoiceField(choices=GameSystem.choices)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    description = serializers.CharField(required=False, allow_blank=True, max_length=5000)

    def validate(self, attrs: dict) -> dict:
        if attrs["ends_on"] < attrs["starts_on"]:
            message = _("A season must end on or after its start.")
            raise serializers.ValidationError({"ends_on": message})
        return attrs


class LeagueRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.IntegerField(help_text="Current rating in the game system.")
    peak = serializers.IntegerField(help_text="Highest rating held during the season.")
    events = serializers.IntegerField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Tournament points in the season's events.")
    history = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Ratings through the season: the rating before the first of the "
        "latest 100 changes, then after each of them.",
    )


class LeagueTableSerializer(serializers.Serializer):
    """A league table in the API's list shape, with what it was filtered and sorted by."""

    count = serializers.IntegerField(help_text="Players matching the filter.")
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = LeagueRowSerializer(many=True)
    total = serializers.IntegerField(help_text="Players in the league.")
    sort = serializers.CharField()
    q = serializers.CharField(allow_blank=True)
    starts_on = serializers.DateField(allow_null=True)
    ends_on = serializers.DateField(allow_null=True)


class OpponentSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="The opponent's player id.")
    rating = serializers.FloatField(help_text="His rating entering the game.")


class RatingEntrySerializer(serializers.ModelSerializer):
    event_name = serializers.CharField(source="event.name", read_only=True)
    event_slug = serializers.CharField(source="event.slug", read_only=True)
    opponents = OpponentSerializer(many=True, read_only=True)

    class Meta:
        model = RatingEntry
        fields = [
            "id",
            "step",
            "at",
            "event",
            "event_name",
            "event_slug",
            "event_date",
            "round_number",
            "table",
            "kind",
            "result",
            "points",
            "own_points",
            "opponents",
            "opponent_rating",
            "before",
            "change",
            "after",
        ]


class GameHistorySerializer(serializers.Serializer):
    game = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]
    rating = serializers.IntegerField()
    peak = serializers.IntegerField(help_text="Highest rating ever held in this game system.")
    games = serializers.IntegerField()
    entries = RatingEntrySerializer(many=True)


class PlayerRatingsSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    games = GameHistorySerializer(many=True)


class ReplaySerializer(serializers.Serializer):
    schema_input_only = True

    game = serializers.ChoiceField(choices=GameSystem.choices)


class ReplayJobSerializer(serializers.ModelSerializer):
    percent = serializers.IntegerField(read_only=True)
    event_slug = serializers.CharField(
        source="event.slug", read_only=True, default=None, allow_null=True
    )

    class Meta:
        model = ReplayJob
        fields = [
            "id",
            "game",
            "status",
            "phase",
            "done",
            "total",
            "percent",
            "games_rated",
            "skipped",
            "reason",
            "event_slug",
            "error",
            "created_at",
            "started_at",
            "finished_at",
        ]
