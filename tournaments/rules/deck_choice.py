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
consistent for both players; ``general_opponent_table`` says what the table shows.

**Reading** (the CoE's texts found say nothing of it, docs/decks-per-player.md): when
no pair, or two pairs, fit both players, the decks played are recorded with the
result; until then the table shows both of each player's lists as possible. A deck
recorded for one player decides his opponent's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

# METW player types (rules_engine.deckrules.formatdef.PLAYER_TYPES) by the side they face.
HERO_TYPES = ("wizard",)
MINION_TYPES = ("ringwraith", "balrog")
FALLEN_WIZARD = "fallen-wizard"
VS_HERO, VS_MINION = "vs-hero", "vs-minion"
PAIR_SLOTS = (VS_HERO, VS_MINION)

# How many lists a player registers (Event.decks_per_player).
ONE_DECK = "one"
PER_FORMAT = "per_format"
GENERAL_OPPONENT = "general_opponent"
MODES = (ONE_DECK, PER_FORMAT, GENERAL_OPPONENT)

# Why a seat shows the list(s) it shows (tournaments.words.decks_played says it in words).
SINGLE = "single"  # the event has one list per player
BY_FORMAT = "format"  # the round's format
BY_OPPONENT = "opponent"  # the opponent's alignment, one answer
RECORDED = "recorded"  # recorded with the result
TWO_WAYS = "two_ways"  # two pairs of decks fit: both possible until recorded
NO_WAY = "no_way"  # no pair fits (or a list of the pair is missing): until recorded
BYE = "bye"  # no opponent, no game


def required_slots(mode: str, formats: Sequence[str]) -> tuple[str, ...]:
    """The lists each player registers: one per format the rounds use (in their order),
    the General Opponent pair, or the one list of a plain event ("")."""
    if mode == GENERAL_OPPONENT:
        return PAIR_SLOTS
    if mode == PER_FORMAT:
        return tuple(dict.fromkeys(f for f in formats if f))
    return ("",)


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


def _fits(slot: str, opponent_type: str, fallen_wizard_slot: str) -> bool:
    """Whether ``slot`` is the deck for an opponent of ``opponent_type`` (a Fallen-wizard
    opponent, with no deck named to face him, fits neither)."""
    try:
        return general_opponent_slot(opponent_type, fallen_wizard_slot) == slot
    except ValueError:
        return False


def table_choices(a: Pair, b: Pair) -> list[tuple[str, str]]:
    """Every (deck of a, deck of b) in which each plays the deck for the other's
    alignment. One answer is the table's; none or two leave the choice to the director."""
    out = []
    for slot_a, slot_b in product((VS_HERO, VS_MINION), repeat=2):
        fits_a = _fits(slot_a, b.type_of(slot_b), a.fallen_wizard_slot)
        fits_b = _fits(slot_b, a.type_of(slot_a), b.fallen_wizard_slot)
        if fits_a and fits_b:
            out.append((slot_a, slot_b))
    return out


@dataclass(frozen=True)
class SeatDeck:
    """The lists a seat may be playing (one when the table says which) and why."""

    slots: tuple[str, ...]
    code: str

    @property
    def known(self) -> bool:
        return len(self.slots) == 1


def _answer(slots: set[str], code: str) -> SeatDeck:
    return SeatDeck(tuple(s for s in PAIR_SLOTS if s in slots), code)


def _from_recorded(recorded: str, own: Pair, other: Pair) -> SeatDeck:
    """The other player's deck, from the one recorded for his opponent."""
    fitting = {s for s in PAIR_SLOTS if _fits(s, own.type_of(recorded), other.fallen_wizard_slot)}
    return _answer(fitting, BY_OPPONENT) if fitting else _answer(set(PAIR_SLOTS), NO_WAY)


def general_opponent_table(
    a: Pair | None, b: Pair | None, recorded: tuple[str, str] = ("", "")
) -> tuple[SeatDeck, SeatDeck]:
    """What a two-player table shows for each seat: the recorded decks first, else the
    one consistent pair, else every list each may play (``None``: a list of the pair
    missing, or its player type unknown)."""
    rec_a, rec_b = (r if r in PAIR_SLOTS else "" for r in recorded)
    seat_a = _answer({rec_a}, RECORDED) if rec_a else None
    seat_b = _answer({rec_b}, RECORDED) if rec_b else None
    if a is None or b is None:
        undecided = _answer(set(PAIR_SLOTS), NO_WAY)
        return seat_a or undecided, seat_b or undecided
    if seat_a and seat_b:
        return seat_a, seat_b
    if seat_a:
        return seat_a, _from_recorded(rec_a, a, b)
    if seat_b:
        return _from_recorded(rec_b, b, a), seat_b
    choices = table_choices(a, b)
    if len(choices) == 1:
        return _answer({choices[0][0]}, BY_OPPONENT), _answer({choices[0][1]}, BY_OPPONENT)
    if not choices:
        return _answer(set(PAIR_SLOTS), NO_WAY), _answer(set(PAIR_SLOTS), NO_WAY)
    return (
        _answer({c[0] for c in choices}, TWO_WAYS),
        _answer({c[1] for c in choices}, TWO_WAYS),
    )


@dataclass(frozen=True)
class StageRounds:
    """A stage's place among the event's rounds and the format of each of its rounds."""

    first_round: int
    round_formats: tuple[str, ...]


def round_format_of(stages: Sequence[StageRounds], number: int, event_format: str) -> str:
    """The format round ``number`` is played in: its stage's format for it, else the
    event's own ("" in a stage's list also means the event's own)."""
    chosen = ""
    for stage in sorted(stages, key=lambda s: s.first_round):
        if stage.first_round <= number:
            index = number - stage.first_round
            formats = stage.round_formats
            chosen = formats[index] if index < len(formats) else ""
    return chosen or event_format
