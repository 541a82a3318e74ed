"""Reading a deck list: the entry point above every reader.

:func:`parse_decklist` checks the text is a readable list, detects its format
(:mod:`rules_engine.deckrules.readers.detect`) and hands it to that format's reader. The
readers share the line reading of :mod:`rules_engine.deckrules.cardline` and the types of
:mod:`rules_engine.deckrules.decklist`; none of them imports this module.
"""

from __future__ import annotations

import re

from rules_engine.deckrules.cards import LORE, LOTR_TCG, METW
from rules_engine.deckrules.decklist import MAX_LINES, MAX_TEXT_CHARS, DeckTextError, ParsedDeck
from rules_engine.deckrules.readers.detect import FOREIGN, text_kind, unknown_format_message
from rules_engine.deckrules.readers.json_decks import looks_like_json, read_json_deck
from rules_engine.deckrules.readers.markup import is_html, plain_lines
from rules_engine.deckrules.readers.netmeccg import is_netmeccg, read_netmeccg
from rules_engine.deckrules.readers.octgn import is_o8d, read_o8d
from rules_engine.deckrules.readers.text import TextReader

_CONTROL = re.compile(r"[\x01-\x08\x0b\x0c\x0e-\x1f]")


def check_text_size(text: str, game: str) -> list[str]:
    """The text's lines, once it is known to be a deck list of a readable size."""
    if game not in (METW, LOTR_TCG, LORE):
        raise DeckTextError(f"Unknown game {game!r}.", "unknown_game", {"game": game})
    if len(text) > MAX_TEXT_CHARS:
        raise DeckTextError(
            f"The list is {len(text):,} characters long; "
            f"a deck list is at most {MAX_TEXT_CHARS:,}.",
            "too_long",
            {"chars": len(text), "max": MAX_TEXT_CHARS},
        )
    if "\x00" in text or len(_CONTROL.findall(text, 0, 4000)) > 8:
        raise DeckTextError(
            "This does not look like text: paste the deck list as plain text.", "not_text"
        )
    raw_lines = text.splitlines()
    if len(raw_lines) > MAX_LINES:
        raise DeckTextError(
            f"The list has {len(raw_lines):,} lines; at most {MAX_LINES:,}.",
            "too_many_lines",
            {"lines": len(raw_lines), "max": MAX_LINES},
        )
    return raw_lines


def parse_decklist(text: str, game: str) -> ParsedDeck:
    """Read a list in any known format into sections and lines (``deck.read_as`` says which).

    Raises DeckTextError for text that is no deck list at all (too big, binary, or a file
    in a format the reader does not know).
    """
    raw_lines = check_text_size(text, game)
    return read_deck(text, raw_lines, game)


_FORMAT_LINE = re.compile(r"^\s*format\s*:\s*(\S.*?)\s*$", re.I)


def declared_format(deck: ParsedDeck) -> str | None:
    """The format a "Format: ..." line of the list names (a GEMP deck page has one)."""
    for _line_no, raw in deck.notes:
        m = _FORMAT_LINE.match(raw)
        if m:
            return m.group(1)[:100]
    return None


def read_deck(text: str, lines: list[str], game: str) -> ParsedDeck:
    """Read ``text`` (already split into ``lines``) in whichever format it is in."""
    deck = _read(text, lines, game)
    deck.declared_format = declared_format(deck)
    return deck


def _read(text: str, lines: list[str], game: str) -> ParsedDeck:
    if is_o8d(text):
        return read_o8d(text, game)
    if looks_like_json(text) and FOREIGN.match(text.lstrip("\ufeff")):
        # "{" or "[{" opening a file: JSON, never a NetMECCG "[sideboard]" heading.
        return read_json_deck(text, game)
    html = is_html(text)
    if not html and FOREIGN.match(text.lstrip("\ufeff")):
        raise DeckTextError(unknown_format_message(), "unknown_format")
    if game == METW and is_netmeccg(lines):
        return read_netmeccg(lines, game)
    kind = "html" if html else text_kind(text, lines, game)
    deck = ParsedDeck(game=game, read_as=kind)
    numbered, furniture = plain_lines(list(enumerate(lines, start=1)), html)
    deck.notes += furniture
    if kind == "gemp-page":
        # The deck page starts with the deck's name, then "Format:" and "Author:".
        first = next(((n, ln) for n, ln in numbered if ln.strip()), None)
        if first is not None:
            deck.title = first[1].strip()
            deck.notes.append(first)
            numbered = [(n, ln) for n, ln in numbered if n != first[0]]
    sites_limit = 9 if kind == "lotrtcgwiki" else None
    reader = TextReader(
        deck,
        sites_limit=sites_limit,
        hash_notes=kind == "gemp-ids",
        client_file=kind in ("gccg", "meccg-online"),
    )
    return reader.read(numbered)
