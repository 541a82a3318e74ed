"""API shapes of a table's match of best of N as it is reported (RULES.md §8)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.council_serializers import TableCouncilInputSerializer
from tournaments.api.fields import OutcomeField


class SeatResultSerializer(serializers.Serializer):
    schema_input_only = True

    registration = serializers.IntegerField()
    mps = serializers.IntegerField(
        allow_null=True, required=False, min_value=-100_000, max_value=100_000,
        help_text="Marshalling points (Glory in lotr-dice); null for lotr-tcg.",
    )  # fmt: skip
    deck_slot = serializers.CharField(
        required=False, allow_blank=True, max_length=100,
        help_text="General Opponent: the list this player played ('vs-hero' or 'vs-minion'), "
        "when the table alone does not say (seat.deck.known false).",
    )  # fmt: skip


class MatchGameInputSerializer(serializers.Serializer):
    """One game of a match of best of N, as a one-game result."""

    schema_input_only = True

    seats = SeatResultSerializer(many=True, required=False, max_length=2)  # type: ignore[call-arg]
    outcome = OutcomeField(default="normal")
    winner = serializers.IntegerField(required=False, allow_null=True)
    time_called = serializers.BooleanField(default=False)
    council = TableCouncilInputSerializer(required=False, allow_null=True)
    counts_for = serializers.IntegerField(
        required=False, allow_null=True,
        help_text="Director: the registration a tied game counts for (when the stage leaves "
        "ties to him).",
    )  # fmt: skip
    format = serializers.CharField(
        max_length=100, required=False, allow_blank=True,
        help_text="When the loser of the game before chooses: the format he chose.",
    )  # fmt: skip


def game_args(game: dict[str, Any]) -> dict[str, Any]:
    """One validated game as the result services take it (services.results.match)."""
    seats = [
        {"registration": r["registration"], "mps": r.get("mps")} for r in game.get("seats", [])
    ]
    keys = ("outcome", "winner", "time_called", "council", "counts_for", "format")
    return {"mps": seats, **{k: game.get(k) for k in keys}}
