"""The deck each seat plays, in the table and pairing shapes (RULES.md §8: a deck per
format or per opponent's alignment); null at an event of one deck per player."""

from __future__ import annotations

from typing import Any, cast

from rest_framework import serializers

from tournaments.models import Seat
from tournaments.rules import deck_choice as dc
from tournaments.services.decks_played import DeckShown, decks_shown

REASONS = (dc.BY_FORMAT, dc.BY_OPPONENT, dc.RECORDED, dc.TWO_WAYS, dc.NO_WAY, dc.BYE)


class DeckChoiceSerializer(serializers.Serializer):
    slot = serializers.CharField(
        help_text="A list's slot: a format key, or 'vs-hero' / 'vs-minion' (General Opponent)."
    )
    words = serializers.CharField(help_text="The list's name, in the reader's language.")


class SeatDeckSerializer(serializers.Serializer):
    slot = serializers.CharField(
        allow_blank=True,
        help_text="The list played here; empty while more than one is possible (see choices).",
    )
    words = serializers.CharField(allow_blank=True, help_text="The list(s), in words.")
    known = serializers.BooleanField(help_text="True when the table says which list.")
    reason_code = serializers.ChoiceField(choices=[(r, r) for r in REASONS])
    reason = serializers.CharField(allow_blank=True, help_text="Why, in words.")
    choices = DeckChoiceSerializer(many=True, help_text="Every list still possible.")


def _shown(context: dict[str, Any], seat: Seat) -> DeckShown | None:
    cache = context.setdefault("decks_shown", {})
    key = (seat.table_id, seat.registration_id)
    if key in cache:
        return cast(DeckShown | None, cache[key])
    # One read of the event per round (not per seat): a list's cost stays bounded.
    events = context.setdefault("deck_events", {})
    table = seat.table
    if table.round_id not in events:
        events[table.round_id] = table.round.event
    event = events[table.round_id]
    if event.decks_per_player == dc.ONE_DECK:
        return None
    cache.update(decks_shown(event, [table]))
    cache.setdefault(key, None)
    return cast(DeckShown | None, cache.get(key))


def seat_deck(context: Any, seat: Seat) -> dict[str, Any] | None:
    """The seat's deck as the API shows it (``context`` shares one answer per table)."""
    shown = _shown(cast(dict[str, Any], context), seat)
    if shown is None:
        return None
    return {
        "slot": shown.slot,
        "words": shown.words,
        "known": shown.known,
        "reason_code": shown.code,
        "reason": shown.reason,
        "choices": [{"slot": s, "words": w} for s, w in shown.choices],
    }
