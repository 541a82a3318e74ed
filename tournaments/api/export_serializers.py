"""The shape of the whole-event export document (GET export/)."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.fields import (
    EXPLANATION_LINES,
    TIEBREAK_VALUES,
    ScoringSettingsSerializer,
    TableSnapshotSerializer,
    TiebreakField,
)


class ExportedEventSerializer(serializers.Serializer):
    # The same on every site the event travels to: an import of the export updates it.
    uid = serializers.UUIDField()
    slug = serializers.CharField()
    name = serializers.CharField()
    game = serializers.CharField()
    status = serializers.CharField()
    organizer = serializers.CharField()
    rounds_total = serializers.IntegerField()
    planned_rounds = serializers.IntegerField(allow_null=True, required=False)
    tiebreaks = serializers.ListField(child=TiebreakField(), required=False)
    scoring_settings = ScoringSettingsSerializer(required=False)


class ExportedRegistrationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    uid = serializers.UUIDField()
    player = serializers.CharField()
    player_id = serializers.IntegerField()
    checked_in = serializers.BooleanField()
    joined_round = serializers.IntegerField(allow_null=True)
    dropped = serializers.BooleanField()
    dropped_after_round = serializers.IntegerField(allow_null=True)
    ejected = serializers.BooleanField()
    ejection_reason = serializers.CharField(allow_blank=True)
    stage_group = serializers.IntegerField(
        allow_null=True, required=False, help_text="The player's heat in a Swiss of heats."
    )


class ExportedTableSerializer(TableSnapshotSerializer):
    number = serializers.IntegerField()
    is_bye = serializers.BooleanField()
    # When its result was last reported or confirmed: of two differing results an
    # import keeps the newer.
    changed_at = serializers.DateTimeField(allow_null=True)


class ExportedRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)
    explanation = EXPLANATION_LINES
    tables = ExportedTableSerializer(many=True)


class ExportedRescissionSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    note = serializers.CharField(allow_blank=True)


class ExportedPenaltySerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    kind = serializers.CharField()
    offense = serializers.CharField()
    round = serializers.IntegerField(allow_null=True)
    note = serializers.CharField(allow_blank=True)
    at = serializers.DateTimeField()
    rescinded = ExportedRescissionSerializer(
        allow_null=True, help_text="Taken back: kept for the record, it no longer counts."
    )


class ExportedStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    byes = serializers.IntegerField()
    opponents_points = serializers.IntegerField()
    tiebreaks = TIEBREAK_VALUES


class EventExportSerializer(serializers.Serializer):
    event = ExportedEventSerializer()
    registrations = ExportedRegistrationSerializer(many=True)
    rounds = ExportedRoundSerializer(many=True)
    penalties = ExportedPenaltySerializer(
        many=True, required=False, help_text="The director's only."
    )
    standings = ExportedStandingSerializer(many=True)
