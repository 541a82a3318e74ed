"""Reading deck lists the way players paste them.

Accepted per line: ``3 Name``, ``3x Name``, ``3 x Name``, ``3× Name``, ``x3 Name``,
``Name x3``, ``Name (x3)``, ``3-Name``, a bare ``Name`` (one copy), GCCG lines such as
``3 Orc-lieutenant (TW)`` and ``1 Balin [H] (TW)``, LOTR TCG lines with
``Title, Subtitle`` and unique bullets (``•``), ``Ring-bearer: ...`` / ``Ring: ...``,
and notes in brackets or after ``//``. Headings are ``# Hazard (30)``,
``Sideboard:``, ``Adventure deck:``, ``Free Peoples (30)`` and the like.

Nothing is dropped: every line that is not blank, a heading, a comment or a
separator becomes a :class:`DeckLine`, and the resolver reports those whose name
it cannot match.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rules_engine.deckrules.cards import LORE, LOTR_TCG, METW, METW_SET_CODES, normalize_name
from rules_engine.deckrules.headings import is_category_heading, read_heading

MAX_TEXT_CHARS = 200_000
MAX_LINES = 2_000
MAX_COPIES_PER_LINE = 999

# Section keys. METW: pool / play / sideboard / sideboard_fw / sites.
# LOTR TCG: ring_bearer / ring / draw / sites. LoRE: play / sideboard.
MAIN = "main"  # no heading yet: the card's type decides where it goes

_COUNT_FIRST = re.compile(r"^(\d{1,4})\s*(?:[x×*]\s*|-\s*(?=\D)|\.\s+|\s+)(.+)$", re.IGNORECASE)
_X_FIRST = re.compile(r"^[x×]\s*(\d{1,4})\s+(.+)$", re.IGNORECASE)
_COUNT_LAST = re.compile(
    r"^(.+?)\s*(?:\(\s*[x×]\s*(\d{1,4})\s*\)|[x×*]\s*(\d{1,4}))$", re.IGNORECASE
)
_TRAILING_PAREN = re.compile(r"\s*\(([^()]*)\)\s*$")
_BRACKETS = re.compile(r"\s*\[([^\]]*)\]")
_BRACES = re.compile(r"\s*\{([^}]*)\}")
_KEY_VALUE = re.compile(
    r"^(ring[\s-]*bearer|ringbearer|the one ring|one ring|ring(?![\s-]*bearer))"
    # "Ring-bearer: Frodo" or, in collector-number lists, "Ring-bearer 0P67 • Frodo".
    r"(?:\s*[:=-]\s*|\s+(?=\d{1,2}[A-Z]{1,2}\d{1,3}[A-Z]?\s))(.+)$",
    re.I,
)
_LOTR_COLL = re.compile(r"^(\d{1,3})\s*[A-Z]{1,2}\s*(\d{1,3})[A-Z]?$", re.IGNORECASE)
_LEADING_COLL = re.compile(r"^(\d{1,3}[A-Z]{1,2}\d{1,3}[A-Z]?)\s+(.+)$")
_LOTR_ID = re.compile(r"^(\d{1,3})_(\d{1,4})$")
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
_NOTES_HEADING = re.compile(r"^#*\s*(notes?|comments?|strategy|description)\s*:?$", re.I)
# A site number before its collector number in a printed adventure deck ("1 7U330 Name"),
# or numbering an article's site path ("2. Wold of Rohan"): never a count of copies.
_SITE_NUMBER_FIRST = re.compile(r"^([1-9])(?:\s+(\d{1,2}[A-Z]{1,2}\d{1,3}[A-Z]?)|\.)\s+(.+)$")
_STARTING = re.compile(r"\s*\((starting|start)\)\s*$", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?]\)?$")
_CONTROL = re.compile(r"[\x01-\x08\x0b\x0c\x0e-\x1f]")
_SEPARATOR = re.compile(r"^[\W_]+$")
_BULLETS = "•·*–—-+>"

ALIGNMENT_TAGS = {
    "h": "hero",
    "hero": "hero",
    "m": "minion",
    "minion": "minion",
    "fw": "fallen-wizard",
    "f": "fallen-wizard",
    "fallenwizard": "fallen-wizard",
    "b": "balrog",
    "ba": "balrog",
    "balrog": "balrog",
}


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
    """The text cannot be read as a deck list at all (too big, binary)."""


def _split_count(body: str) -> tuple[int, str]:
    m = _COUNT_FIRST.match(body)
    if m:
        return int(m.group(1)), m.group(2).strip()
    m = _X_FIRST.match(body)
    if m:
        return int(m.group(1)), m.group(2).strip()
    m = _COUNT_LAST.match(body)
    if m:
        return int(m.group(2) or m.group(3)), m.group(1).strip()
    return 1, body


def _set_hint(text: str, game: str) -> str | None:
    token = text.strip()
    if game == METW:
        up = token.upper()
        if up in METW_SET_CODES:
            return up
        for code, long in METW_SET_CODES.items():
            if up == long:
                return code
        return None
    if game == LOTR_TCG:
        if token.isdigit() and len(token) <= 3:
            return str(int(token))
        m = _LOTR_ID.match(token)
        if m:
            return f"{int(m.group(1))}_{int(m.group(2))}"
        m = _LOTR_COLL.match(token)
        if m:
            return f"{int(m.group(1))}_{int(m.group(2))}"
    return None


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


@lru_cache(maxsize=32768)
def read_card_text(body: str, game: str) -> tuple[int, str, str | None, str | None, str | None]:
    """(count, name, set code, alignment tag, note) of one card line; pure, so memoised."""
    notes: list[str] = []
    if "//" in body:
        body, comment = body.split("//", 1)
        notes.append(comment.strip())
    alignment = None
    for m in list(_BRACKETS.finditer(body)) + list(_BRACES.finditer(body)):
        inner = m.group(1).strip()
        tag = ALIGNMENT_TAGS.get(normalize_name(inner)) if game == METW else None
        if tag:
            alignment = tag
        elif inner:
            notes.append(inner)
    body = _BRACES.sub("", _BRACKETS.sub("", body)).strip()
    starting = _STARTING.search(body)
    if starting:
        # The lotrtcgwiki widget marks the starting fellowship: "Name x1 (starting)".
        notes.append(starting.group(1).lower())
        body = body[: starting.start()]
    count, name = _split_count(body)
    set_hint = None
    if game == LOTR_TCG and _LOTR_ID.match(name):
        # A GEMP id list: "1x7_317" names the card by its id only.
        hint = _set_hint(name, game)
        return min(count, MAX_COPIES_PER_LINE), "", hint, None, "; ".join(notes) or None
    if game == LOTR_TCG:
        # Printed lists may lead with the collector number: "1C3 Axe Strike".
        m = _LEADING_COLL.match(name)
        if m:
            set_hint = _set_hint(m.group(1), game)
            name = m.group(2)
    # A trailing "(TW)" or "(1R290)" is a set code; other parentheses are a note, except
    # that a few card names end in parentheses themselves ("Mûmak (Oliphant)"): the
    # resolver tries the full text first, so keep those in `name` and record the split.
    m = _TRAILING_PAREN.search(name)
    if m:
        hint = _set_hint(m.group(1), game)
        if hint:
            set_hint = hint
            name = name[: m.start()].strip()
            count_again, rest = _split_count(name)
            if count == 1 and count_again != 1:
                count, name = count_again, rest
    name = name.strip().lstrip(_BULLETS).strip().rstrip(",;").strip()
    note = "; ".join(n for n in notes if n) or None
    return min(count, MAX_COPIES_PER_LINE), name, set_hint, alignment, note


def check_text_size(text: str, game: str) -> list[str]:
    """The text's lines, once it is known to be a deck list of a readable size."""
    if game not in (METW, LOTR_TCG, LORE):
        raise DeckTextError(f"Unknown game {game!r}.")
    if len(text) > MAX_TEXT_CHARS:
        raise DeckTextError(
            f"The list is {len(text):,} characters long; a deck list is at most {MAX_TEXT_CHARS:,}."
        )
    if "\x00" in text or len(_CONTROL.findall(text, 0, 4000)) > 8:
        raise DeckTextError("This does not look like text: paste the deck list as plain text.")
    raw_lines = text.splitlines()
    if len(raw_lines) > MAX_LINES:
        raise DeckTextError(f"The list has {len(raw_lines):,} lines; at most {MAX_LINES:,}.")
    return raw_lines


