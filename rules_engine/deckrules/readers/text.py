"""Reading numbered text lines into a deck: headings open sections, the rest are cards,
notes, or lines not understood. Every text format (GCCG, articles, GEMP pages, plain
lists) is read here, with what the format needs (a title line, a site path that ends).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from rules_engine.deckrules.cardline import looks_like_prose, read_card_text, split_cards
from rules_engine.deckrules.cards import LOTR_TCG, normalize_name
from rules_engine.deckrules.decklist import MAIN, ParsedDeck, SectionHeading, card_line
from rules_engine.deckrules.headings import is_category_heading, read_heading

_KEY_VALUE = re.compile(
    r"^(ring[\s-]*bearer|ringbearer|the one ring|one ring|ring(?![\s-]*bearer))"
    # "Ring-bearer: Frodo" or, in collector-number lists, "Ring-bearer 0P67 • Frodo".
    r"(?:\s*[:=-]\s*|\s+(?=\d{1,2}[A-Z]{1,2}\+?\d{1,3}[A-Z]?\s))(.+)$",
    re.I,
)
_TOTAL = re.compile(
    r"^(?:(?:[\w' -]*\s)?total(?:\s+cards)?\s*[:=]?\s*\d+|\d+\s+cards?(?:\s+total)?)$",
    re.IGNORECASE,
)
# "Format: King Standard", "Author: Phallen": what a deck page says about the list.
_META = re.compile(
    r"^(format|author|deck\s*name|name|title|player|event|date|created|updated|notes?)"
    r"\s*:\s*\S",
    re.IGNORECASE,
)
_NOTES_HEADING = re.compile(r"^#*\s*(notes?|comments?|strategy|description)\s*[:–—-]?$", re.I)
# "(Dwarven: 6 Cards)", "(I also tweak the deck with 2 of the following cards)": a remark in
# parentheses on a line of its own; no card name is wholly in parentheses.
_REMARK = re.compile(r"^\([^()]*\)$")
# "The Deck" over a list: a caption, naming no part of the deck.
_DECK_CAPTIONS = {"thedeck", "mydeck", "decklist", "thedecklist", "mydecklist", "thelist"}
# A site number before its collector number in a printed adventure deck ("1 7U330 Name"),
# or numbering an article's site path ("2. Wold of Rohan", "2 - Ettenmoors"): never a
# count of copies.
_SITE_NUMBER_FIRST = re.compile(
    r"^([1-9])(?:\s+(\d{1,2}[A-Z]{1,2}\+?\d{1,3}[A-Z]?)|\.|\s+[-–—])\s+(.+)$"
)
_SEPARATOR = re.compile(r"^[\W_]+$")


class TextReader:
    """Reads numbered text lines into a deck: headings open sections, the rest are cards,
    notes, or lines not understood. ``sites_limit``: the adventure path of a forum widget
    ends after that many sites, and what follows is the poster's text. ``hash_notes``: "#"
    lines are comments (GEMP's id lists name each id's card on one), not headings.
    ``client_file``: a client's export (GCCG, meccg-online), whose headings are its own
    and exact; typed lists also get headings read from their words ("Sidebord")."""

    def __init__(
        self,
        deck: ParsedDeck,
        sites_limit: int | None = None,
        hash_notes: bool = False,
        client_file: bool = False,
    ) -> None:
        self.deck = deck
        self.hash_notes = hash_notes
        self.typed = not client_file
        self.game = deck.game
        self.section = MAIN
        self.sub_heading: str | None = None
        self.sites_limit = sites_limit
        self.sites_read = 0
        self.in_notes = False

    def read(self, lines: list[tuple[int, str]]) -> ParsedDeck:
        for line_no, raw in lines:
            body = raw.strip().replace("\t", " ")
            if body:
                self.line(line_no, raw, body)
        return self.deck

    def line(self, line_no: int, raw: str, body: str) -> None:
        if self.in_notes or _META.match(body) or (self.hash_notes and body[:1] == "#"):
            self.deck.notes.append((line_no, raw))
            return
        if _NOTES_HEADING.match(body):
            self.in_notes = True  # a deck page's notes run to the end of the text
            self.deck.notes.append((line_no, raw))
            return
        kind, data = _classify(body, self.game, self.typed)
        if kind == "note":
            self.deck.notes.append((line_no, raw))
        elif kind == "kv":
            target, parts = data
            self.deck.lines.append(card_line(line_no, raw, parts, target, self.game, None))
        elif kind == "heading":
            self.heading(line_no, raw, data)
        else:
            self.card(line_no, raw, body, data)

    def heading(self, line_no: int, raw: str, data: tuple[str, str, int | None]) -> None:
        new_section, heading_text, declared = data
        if new_section:
            # A card-type heading ("Hazards") under "Sideboard" lists sideboard cards.
            nested = self.section in ("sideboard", "sideboard_fw") and is_category_heading(
                heading_text, self.game
            )
            self.section = self.section if nested else new_section
            self.sub_heading = heading_text
        else:
            self.deck.notes.append((line_no, raw))
        self.deck.headings.append(
            SectionHeading(line_no, heading_text, new_section or self.section, declared)
        )

    def card(self, line_no: int, raw: str, body: str, cards: tuple) -> None:
        # A sentence is prose; a line of several cards is prose only if one of them is
        # ("Himring / Isles of the Dead that Live / Barrow-downs / Ruined Signal Tower").
        parts = [body] if len(cards) == 1 else [c[1] for c in cards]
        if cards[0][0] == 1 and not body[:1].isdigit() and any(map(looks_like_prose, parts)):
            self.deck.not_understood.append((line_no, raw))
            return
        for parts in cards:
            self.one_card(line_no, raw, body if len(cards) == 1 else "", parts)

    def one_card(self, line_no: int, raw: str, body: str, parts: tuple) -> None:
        if self.section == "sites":
            if self.sites_limit is not None and self.sites_read >= self.sites_limit:
                self.in_notes = True
                self.deck.notes.append((line_no, raw))
                return
            self.sites_read += 1
            numbered = _SITE_NUMBER_FIRST.match(body)
            if numbered and self.game == LOTR_TCG:
                # A printed adventure deck: the site number, then the collector number.
                parts = (
                    1,
                    *read_card_text(f"{numbered.group(2) or ''} {numbered.group(3)}", self.game)[
                        1:
                    ],
                )
        self.deck.lines.append(
            card_line(line_no, raw, parts, self.section, self.game, self.sub_heading)
        )


@lru_cache(maxsize=32768)
def _classify(body: str, game: str, typed: bool = True) -> tuple[str, Any]:
    """What one stripped line is, independent of where it sits; memoised because the same
    lines ("3 Orc-lieutenant (TW)") recur in list after list."""
    if body.startswith(("//", ";", "--")) and not body.lstrip("-").strip()[:1].isdigit():
        return "note", None
    if _SEPARATOR.match(body) or _TOTAL.match(body) or _REMARK.match(body):
        return "note", None
    if normalize_name(body) in _DECK_CAPTIONS:
        return "note", None
    if game == LOTR_TCG:
        kv = _KEY_VALUE.match(body)
        if kv:
            target = "ring_bearer" if "bear" in kv.group(1).lower() else "ring"
            return "kv", (target, read_card_text(kv.group(2), game))
    hashed = body.startswith("#")
    if hashed or body.endswith(":") or not body[:1].isdigit():
        head = read_heading(body, game, hashed, typed)
        if head is not None:
            return "heading", head
    return "card", tuple(read_card_text(part, game) for part in split_cards(body))
