"""A deck list as read, before any card is looked up: its lines, headings and notes.

Every reader (plain text, GCCG, NetMECCG, OCTGN...) produces a :class:`ParsedDeck`; the
resolver and the checks take it from there, knowing nothing of the text's format.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAX_TEXT_CHARS = 200_000
MAX_LINES = 2_000
MAX_COPIES_PER_LINE = 999

# Section keys. METW: pool / play / sideboard / sideboard_fw / sites.
# LOTR TCG: ring_bearer / ring / draw / sites. LoRE: play / sideboard.
MAIN = "main"  # no heading yet: the card's type decides where it goes


@dataclass(frozen=True, slots=True)
class DeckLine:
    line_no: int
    text: str  # the line as pasted
    section: str
    count: int
    name: str  # the name part, with set code, tags and notes taken off
    set_hint: str | None = None  # METW "TW"; LOTR "1" or an id "1_290"
    alignment_hint: str | None = None  # METW [H] / [M] / [FW] / [B]
    note: str | None = None
    heading: str | None = None  # the sub-heading the line sits under ("Hazard", "Minions")
    # The printing a format means when a line carries no mark (a NetMECCG name without
    # "*", "%" or "@" is the hero printing); unlike a mark, it tells nothing of the player.
    printing_default: str | None = None

    def to_dict(self) -> dict:
        return {
            "line": self.line_no,
            "text": self.text,
            "section": self.section,
            "count": self.count,
            "name": self.name,
            "set": self.set_hint,
            "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class SectionHeading:
    line_no: int
    text: str
    section: str
    declared_count: int | None


@dataclass
class ParsedDeck:
    game: str
    lines: list[DeckLine] = field(default_factory=list)
    headings: list[SectionHeading] = field(default_factory=list)
    notes: list[tuple[int, str]] = field(default_factory=list)  # lines read but not cards
    # Which list format the text was read as ("gccg", "netmeccg", "o8d", ...).
    read_as: str = "text"
    title: str | None = None
    declared_format: str | None = None  # what a "Format: King Standard" line names
    # Lines the reader could not place: neither a card, a heading, a title nor a note.
    not_understood: list[tuple[int, str]] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "lines": [line.to_dict() for line in self.lines],
            "headings": [
                {"line": h.line_no, "text": h.text, "section": h.section, "count": h.declared_count}
                for h in self.headings
            ],
            "notes": [{"line": n, "text": t} for n, t in self.notes],
            "read_as": self.read_as,
            "title": self.title,
            "declared_format": self.declared_format,
            "not_understood": [{"line": n, "text": t} for n, t in self.not_understood],
        }


class DeckTextError(ValueError):
    """The text cannot be read as a deck list at all (too big, binary).

    ``code`` and ``params`` say why as data, for the faces to put in the reader's language;
    the message is the English rendering.
    """

    def __init__(self, message: str, code: str = "", params: dict[str, Any] | None = None):
        super().__init__(message)
        self.code = code
        self.params = params or {}


def card_line(
    line_no: int,
    raw: str,
    parts: tuple[int, str, str | None, str | None, str | None],
    section: str,
    game: str,
    heading: str | None,
    printing_default: str | None = None,
) -> DeckLine:
    count, name, set_hint, alignment, note = parts
    return DeckLine(
        line_no=line_no,
        text=raw,
        section=section,
        count=count,
        name=name,
        set_hint=set_hint,
        alignment_hint=alignment,
        note=note,
        heading=heading,
        printing_default=printing_default,
    )
