"""API shapes of events and registrations.

Serializers check the form of the input (types, required fields, known choices) and
answer 400 with a message per field; the rules themselves are checked by the services.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments import services
from tournaments.api.fields import EjectionReasonField, ScoringSettingsSerializer, TiebreakField
from tournaments.models import DecksPerPlayer, Event, GameSystem, Registration
from tournaments.rules.limits import BREAK_MINUTES, PLANNED_ROUNDS, ROUND_MINUTES
from tournaments.rules.presets import PRESETS_BY_KEY
from tournaments.words.people import public_name


class SanctioningSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    minimum = serializers.IntegerField()
    meets_minimum = serializers.BooleanField()
    message = serializers.CharField()


class EventSerializer(serializers.ModelSerializer):
    organizer = serializers.SerializerMethodField(help_text="The director's display name.")
    game_name = serializers.CharField(source="get_game_display", read_only=True)
    rounds_total = serializers.SerializerMethodField()
    rounds_played = serializers.SerializerMethodField()
    player_count = serializers.SerializerMethodField()
    sanctioning = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    tiebreaks = serializers.ListField(child=TiebreakField(), read_only=True)
    scoring_settings = ScoringSettingsSerializer(read_only=True)

    class Meta:
        model = Event
        fields = [
            "id", "slug", "name", "game", "game_name", "format_key", "multiplayer",
            "sanctioned", "decklists_required", "decks_per_player", "deck_deadline",
            "decklists_published", "planned_rounds", "rounds_total", "rounds_played",
            "round_minutes", "break_minutes", "starts_at", "location", "time_zone",
            "description", "status", "tiebreaks",
            "scoring_settings", "organizer", "player_count", "sanctioning", "created_at",
            "finished_at", "cancelled_at", "url", "preset",
        ]  # fmt: skip
        read_only_fields = fields

    def get_organizer(self, event: Event) -> str:
        return public_name(event.organizer)

    def get_rounds_total(self, obj: Event) -> int:
        return services.rounds_total(obj)

    def get_rounds_played(self, obj: Event) -> int:
        return obj.rounds.count()

    def get_player_count(self, obj: Event) -> int:
        return obj.registrations.active().count()

    @extend_schema_field(SanctioningSerializer)
    def get_sanctioning(self, obj: Event) -> dict[str, Any]:
        s = services.sanctioning_status(obj)
        return {
            "players": s.players, "minimum": s.minimum,
            "meets_minimum": s.meets_minimum, "message": s.message,
        }  # fmt: skip

    def get_url(self, obj: Event) -> str:
        return obj.get_absolute_url()


class EventWriteSerializer(serializers.Serializer):
    schema_input_only = True

    name = serializers.CharField(max_length=200)
    game = serializers.ChoiceField(choices=GameSystem.choices)
    format_key = serializers.CharField(max_length=100, required=False, allow_blank=True)
    multiplayer = serializers.BooleanField(required=False)
    sanctioned = serializers.BooleanField(required=False)
    decklists_required = serializers.BooleanField(required=False)
    decks_per_player = serializers.ChoiceField(
        choices=DecksPerPlayer.choices, required=False,
        help_text="The lists each player registers: one; one per format the rounds use; or "
        "the General Opponent pair (METW: vs-hero and vs-minion).",
    )  # fmt: skip
    deck_deadline = serializers.DateTimeField(required=False, allow_null=True)
    decklists_published = serializers.BooleanField(required=False)
    planned_rounds = serializers.IntegerField(
        required=False, allow_null=True, **PLANNED_ROUNDS.field_kwargs(),
        help_text="Empty: the rulebook's table by player count (000 Part VI §3).",
    )  # fmt: skip
    round_minutes = serializers.IntegerField(required=False, **ROUND_MINUTES.field_kwargs())
    break_minutes = serializers.IntegerField(required=False, **BREAK_MINUTES.field_kwargs())
    starts_at = serializers.DateTimeField(required=False, allow_null=True)
    location = serializers.CharField(max_length=200, required=False, allow_blank=True)
    time_zone = serializers.CharField(
        max_length=64, required=False, help_text="The venue's time zone, e.g. Europe/Madrid."
    )
    description = serializers.CharField(required=False, allow_blank=True)
    tiebreaks = serializers.ListField(
        child=TiebreakField(), required=False, max_length=10,
        help_text="Metrics after tournament points; empty: the rulebook's chain.",
    )  # fmt: skip
    scoring_settings = ScoringSettingsSerializer(required=False)
    preset = serializers.ChoiceField(
        choices=list(PRESETS_BY_KEY), required=False,
        help_text="The event preset whose options and stages it starts from (GET "
        "/api/v1/event-presets/); on a change, before round 1, the preset is applied first "
        "and the other fields given then change its options.",
    )  # fmt: skip
    confirm_tiebreak_change = serializers.BooleanField(
        required=False,
        default=False,
        help_text=(
            "After round 1 a new tiebreak order reorders standings already seen: true "
            "confirms it (refused with code confirm_tiebreak_change otherwise)."
        ),
    )


class RegistrationSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.display_name", read_only=True)
    player_id = serializers.IntegerField(read_only=True)
    active = serializers.BooleanField(read_only=True)
    ejection_reason = EjectionReasonField(read_only=True)

    class Meta:
        model = Registration
        fields = [
            "id", "player", "player_id", "checked_in", "joined_round", "dropped",
            "dropped_after_round", "ejected", "ejection_reason", "active", "created_at",
        ]  # fmt: skip
        read_only_fields = fields


class WalkInSerializer(serializers.Serializer):
    schema_input_only = True

    display_name = serializers.CharField(max_length=100, required=False, allow_blank=True)
    membership_number = serializers.CharField(max_length=40, required=False, allow_blank=True)
    player = serializers.IntegerField(required=False, help_text="An existing player's id.")
    email = serializers.EmailField(
        required=False,
        allow_blank=True,
        help_text="Finds the account holder with this e-mail (he is entered as himself).",
    )
    confirm_duplicate = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Add the entry although one of the same name or number is already in.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs.get("player") and not (attrs.get("display_name") or "").strip():
            raise serializers.ValidationError(
                {"display_name": _("Give the walk-in player's name, or choose an existing player.")}
            )
        return attrs


class CheckInSerializer(serializers.Serializer):
    schema_input_only = True

    checked_in = serializers.BooleanField(default=True)


class NoteSerializer(serializers.Serializer):
    schema_input_only = True

    note = serializers.CharField(max_length=500, required=False, allow_blank=True)


class FinishSerializer(serializers.Serializer):
    schema_input_only = True

    early = serializers.BooleanField(
        default=False, help_text="Finish before the planned number of rounds."
    )
    skip_top_cut = serializers.BooleanField(
        default=False,
        help_text=(
            "Finish without a top cut that is set and not played (refused with code "
            "top_cut_not_played otherwise)."
        ),
    )


class DeleteEventSerializer(serializers.Serializer):
    schema_input_only = True

    confirm = serializers.CharField(
        max_length=200, help_text="The event's name, typed again: deleting cannot be undone."
    )


class DeleteConsequencesSerializer(serializers.Serializer):
    consequences = serializers.CharField(help_text="What deleting the event does, in words.")


class DuplicateEntrySerializer(serializers.Serializer):
    first = serializers.IntegerField(help_text="The earlier entry (registration id).")
    first_player = serializers.CharField()
    second = serializers.IntegerField(help_text="The later entry (registration id).")
    second_player = serializers.CharField()
    reason = serializers.ChoiceField(choices=["same_name", "same_membership_number"])
