"""DRF serializers of the ratings API."""

from __future__ import annotations

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
            message = "A season must end on or after its start."
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
        child=serializers.IntegerField(), help_text="Ratings through the season."
    )


class LeagueStandingsSerializer(serializers.Serializer):
    game = serializers.CharField()
    starts_on = serializers.DateField(allow_null=True)
    ends_on = serializers.DateField(allow_null=True)
    count = serializers.IntegerField(help_text="Players matching the filter.")
    total = serializers.IntegerField(help_text="Players in the league.")
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    page_size = serializers.IntegerField()
    sort = serializers.CharField()
    q = serializers.CharField(allow_blank=True)
    rows = LeagueRowSerializer(many=True)


class SeasonDetailSerializer(serializers.Serializer):
    season = SeasonSerializer()
    standings = LeagueStandingsSerializer()


class RatingEntrySerializer(serializers.ModelSerializer):
    event_name = serializers.CharField(source="event.name", read_only=True)
    event_slug = serializers.CharField(source="event.slug", read_only=True)

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
    label = serializers.CharField()
    rating = serializers.IntegerField()
    peak = serializers.IntegerField(help_text="Highest rating ever held in this game system.")
    games = serializers.IntegerField()
    entries = RatingEntrySerializer(many=True)


class PlayerRatingsSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    games = GameHistorySerializer(many=True)


class ReplayRequestSerializer(serializers.Serializer):
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
