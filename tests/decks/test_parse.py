"""Reading pasted deck lists ("Parsing human deck lists as players paste them")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.deckrules import DeckTextError, parse_decklist
from rules_engine.deckrules.readers.detect import FOREIGN


def one(text: str, game: str = "metw"):
    deck = parse_decklist(text, game)
    assert len(deck.lines) == 1, deck.lines
    return deck.lines[0]


@pytest.mark.parametrize(
    ("text", "count", "name"),
    [
        ("3 Orc-lieutenant", 3, "Orc-lieutenant"),
        ("3x Orc-lieutenant", 3, "Orc-lieutenant"),
        ("3 x Orc-lieutenant", 3, "Orc-lieutenant"),
        ("3× Orc-lieutenant", 3, "Orc-lieutenant"),
        ("x3 Orc-lieutenant", 3, "Orc-lieutenant"),
        ("Orc-lieutenant x3", 3, "Orc-lieutenant"),
        ("Orc-lieutenant (x3)", 3, "Orc-lieutenant"),
        ("3-Dwarven Travellers", 3, "Dwarven Travellers"),
        ("Orc-lieutenant", 1, "Orc-lieutenant"),
        ("  2\tCave-drake  ", 2, "Cave-drake"),
    ],
)
def test_count_forms(text, count, name):
    line = one(text)
    assert (line.count, line.name) == (count, name)


def test_gccg_line_with_set_code_and_alignment_tag():
    line = one("1 Balin [H] (TW)")
    assert (line.count, line.name, line.set_hint, line.alignment_hint) == (1, "Balin", "TW", "hero")


def test_gccg_sections_and_declared_counts():
    text = "# Pool (1)\n1 Bilbo (TW)\n# Hazard (30)\n3 Orc-lieutenant (TW)\n# Sideboard\n# Hazards\n2 Wolves\n# Sites\nMoria\n"
    deck = parse_decklist(text, "metw")
    assert [(ln.line_no, ln.section) for ln in deck.lines] == [
        (2, "pool"),
        (4, "play"),
        (7, "sideboard"),  # a card-type heading under Sideboard stays in the sideboard
        (9, "sites"),
    ]
    assert [(h.text, h.declared_count) for h in deck.headings][:2] == [("Pool", 1), ("Hazard", 30)]


def test_lotr_ring_bearer_ring_and_adventure_deck():
    text = (
        "Ring-bearer: Frodo, Son of Drogo (1C290)\nRing: The One Ring, The Ruling Ring\n"
        "Free Peoples (4)\n4 •Gandalf, The Grey Wizard [starting]\nShadow:\n4 Goblin Runner\n"
        "Adventure deck:\nBag End (1U319)\n"
    )
    deck = parse_decklist(text, "lotr-tcg")
    got = [(ln.section, ln.count, ln.name, ln.set_hint, ln.note) for ln in deck.lines]
    assert got == [
        ("ring_bearer", 1, "Frodo, Son of Drogo", "1_290", None),
        ("ring", 1, "The One Ring, The Ruling Ring", None, None),
        ("draw", 4, "Gandalf, The Grey Wizard", None, "starting"),
        ("draw", 4, "Goblin Runner", None, None),
        ("sites", 1, "Bag End", "1_319", None),
    ]


def test_comments_separators_and_totals_are_read_not_dropped_silently():
    deck = parse_decklist("// my deck\n-----\nTotal: 60\n3 Wargs // the good ones\n", "metw")
    assert [n for n, _ in deck.notes] == [1, 2, 3]
    assert deck.lines[0].note == "the good ones"


def test_unknown_hash_heading_is_kept_as_a_note():
    deck = parse_decklist("# My favourite cards\n3 Wargs\n", "metw")
    assert deck.notes == [(1, "# My favourite cards")]
    assert deck.lines[0].section == "main"


@pytest.mark.parametrize(
    "text",
    ["x" * 300_000, "abc\x00def", "\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f"],
)
def test_unreadable_text_is_refused_with_a_message(text):
    with pytest.raises(DeckTextError) as exc:
        parse_decklist(text, "metw")
    assert str(exc.value)


def test_unknown_game_is_refused():
    with pytest.raises(DeckTextError):
        parse_decklist("3 Wargs", "chess")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=["Cs", "Cc"]), max_size=400))
def test_every_non_blank_line_is_accounted_for(text):
    """Nothing is silently dropped: each line is a card, a heading, a recorded note or a line
    reported as not understood; only a file in a foreign format is refused as a whole."""
    for game in ("metw", "lotr-tcg", "lore"):
        if FOREIGN.match(text):
            with pytest.raises(DeckTextError, match="format the deck checker does not know"):
                parse_decklist(text, game)
            continue
        deck = parse_decklist(text, game)
        seen = (
            {ln.line_no for ln in deck.lines}
            | {h.line_no for h in deck.headings}
            | {n for n, _ in deck.notes}
            | {n for n, _ in deck.not_understood}
        )
        expected = {i for i, raw in enumerate(text.splitlines(), start=1) if raw.strip()}
        assert seen == expected


def test_lotr_leading_collector_number():
    line = one("2 1C3 Axe Strike", "lotr-tcg")
    assert (line.count, line.name, line.set_hint) == (2, "Axe Strike", "1_3")
    line = one("1U319 Bag End", "lotr-tcg")
    assert (line.count, line.name, line.set_hint) == (1, "Bag End", "1_319")


def test_gccg_fenced_sideboard_vs_fw_is_a_heading_not_a_card():
    """CoE 1.6.1: GCCG files fence their parts ("####" / "Sideboard vs. fw" / "####"); the
    part against Fallen-wizards is the sideboard_fw section, its title no card."""
    text = (
        "#\n# GCCG v0.9.4 Middle-earth deck\n#\n# My deck\n#\n\n####\nDeck\n####\n\n"
        "# Hazard (1)\n1 Twilight (LE)\n\n####\nSideboard vs. fw\n####\n\n1 Doors of Night (LE)\n"
    )
    deck = parse_decklist(text, "metw")
    assert deck.read_as == "gccg"
    assert [(ln.section, ln.name) for ln in deck.lines] == [
        ("play", "Twilight"),
        ("sideboard_fw", "Doors of Night"),
    ]
    assert not deck.not_understood


def test_a_word_typed_after_a_slash_in_a_netmeccg_file_is_a_note():
    """Real NetMECCG files (2011 and 2018 World Championship, tests/decks/real/) carry a
    client command typed after a card ("River*/fin", "Sable Shield/find "): the card is
    read, its mark kept, and the rest is a note."""
    deck = parse_decklist(
        "[NetMECCG v1.4 Deck]\n[hazards]\nRiver*/fin\n[resources]\nSable Shield/find \n", "metw"
    )
    assert not deck.not_understood
    assert [(ln.name, ln.count, ln.note) for ln in deck.lines] == [
        ("River", 1, "/fin"),
        ("Sable Shield", 1, "/find"),
    ]
    assert deck.lines[0].alignment_hint == "minion"
