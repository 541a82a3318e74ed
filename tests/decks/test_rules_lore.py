"""LoRE construction rules (000 glossary "Unique"; RULES.md §4.3 director's settings)."""

from __future__ import annotations

from decks.demo import LORE_DECK
from rules_engine.deckrules import builtin_format, derive_format, parse_decklist, validate


def check(index, text, fmt=None):
    return validate(parse_decklist(text, "lore"), fmt or builtin_format("lore", "lore"), index)


def test_sample_is_legal(lore_index):
    v = check(lore_index, LORE_DECK)
    assert v.legal and v.counts["deck"] == 40 and v.counts["sideboard"] == 4


def test_one_of_each_unique_card(lore_index):
    """000 Part IV "Unique": only one of each unique card may be put into a deck."""
    v = check(lore_index, LORE_DECK.replace("1 The One Ring", "2 The One Ring"))
    assert v.codes() == ["copies_unique"]


def test_copy_limit_default_three(lore_index):
    """RULES.md §4.3: copy limit is a setting, default 3 as METW."""
    v = check(lore_index, LORE_DECK.replace("3 Wargs", "4 Wargs"))
    assert v.codes() == ["copies_nonunique"]


def test_sideboard_default_five(lore_index):
    """RULES.md §4.3: sideboard size is a setting, default 5."""
    v = check(lore_index, LORE_DECK + "2 Ghouls\n")
    assert v.codes() == ["sideboard_size"]


def test_director_sets_deck_bounds(lore_index):
    """RULES.md §4.3: the director sets the deck size bounds."""
    fmt = derive_format(
        builtin_format("lore", "lore"), "lore-50", "LoRE 50+", {"deck_min": 50, "deck_max": 60}
    )
    v = check(lore_index, LORE_DECK, fmt)
    assert (
        v.codes() == ["deck_size"]
        and "40 cards in the deck: between 50 and 60" in v.problems[0].message
    )


def test_unknown_names_warn_or_reject(lore_index):
    """No LoRE card database exists: unknown names are a warning by default, an error if the director says so."""
    text = LORE_DECK + "Deck:\n2 Secret Passage\n"
    v = check(lore_index, text)
    assert v.legal and v.codes("warning") == ["unknown_card"]
    strict = derive_format(
        builtin_format("lore", "lore"), "lore-strict", "strict", {"unknown_cards": "reject"}
    )
    v = check(lore_index, text, strict)
    assert (
        not v.legal
        and v.codes() == ["unknown_card"]
        and v.unresolved[0]["line"] == text.count("\n")
    )