def parse_decklist(text: str, game: str) -> ParsedDeck:
    """Read a list in any known format into sections and lines (``deck.read_as`` says which).

    Raises DeckTextError for text that is no deck list at all (too big, binary, or a file
    in a format the reader does not know).
    """
    raw_lines = check_text_size(text, game)
    # The readers build on this module's line reading, hence the import here.
    from rules_engine.deckrules.readers import read_deck

    return read_deck(text, raw_lines, game)


def looks_like_prose(body: str) -> bool:
    """A sentence someone wrote about the deck, not a card: card names are short and do not
    end a sentence."""
    words = body.split()
    return len(words) > 9 or (len(words) >= 4 and bool(_SENTENCE_END.search(body)))


class TextReader:
    """Reads numbered text lines into a deck: headings open sections, the rest are cards,
    notes, or lines not understood. ``sites_limit``: the adventure path of a forum widget
    ends after that many sites, and what follows is the poster's text. ``hash_notes``: "#"
    lines are comments (GEMP's id lists name each id's card on one), not headings."""

    def __init__(
        self, deck: ParsedDeck, sites_limit: int | None = None, hash_notes: bool = False
    ) -> None:
        self.deck = deck
        self.hash_notes = hash_notes
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
        kind, data = _classify(body, self.game)
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
                heading_text
            )
            self.section = self.section if nested else new_section
            self.sub_heading = heading_text
        else:
            self.deck.notes.append((line_no, raw))
        self.deck.headings.append(
            SectionHeading(line_no, heading_text, new_section or self.section, declared)
        )

    def card(self, line_no: int, raw: str, body: str, parts: tuple) -> None:
        if parts[0] == 1 and not body[:1].isdigit() and looks_like_prose(body):
            self.deck.not_understood.append((line_no, raw))
            return
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
def _classify(body: str, game: str) -> tuple[str, Any]:
    """What one stripped line is, independent of where it sits; memoised because the same
    lines ("3 Orc-lieutenant (TW)") recur in list after list."""
    if body.startswith(("//", ";", "--")) and not body.lstrip("-").strip()[:1].isdigit():
        return "note", None
    if _SEPARATOR.match(body) or _TOTAL.match(body):
        return "note", None
    if game == LOTR_TCG:
        kv = _KEY_VALUE.match(body)
        if kv:
            target = "ring_bearer" if "bear" in kv.group(1).lower() else "ring"
            return "kv", (target, read_card_text(kv.group(2), game))
    hashed = body.startswith("#")
    if hashed or body.endswith(":") or not body[:1].isdigit():
        head = read_heading(body, game, hashed)
        if head is not None:
            return "heading", head
    return "card", read_card_text(body, game)
