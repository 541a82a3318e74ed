"""OCTGN ``.o8d`` deck files: XML ``<deck><section name="Hazards"><card qty="2">Name</card>``.

Each card carries the GUID of its printing in OCTGN's game definition; for METW the GUID
names the set and the alignment (data/octgn_metw.json), which a name alone may not (the
hero and the minion "Bree"). Read with defusedxml, which refuses entity declarations (no
"billion laughs" expansion) and external references; the XML's size is already bounded by
the text limits.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from rules_engine.deckrules.cardline import read_card_text
from rules_engine.deckrules.cards import METW
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


@lru_cache(maxsize=1)
def _metw_printings() -> dict[str, list]:
    path = resources.files("rules_engine.deckrules").joinpath("data/octgn_metw.json")
    return json.loads(path.read_text(encoding="utf-8"))


def _with_printing(parts: tuple, card: Element, game: str) -> tuple:
    """The line's parts with the set and alignment its GUID names, when known."""
    printing = _metw_printings().get((card.get("id") or "").lower()) if game == METW else None
    if printing is None:
        return parts
    count, name, _set, alignment, note = parts
    return count, name, printing[0], alignment or printing[1], note


def _quantity(card: Element) -> int:
    qty = (card.get("qty") or "1").strip()
    return min(int(qty), MAX_COPIES_PER_LINE) if qty.isdigit() else 1


def read_o8d(text: str, game: str) -> ParsedDeck:
    try:
        root = fromstring(text.lstrip("\ufeff"), forbid_dtd=True)
    except (ParseError, DefusedXmlException, ValueError) as exc:
        # The parser's own words (a line and column in English) stay in the English message;
        # the faces say only that the file cannot be read.
        raise DeckTextError(f"This OCTGN deck file cannot be read: {exc}.", "o8d_broken") from exc
    if root.tag != "deck":
        raise DeckTextError(
            "This XML file is not an OCTGN deck (its outer element is not <deck>).", "o8d_not_deck"
        )
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
            parts = _with_printing((_quantity(card), *read_card_text(title, game)[1:]), card, game)
            deck.lines.append(card_line(line_no, title, parts, key, game, name))
    return deck
