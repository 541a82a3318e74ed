"""Which of his registered decks a player plays at a table, as pure functions (RULES.md
§8: "a deck per format or per opponent's alignment").

- **Per format** (PC Worlds: "rounds use different formats ... each with its own
  registered deck"): the deck registered for the round's format.
- **General Opponent** (the CoE's METW championship): each player registers a deck
  against hero (Wizard) opponents and one against minion (Ringwraith) opponents, and
  names which of the two also faces Fallen-wizards; each round he plays the one for his
  opponent's alignment. **Reading:** a Balrog opponent counts as a minion opponent.

A player's alignment at a table is the alignment of the deck he plays there, which may
itself depend on his opponent's. ``table_choices`` lists every pair of decks that is
consistent for both players; the caller decides when there is not exactly one.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

# METW player types (rules_engine.deckrules.formatdef.PLAYER_TYPES) by the side they face.
HERO_TYPES = ("wizard",)
MINION_TYPES = ("ringwraith", "balrog")
FALLEN_WIZARD = "fallen-wizard"
VS_HERO, VS_MINION = "vs-hero", "vs-minion"


def general_opponent_slot(opponent_type: str, fallen_wizard_slot: str) -> str:
    """The General Opponent deck ("vs-hero" or "vs-minion") for an opponent's player type."""
    if opponent_type in HERO_TYPES:
        return VS_HERO
    if opponent_type in MINION_TYPES:
        return VS_MINION
    if opponent_type == FALLEN_WIZARD:
        if fallen_wizard_slot not in (VS_HERO, VS_MINION):
            raise ValueError("the player names which deck also faces Fallen-wizards")
        return fallen_wizard_slot
    raise ValueError(f"no METW player type {opponent_type!r}")


def format_slot(round_format: str, registered: set[str]) -> str:
    """The deck for a round played in ``round_format``: the one registered for it."""
    if round_format not in registered:
        raise ValueError(f"no deck registered for the format {round_format!r}")
    return round_format


@dataclass(frozen=True)
class Pair:
    """A player's General Opponent decks: each deck's player type, and which deck also
    faces Fallen-wizards."""

    vs_hero: str
    vs_minion: str
    fallen_wizard_slot: str

    def type_of(self, slot: str) -> str:
        return self.vs_hero if slot == VS_HERO else self.vs_minion


def table_choices(a: Pair, b: Pair) -> list[tuple[str, str]]:
    """Every (deck of a, deck of b) in which each plays the deck for the other's
    alignment. One answer is the table's; none or two leave the choice to the director."""
    out = []
    for slot_a, slot_b in product((VS_HERO, VS_MINION), repeat=2):
        fits_a = general_opponent_slot(b.type_of(slot_b), a.fallen_wizard_slot) == slot_a
        fits_b = general_opponent_slot(a.type_of(slot_a), b.fallen_wizard_slot) == slot_b
        if fits_a and fits_b:
            out.append((slot_a, slot_b))
    return out
