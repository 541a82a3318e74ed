"""OCTGN ``.o8d`` deck files: XML ``<deck><section name="Hazards"><card qty="2">Name</card>``.

Read with defusedxml, which refuses entity declarations (no "billion laughs" expansion)
and external references; the XML's size is already bounded by the text limits.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from rules_engine.deckrules.cardline import read_card_text
from rules_engine.deckrules.decklist import (
    MAIN,
    MAX_COPIES_PER_LINE,
    DeckTextError,
    ParsedDeck,
    SectionHeading,
    card_line,
)
from rules_engine.deckrules.headings import section_for

_CARD_TAG = re.compile(r"<card\b[^>]*>")
_SECTION_TAG = re.compile(r"<section\b[^>]*>")


def is_o8d(text: str) -> bool:
    head = text.lstrip("\ufeff \t\r\n")[:400]
    return head.startswith("<") and "<deck" in head


def _line_numbers(text: str, pattern: re.Pattern[str]) -> list[int]:
    """The line of each tag, in document order (ElementTree keeps no line numbers)."""
    return [text.count("\n", 0, m.start()) + 1 for m in pattern.finditer(text)]


def _quantity(card: Element) -> int:
    qty = (card.get("qty") or "1").strip()
    return min(int(qty), MAX_COPIES_PER_LINE) if qty.isdigit() else 1


def read_o8d(text: str, game: str) -> ParsedDeck:
    try:
        root = fromstring(text.lstrip("\ufeff"), forbid_dtd=True)
    except (ParseError, DefusedXmlException, ValueError) as exc:
        raise DeckTextError(f"This OCTGN deck file cannot be read: {exc}.") from exc
    if root.tag != "deck":
        raise DeckTextError("This XML file is not an OCTGN deck (its outer element is not <deck>).")
    deck = ParsedDeck(game=game, read_as="o8d")
    card_lines = iter(_line_numbers(text, _CARD_TAG))
    section_lines = iter(_line_numbers(text, _SECTION_TAG))
    for section in root.iter("section"):
        name = (section.get("name") or "").strip()
        heading_line = next(section_lines, 0)
        key = section_for(name, game) or MAIN
        deck.headings.append(SectionHeading(heading_line, name, key, None))
        for card in section.iter("card"):
            line_no = next(card_lines, 0)
            title = (card.text or "").strip()
            if not title:
                deck.not_understood.append((line_no, f'<card id="{card.get("id", "")}">'))
                continue
            parts = (_quantity(card), *read_card_text(title, game)[1:])
            deck.lines.append(card_line(line_no, title, parts, key, game, name))
    return deck
