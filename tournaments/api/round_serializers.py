"""API shapes of rounds, tables, results, standings and penalties."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments import services
from tournaments.api.council_serializers import TableCouncilInputSerializer, TableCouncilSerializer
from tournaments.api.deck_fields import SeatDeckSerializer, seat_deck
from tournaments.api.fields import (
    EXPLANATION_LINES,
    TIEBREAK_VALUES,
    EjectionReasonField,
    MatchGameSerializer,
    OutcomeField,
    ReportedResultSerializer,
    TableSnapshotSerializer,
)
from tournaments.api.heat_fields import HEAT_FIELD, HEAT_HELP, heat_at
from tournaments.api.match_serializers import MatchGameInputSerializer, SeatResultSerializer
from tournaments.models import (
    Penalty,
    PenaltyRescission,
    ResultChange,
    Round,
    Seat,
    ServerRecord,
    Table,
)
from tournaments.services.rooms import room_data, table_room
from tournaments.words.explanations import round_explanation
from tournaments.words.people import public_name


class SeatSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="registration.player.display_name", read_only=True)
    registration = serializers.IntegerField(source="registration_id", read_only=True)
    # Blank until the table has a result; the schema must allow "" (found by fuzzing).
    outcome = serializers.ChoiceField(
        choices=Seat.Outcome.choices, allow_blank=True, read_only=True
    )
    deck = serializers.SerializerMethodField(
        help_text="The list this player plays here; null when the event has one per player."
    )

    class Meta:
        model = Seat
        fields = [
            "registration", "player", "position", "is_bye", "mps", "points", "outcome", "deck",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(SeatDeckSerializer(allow_null=True))
    def get_deck(self, seat: Seat) -> dict[str, Any] | None:
        return seat_deck(self.context, seat)


class GameRoomSerializer(serializers.Serializer):
    server = serializers.ChoiceField(choices=ServerRecord.Server.choices)
    name = serializers.CharField(
        help_text="The room's name (GEMP: the private table's description)."
    )
    link = serializers.CharField(allow_blank=True, help_text="The room's page; empty on GEMP.")


class TableSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    winner = serializers.IntegerField(source="winner_id", read_only=True, allow_null=True)
    reported_by_registration = serializers.IntegerField(
        source="reported_by_registration_id", read_only=True, allow_null=True
    )
    round = serializers.IntegerField(source="round.number", read_only=True)
    outcome = serializers.CharField(read_only=True, allow_blank=True)
    counter_report = ReportedResultSerializer(read_only=True, allow_null=True)
    council = TableCouncilSerializer(read_only=True, allow_null=True)
    game_room = serializers.SerializerMethodField(
        help_text="The table's room on the event's game server (docs/online-records.md)."
    )
    best_of = serializers.SerializerMethodField(
        help_text="The match's length at this table (RULES.md §8); 1: one game."
    )
    games = serializers.SerializerMethodField(
        help_text="A match of several games: each game; the seats hold the games won."
    )
    heat = serializers.SerializerMethodField(help_text=HEAT_HELP)

    class Meta:
        model = Table
        fields = [
            "id", "round", "number", "is_bye", "status", "outcome", "winner", "time_called",
            "band", "version", "reported_by_registration", "reported_at", "confirmed_at",
            "dispute_note", "counter_report", "council", "seats", "game_room", "best_of",
            "games", "heat",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(HEAT_FIELD)
    def get_heat(self, table: Table) -> int | None:
        return heat_at(self.context, table)

    def get_best_of(self, table: Table) -> int:
        # One stage plan per event for every table of a list (the context is shared).
        rules = cast(dict[str, Any], self.context).setdefault("match_rules", {})
        key = (table.round.event_id, table.round.number, table.is_bye)
        if key not in rules:
            rules[key] = services.match_rules(table).best_of
        return int(rules[key])

    @extend_schema_field(MatchGameSerializer(many=True))
    def get_games(self, table: Table) -> list[dict[str, Any]]:
        return [services.stored_game(g).as_json() for g in table.games.all()]

    @extend_schema_field(GameRoomSerializer(allow_null=True))
    def get_game_room(self, table: Table) -> dict[str, Any] | None:
        # One event's settings for every table of a list (the context is shared).
        events = cast(dict[str, Any], self.context).setdefault("game_room_events", {})
        if table.round.event_id not in events:
            events[table.round.event_id] = table.round.event
        return room_data(table_room(table, events[table.round.event_id]))


class ResultChangeSerializer(serializers.ModelSerializer):
    by = serializers.SerializerMethodField(help_text="Who made the change, by display name.")
    before = TableSnapshotSerializer(read_only=True, allow_null=True)
    after = TableSnapshotSerializer(read_only=True, allow_null=True)

    class Meta:
        model = ResultChange
        fields = ["id", "action", "by", "at", "before", "after", "note"]
        read_only_fields = fields

    @extend_schema_field({"type": "string", "nullable": True})
    def get_by(self, change: ResultChange) -> str | None:
        return public_name(change.by) if change.by_id else None


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


class TimerSerializer(serializers.Serializer):
    ends_at = serializers.DateTimeField(allow_null=True)
    break_ends_at = serializers.DateTimeField(allow_null=True)
    remaining_seconds = serializers.IntegerField(allow_null=True)
    round_minutes = serializers.IntegerField()
    break_minutes = serializers.IntegerField()


class RoundSerializer(serializers.ModelSerializer):
    timer = serializers.SerializerMethodField()
    explanation = serializers.SerializerMethodField()
    tables = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "number", "status", "seed", "explanation", "started_at", "closed_at", "timer",
            "tables",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(EXPLANATION_LINES)
    def get_explanation(self, obj: Round) -> list[str]:
        return round_explanation(obj)

    @extend_schema_field(TimerSerializer)
    def get_timer(self, obj: Round) -> dict[str, Any]:
        t = services.round_timer(obj)
        return {
            "ends_at": t.ends_at, "break_ends_at": t.break_ends_at,
            "remaining_seconds": t.remaining_seconds, "round_minutes": t.round_minutes,
            "break_minutes": t.break_minutes,
        }  # fmt: skip

    @extend_schema_field(TableSerializer(many=True))
    def get_tables(self, obj: Round) -> list[dict[str, Any]]:
        return cast(
            list[dict[str, Any]], TableSerializer(services.round_tables(obj), many=True).data
        )


class PairSerializer(serializers.Serializer):
    schema_input_only = True

    seed = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=2**31 - 1,
        help_text="Random seed; leave out for a fresh one (kept on the round).",
    )  # fmt: skip


class ResultReportSerializer(serializers.Serializer):
    schema_input_only = True

    seats = SeatResultSerializer(many=True, required=False, max_length=5)  # type: ignore[call-arg]
    outcome = OutcomeField(default="normal")
    winner = serializers.IntegerField(required=False, allow_null=True)
    time_called = serializers.BooleanField(default=False)
    version = serializers.IntegerField(
        required=False, allow_null=True, help_text="The table version you saw (optional)."
    )
    council = TableCouncilInputSerializer(
        required=False, allow_null=True,
        help_text="METW: the Free Council itself; its count gives the MPs (seats may be left out).",
    )  # fmt: skip
    games = MatchGameInputSerializer(
        many=True, required=False, max_length=15,  # type: ignore[call-arg]
        help_text="A table whose stage plays best of N (its best_of > 1): every game of the "
        "match, in order, until a player has won more than half (then seats are not read).",
    )  # fmt: skip

    def validate_seats(self, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        ids = [row["registration"] for row in value]
        if len(ids) != len(set(ids)):
            raise serializers.ValidationError(_("A registration is listed twice."))
        return value


class DirectorResultSerializer(ResultReportSerializer):
    note = serializers.CharField(max_length=500, required=False, allow_blank=True)


class VoidSerializer(serializers.Serializer):
    schema_input_only = True

    note = serializers.CharField(max_length=500, required=False, allow_blank=True)
    version = serializers.IntegerField(
        required=False, allow_null=True, help_text="The table version you saw (optional)."
    )


class DirectorOptionSerializer(serializers.Serializer):
    """One thing the director may do with the event now, or why not and what instead."""

    action = serializers.ChoiceField(choices=["pair", "repair", "finish", "finish_early", "cancel"])
    allowed = serializers.BooleanField()
    code = serializers.CharField(allow_blank=True, help_text="Why not (empty when allowed).")
    params = serializers.DictField(
        child=serializers.CharField(), help_text="The numbers and names of the refusal."
    )
    instead = serializers.ListField(
        child=serializers.CharField(), help_text="The actions that are the way forward."
    )
    words = serializers.CharField(allow_blank=True, help_text="The refusal in words.")


class CancelEventSerializer(serializers.Serializer):
    schema_input_only = True

    confirm = serializers.BooleanField(
        help_text="Must be true: cancelling ends the event for good and it is never rated."
    )
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True)

    def validate_confirm(self, value: bool) -> bool:
        if not value:
            raise serializers.ValidationError(
                _("Confirm the cancellation: the event ends for good and is never rated.")
            )
        return value


class DirectorOptionsSerializer(serializers.Serializer):
    options = DirectorOptionSerializer(many=True)


class ConfirmSerializer(serializers.Serializer):
    schema_input_only = True

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
    tiebreaks = TIEBREAK_VALUES
    explanation = serializers.CharField(
        allow_blank=True, help_text="Why tied players are ordered so (empty: no tie)."
    )
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
    ejection_reason = EjectionReasonField(source="registration.ejection_reason", read_only=True)
    rescinded = serializers.SerializerMethodField(
        help_text="Taken back: it no longer counts toward an ejection."
    )
    rescinded_at = serializers.SerializerMethodField()
    rescission_note = serializers.SerializerMethodField()

    class Meta:
        model = Penalty
        fields = [
            "id", "registration", "player", "kind", "offense", "round_number", "note",
            "created_at", "ejected", "ejection_reason", "repeats",
            "rescinded", "rescinded_at", "rescission_note",
        ]  # fmt: skip
        read_only_fields = fields

    @staticmethod
    def _rescission(penalty: Penalty) -> PenaltyRescission | None:
        return getattr(penalty, "rescission", None)

    def get_rescinded(self, penalty: Penalty) -> bool:
        return self._rescission(penalty) is not None

    def get_rescinded_at(self, penalty: Penalty) -> datetime | None:
        rescission = self._rescission(penalty)
        return rescission.at if rescission else None

    def get_rescission_note(self, penalty: Penalty) -> str:
        rescission = self._rescission(penalty)
        return rescission.note if rescission else ""


class PenaltyInputSerializer(serializers.Serializer):
    schema_input_only = True

    registration = serializers.IntegerField()
    offense = serializers.ChoiceField(choices=Penalty.Offense.choices)
    kind = serializers.ChoiceField(choices=Penalty.Kind.choices, default=Penalty.Kind.WARNING)
    note = serializers.CharField(max_length=500, required=False, allow_blank=True)
    repeats = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text=(
            "Id of an earlier 'other' warning of the same player that this one repeats: only "
            "then do the two count as the same offense (000 Part VI §3)."
        ),
    )
