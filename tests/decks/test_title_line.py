"""A list's own name on its first line is its title, not an unknown card (
"Nothing taken for a card that is not one: titles … are recognised as such").

The shape is that of open-cards.de's LOTR TCG deck listings: the deck's name, a blank
line, then headings and cards with their collector numbers ("Name (1 R 40)")."""

from __future__ import annotations

import pytest

from decks import services
from decks.demo import LOTR_FELLOWSHIP

pytestmark = pytest.mark.django_db

ARTICLE = """\
Gimli's Hammer

Deck listing:

Adventure path:
Anduin Confluence (1 U 356)

Draw deck - "free" cards:
Dwarven Ally (1):
Gimli, Dwarf of Erebor (1 U 12)
"""


def _codes(verdict) -> set[str]:
    return {p.code for p in verdict.problems}


def test_a_first_line_standing_apart_and_naming_no_card_is_the_title():
    plain = services.validate_text(LOTR_FELLOWSHIP, "lotr-tcg", "fellowship-block")
    titled = services.validate_text(
        "Gimli's Hammer\n\n" + LOTR_FELLOWSHIP, "lotr-tcg", "fellowship-block"
    )
    assert "unknown_card" not in _codes(titled)
    assert titled.title == "Gimli's Hammer"
    assert (titled.legal, titled.counts) == (plain.legal, plain.counts)
    shifted = [{**c, "line": c["line"] - 2} for c in titled.cards]  # two lines more above
    assert shifted == plain.cards


def test_an_article_listing_with_collector_numbers_reads_its_title_apart():
    verdict = services.validate_text(ARTICLE, "lotr-tcg", None)
    unknown = [p.params for p in verdict.problems if p.code == "unknown_card"]
    assert unknown == []
    assert verdict.title == "Gimli's Hammer"


@pytest.mark.parametrize(
    "first",
    ["2 Gimli's Hammer", "Gimli's Hammer x2", "Gimli's Hammer (x2)"],
)
def test_a_counted_first_line_stays_a_card_line(first):
    verdict = services.validate_text(
        first + "\n\n" + LOTR_FELLOWSHIP, "lotr-tcg", "fellowship-block"
    )
    assert "unknown_card" in _codes(verdict)


def test_a_first_line_joined_to_the_list_stays_a_card_line():
    verdict = services.validate_text(
        "Gimli's Hammer\n" + LOTR_FELLOWSHIP, "lotr-tcg", "fellowship-block"
    )
    assert "unknown_card" in _codes(verdict)
