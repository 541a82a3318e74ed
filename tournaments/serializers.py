"""API shapes for events, registrations, rounds, results, standings and penalties.

Serializers check the form of the input (types, required fields, known choices) and
answer 400 with a message per field; the rules themselves are checked by the services.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from rules_engine import GAME_SYSTEMS
from tournaments import services
from tournaments.limits import BREAK_MINUTES, PLANNED_ROUNDS, ROUND_MINUTES
from tournaments.models import (
    Event,
    GameSystem,
    Penalty,
    Registration,
    ResultChange,
    Round,
    Seat,
    Table,
)


def _all_outcomes() -> list[str]:
    keys = {"normal"}
    for system in GAME_SYSTEMS.values():
        keys.update(system.outcomes)
    return sorted(keys)


# Every outcome key any game allows (the game's own check refuses the others); named in
# SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"] so the schema calls it ResultOutcomeEnum.
RESULT_OUTCOMES = _all_outcomes()


class TournamentErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What went wrong, for people.")
    code = serializers.CharField()
    problems = serializers.ListField(child=serializers.DictField(), required=False)


class SanctioningSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    minimum = serializers.IntegerField()
    meets_minimum = serializers.BooleanField()
    message = serializers.CharField()


class EventSerializer(serializers.ModelSerializer):
    organizer = serializers.CharField(source="organizer.username", read_only=True)
    game_name = serializers.CharField(source="get_game_display", read_only=True)
    rounds_total = serializers.SerializerMethodField()
    rounds_played = serializers.SerializerMethodField()
    player_count = serializers.SerializerMethodField()
    sanctioning = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = [
            "id", "slug", "name", "game", "game_name", "format_key", "multiplayer",
            "sanctioned", "decklists_required", "deck_deadline", "decklists_published",
            "planned_rounds", "rounds_total", "rounds_played", "round_minutes",
            "break_minutes", "starts_at", "location", "description", "status", "tiebreaks",
            "scoring_settings", "organizer", "player_count", "sanctioning", "created_at",
            "finished_at", "url",
        ]  # fmt: skip
        read_only_fields = fields

    def get_rounds_total(self, obj: Event) -> int:
        return services.rounds_total(obj)

    def get_rounds_played(self, obj: Event) -> int:
        return obj.rounds.count()

    def get_player_count(self, obj: Event) -> int:
        return obj.registrations.filter(dropped=False, ejected=False).count()

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
    name = serializers.CharField(max_length=200)
    game = serializers.ChoiceField(choices=GameSystem.choices)
    format_key = serializers.CharField(max_length=100, required=False, allow_blank=True)
    multiplayer = serializers.BooleanField(required=False)
    sanctioned = serializers.BooleanField(required=False)
    decklists_required = serializers.BooleanField(required=False)
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
    description = serializers.CharField(required=False, allow_blank=True)
    tiebreaks = serializers.ListField(
        child=serializers.CharField(max_length=60), required=False, max_length=10,
        help_text="Metric names after tournament points; empty: the rulebook's chain.",
    )  # fmt: skip
    scoring_settings = serializers.DictField(
        required=False,
        help_text="Rule readings: half_cap, metw_elimination_points, lotr_tcg_win_points, ...",
    )

    def validate_tiebreaks(self, value: list[str]) -> list[str]:
        from tournaments.standings import TIEBREAKS

        unknown = [t for t in value if t not in TIEBREAKS]
        if unknown:
            raise serializers.ValidationError(
                f"Unknown tiebreak {', '.join(unknown)}: choose from {', '.join(TIEBREAKS)}."
            )
        return value


class RegistrationSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.display_name", read_only=True)
    player_id = serializers.IntegerField(read_only=True)
    active = serializers.BooleanField(read_only=True)

    class Meta:
        model = Registration
        fields = [
            "id", "player", "player_id", "checked_in", "joined_round", "dropped",
            "dropped_after_round", "ejected", "ejection_reason", "active", "created_at",
        ]  # fmt: skip
        read_only_fields = fields


class WalkinSerializer(serializers.Serializer):
    display_name = serializers.CharField(max_length=100, required=False, allow_blank=True)
    membership_number = serializers.CharField(max_length=40, required=False, allow_blank=True)
    player = serializers.IntegerField(required=False, help_text="An existing player's id.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs.get("player") and not (attrs.get("display_name") or "").strip():
            raise serializers.ValidationError(
                {"display_name": "Give the walk-in player's name (or an existing player id)."}
            )
        return attrs


class CheckInSerializer(serializers.Serializer):
    checked_in = serializers.BooleanField(default=True)


class NoteSerializer(serializers.Serializer):
    note = serializers.CharField(max_length=500, required=False, allow_blank=True)


class SeatSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="registration.player.display_name", read_only=True)
    registration = serializers.IntegerField(source="registration_id", read_only=True)
    # Blank until the table has a result; the schema must allow "" (found by fuzzing).
    outcome = serializers.ChoiceField(
        choices=Seat.Outcome.choices, allow_blank=True, read_only=True
    )

    class Meta:
        model = Seat
        fields = ["registration", "player", "position", "is_bye", "mps", "points", "outcome"]
        read_only_fields = fields


class TableSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    winner = serializers.IntegerField(source="winner_id", read_only=True, allow_null=True)
    reported_by_registration = serializers.IntegerField(
        source="reported_by_registration_id", read_only=True, allow_null=True
    )
    round = serializers.IntegerField(source="round.number", read_only=True)

    class Meta:
        model = Table
        fields = [
            "id", "round", "number", "is_bye", "status", "outcome", "winner", "time_called",
            "band", "version", "reported_by_registration", "reported_at", "confirmed_at",
            "dispute_note", "counter_report", "seats",
        ]  # fmt: skip
        read_only_fields = fields


class ResultChangeSerializer(serializers.ModelSerializer):
    by = serializers.CharField(source="by.username", read_only=True, allow_null=True)

    class Meta:
        model = ResultChange
        fields = ["id", "action", "by", "at", "before", "after", "note"]
        read_only_fields = fields


class TableDetailSerializer(TableSerializer):
    changes = ResultChangeSerializer(many=True, read_only=True)

    class Meta(TableSerializer.Meta):
        fields = [*TableSerializer.Meta.fields, "changes"]
        read_only_fields = fields


class RoundSummarySerializer(serializers.ModelSerializer):
    ends_at = serializers.SerializerMethodField()
    tables = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "number", "status", "seed", "started_at", "ends_at", "closed_at", "tables",
        ]  # fmt: skip
        read_only_fields = fields

    # None until the clock starts (found by fuzzing the schema).
    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_ends_at(self, obj: Round) -> Any:
        return services.round_timer(obj).ends_at

    def get_tables(self, obj: Round) -> int:
        return obj.tables.count()


class RoundSerializer(serializers.ModelSerializer):
    timer = serializers.SerializerMethodField()
    tables = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "number", "status", "seed", "explanation", "started_at", "closed_at", "timer",
            "tables",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(
        {
            "type": "object",
            "properties": {
                "ends_at": {"type": "string", "format": "date-time", "nullable": True},
                "break_ends_at": {"type": "string", "format": "date-time", "nullable": True},
                "remaining_seconds": {"type": "integer", "nullable": True},
                "round_minutes": {"type": "integer"},
                "break_minutes": {"type": "integer"},
            },
        }
    )
    def get_timer(self, obj: Round) -> dict[str, Any]:
        t = services.round_timer(obj)
        return {
            "ends_at": t.ends_at, "break_ends_at": t.break_ends_at,
            "remaining_seconds": t.remaining_seconds, "round_minutes": t.round_minutes,
            "break_minutes": t.break_minutes,
        }  # fmt: skip

    @extend_schema_field(TableSerializer(many=True))
    def get_tables(self, obj: Round) -> list[dict[str, Any]]:
        return TableSerializer(services.round_tables(obj), many=True).data


class PairSerializer(serializers.Serializer):
    seed = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=2**31 - 1,
        help_text="Random seed; leave out for a fresh one (kept on the round).",
    )  # fmt: skip


class SeatResultSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    mps = serializers.IntegerField(
        allow_null=True, required=False, min_value=-100_000, max_value=100_000,
        help_text="Marshalling points (Glory in lotr-dice); null for lotr-tcg.",
    )  # fmt: skip


class ResultInputSerializer(serializers.Serializer):
    seats = SeatResultSerializer(many=True, required=False, max_length=5)
    outcome = serializers.ChoiceField(choices=RESULT_OUTCOMES, default="normal")
    winner = serializers.IntegerField(required=False, allow_null=True)
    time_called = serializers.BooleanField(default=False)
    version = serializers.IntegerField(
        required=False, allow_null=True, help_text="The table version you saw (optional)."
    )

    def validate_seats(self, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        ids = [row["registration"] for row in value]
        if len(ids) != len(set(ids)):
            raise serializers.ValidationError("A registration is listed twice.")
        return value


class DirectorResultSerializer(ResultInputSerializer):
    note = serializers.CharField(max_length=500, required=False, allow_blank=True)


class ConfirmSerializer(serializers.Serializer):
    version = serializers.IntegerField(required=False, allow_null=True)


class EventStandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    byes = serializers.IntegerField()
    games = serializers.IntegerField()
    opponents_points = serializers.IntegerField()
    tiebreaks = serializers.DictField()
    explanation = serializers.CharField(allow_blank=True)
    dropped = serializers.BooleanField()
    ejected = serializers.BooleanField()


def standing_rows(rows: list[Any]) -> list[dict[str, Any]]:
    return [
        {
            "rank": r.rank,
            "registration": int(r.player),
            "player": r.name,
            "points": r.points,
            "wins": r.wins,
            "losses": r.losses,
            "draws": r.draws,
            "byes": r.byes,
            "games": r.games,
            "opponents_points": r.opponents_points,
            "tiebreaks": r.tiebreaks,
            "explanation": r.explanation,
            "dropped": bool(r.registration and r.registration.dropped),
            "ejected": bool(r.registration and r.registration.ejected),
        }
        for r in rows
    ]


class PenaltySerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="registration.player.display_name", read_only=True)
    registration = serializers.IntegerField(source="registration_id", read_only=True)
    ejected = serializers.BooleanField(source="registration.ejected", read_only=True)
    ejection_reason = serializers.CharField(source="registration.ejection_reason", read_only=True)

    class Meta:
        model = Penalty
        fields = [
            "id", "registration", "player", "kind", "offense", "round_number", "note",
            "created_at", "ejected", "ejection_reason",
        ]  # fmt: skip
        read_only_fields = fields


class PenaltyInputSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    offense = serializers.ChoiceField(choices=Penalty.Offense.choices)
    kind = serializers.ChoiceField(choices=Penalty.Kind.choices, default=Penalty.Kind.WARNING)
    note = serializers.CharField(max_length=500, required=False, allow_blank=True)


class FinishSerializer(serializers.Serializer):
    early = serializers.BooleanField(
        default=False, help_text="Finish before the planned number of rounds."
    )
