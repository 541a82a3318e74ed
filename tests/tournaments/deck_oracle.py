"""An independent reading of RULES.md §8 (General Opponent) for the tests: which lists fit
a table, written apart from tournaments.rules.deck_choice."""

from __future__ import annotations

from typing import Any

SLOTS = ("vs-hero", "vs-minion")
SIDE = {"wizard": "hero", "ringwraith": "minion", "balrog": "minion"}  # Balrog: reading


def faces(pair: Any, opponent_type: str) -> str | None:
    """The list ``pair``'s player takes against an opponent of ``opponent_type``."""
    side = SIDE.get(opponent_type)
    if side is None:  # a Fallen-wizard: the list the player named
        return pair.fallen_wizard_slot or None
    return "vs-hero" if side == "hero" else "vs-minion"


def deck_type(pair: Any, slot: str) -> str:
    return pair.vs_hero if slot == "vs-hero" else pair.vs_minion


def consistent(a: Any, b: Any) -> set[tuple[str, str]]:
    """Every (list of a, list of b) in which each plays the list for the other's alignment."""
    return {
        (x, y)
        for x in SLOTS
        for y in SLOTS
        if faces(a, deck_type(b, y)) == x and faces(b, deck_type(a, x)) == y
    }
