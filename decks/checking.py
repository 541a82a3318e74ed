"""Checking a pasted or uploaded list against a format."""

from __future__ import annotations

from core.errors import ServiceError
from decks.cards import card_index
from decks.formats import get_format
from rules_engine.deckrules import (
    METW,
    PLAYER_TYPES,
    DeckTextError,
    PlayerTypeError,
    Verdict,
    parse_decklist,
    validate,
)


def _check_player_type(game: str, player_type: str | None) -> str | None:
    if game != METW or not player_type:
        return None
    if player_type not in PLAYER_TYPES:
        raise ServiceError(
            f"Unknown player type {player_type!r}: one of {', '.join(PLAYER_TYPES)}.",
            "bad_player_type",
        )
    return player_type


def validate_text(
    text: str, game: str, format_key: str | None = None, player_type: str | None = None
) -> Verdict:
    """Parse and check a pasted list. Bad input raises ServiceError (a 400), never more."""
    if not isinstance(text, str):
        raise ServiceError("The deck list must be text.", "bad_text")
    fmt = get_format(game, format_key)
    player_type = _check_player_type(game, player_type)
    try:
        deck = parse_decklist(text, game)
        return validate(deck, fmt, card_index(game), player_type)
    except (DeckTextError, PlayerTypeError) as exc:
        raise ServiceError(str(exc), "bad_text") from exc
