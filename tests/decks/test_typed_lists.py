"""Lists as people type them into pages: Markdown and HTML around the list, prose before,
between and after, headings misspelt or in their own words, lists without headings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_engine.deckrules import builtin_format, parse_decklist, validate
from rules_engine.deckrules.headings import read_heading

REAL = Path(__file__).parent / "real"
CHALLENGE = REAL / "markdown-maciak-challenge-decks.md"


def _challenge_decks() -> list[str]:
    """Each challenge deck's section of the page, as a player would copy it."""
    text = CHALLENGE.read_text(encoding="utf-8")
    return re.split(r"(?=^<h3 )", text, flags=re.M)[1:]


def _typed_copies(section: str) -> int:
    """The copies the page lists: an independent count of its indented "N Name" lines."""
    return sum(int(m.group(1)) for m in re.finditer(r"^ {4}(\d+) \S", section, re.M))


@pytest.mark.carddata
@pytest.mark.parametrize("number", range(10), ids=list("ABCDEFGHIJ"))
def test_each_challenge_deck_typed_into_a_web_page_is_read_whole(full_indexes, number):
    """Headings in HTML, the list indented in Markdown, prose around it: every copy the
    page lists is counted, no name is left unknown, and the prose is listed back as lines
    not understood (never as cards)."""
    section = _challenge_decks()[number]
    deck = parse_decklist(section, "metw")
    assert deck.read_as == "html"
    v = validate(deck, builtin_format("metw", "coe"), full_indexes["metw"])
    assert not v.unresolved
    assert sum(row["count"] for row in v.cards) == _typed_copies(section)
    assert v.counts["sideboard"] >= 18
    assert 13 <= v.counts["sites"] <= 15
    prose = [p for p in v.problems if p.code == "line_not_understood"]
    assert prose and all(len(p.params["text"].split()) >= 4 for p in prose)


@pytest.mark.parametrize(
    ("game", "line", "section", "declared"),
    [
        ("metw", "Sidebord:", "sideboard", None),
        ("metw", "Sidebord", "sideboard", None),
        ("metw", "Sidebar:", "sideboard", None),
        ("metw", "Hazard Creatures", "play", None),
        ("metw", "MP Resources:", "play", None),
        ("metw", "Other Heroes:", "play", None),
        ("metw", "Hero Sites", "sites", None),
        ("metw", "Starting Company (1) at Dol Guldur", "pool", None),
        ("metw", "Hazzards (30)", "play", 30),
        ("lotr-tcg", "Free Peoples Draw Deck", "draw", None),
        ("lotr-tcg", "Free Peoples (40+1)", "draw", 41),
        ("lotr-tcg", "Adventure Deck", "sites", None),
        ("lotr-tcg", "Shadow Draw Deck", "draw", None),
    ],
)
def test_headings_as_people_write_them(game, line, section, declared):
    head = read_heading(line, game, hashed=False)
    assert head is not None and (head[0], head[2]) == (section, declared)


@pytest.mark.carddata
def test_no_card_name_reads_as_a_heading(full_indexes):
    for game, index in full_indexes.items():
        for card in index.records:
            lines = parse_decklist(card.name, game).lines
            assert len(lines) == 1, (game, card.name)


def test_a_client_files_sub_headings_stay_its_own():
    """In a GCCG file "# Minion Character (9)" under the pool is a kind of card, never
    the play deck."""
    text = "####\nPool\n####\n\n# Minion Character (1)\n\n1 Orc Captain (LE)\n"
    deck = parse_decklist("# GCCG v0.9\n" + text, "metw")
    assert deck.read_as == "gccg"
    assert [ln.section for ln in deck.lines] == ["pool"]


def test_a_list_in_an_html_post_is_read_with_its_line_numbers():
    text = (
        "<p>My Balrog deck for Sunday, comments welcome. It has done well in testing.</p>\n"
        "<h3>Hazards</h3><ul><li>3x Orc-lieutenant</li><li>2 Cave-drake</li></ul>\n"
        "<p>Sites:<br>Moria / Goblin-gate (for the Balrog)<br></p>"
    )
    deck = parse_decklist(text, "metw")
    assert deck.read_as == "html"
    got = [(ln.line_no, ln.count, ln.name, ln.section) for ln in deck.lines]
    assert got == [
        (2, 3, "Orc-lieutenant", "play"),
        (2, 2, "Cave-drake", "play"),
        (3, 1, "Moria", "sites"),
        (3, 1, "Goblin-gate (for the Balrog)", "sites"),
    ]
    assert [n for n, _ in deck.not_understood] == [1]
