"""Deck files other tools write as JSON: the shape is detected, and each shape has a reader.

Three shapes are read, each from real files (tests/decks/real/SOURCES.md):

* ``meccg-json`` (METW, the meccg game server's deck files): ``pool``, ``deck`` with
  ``characters`` / ``resources`` / ``hazards``, ``sideboard`` and ``sites``, each a list of
  ``{"name", "card": "tw-156", "qty"}``. The card id's prefix is the set, which settles a
  name printed in several sets.
* ``lotr-json`` (LOTR TCG, a game table's deck files): ``ringBearerId``, ``oneRingId``,
  ``startingCompanionIds``, ``freePeople``, ``shadow`` and ``siteIds``, one collector number
  per copy (``"9R+31"``, promos ``"0P25"``). Starting companions are part of the draw deck.
* ``gemp-json`` (LOTR TCG, the deck GEMP records with a game): ``RingBearer``, ``Ring``,
  ``AdventureDeck`` and ``DrawDeck`` as GEMP ids (``"1_290"``); ``StartingFellowship``
  repeats cards of the draw deck and is not counted again. A record of a whole game holds
  both players' decks under ``Decks``: it is read only when it holds one.

JSON has no line per card, so each card's line number is where its entry is written in
the file: the page shows the list line by line, and a notice points at the right line.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from rules_engine.deckrules.cardline import set_code
from rules_engine.deckrules.cards import LOTR_TCG, METW
from rules_engine.deckrules.decklist import (
    MAX_COPIES_PER_LINE,
    DeckLine,
    DeckTextError,
    ParsedDeck,
)
from rules_engine.deckrules.readers.detect import unknown_format_message

# (section, key in the file) in the order the parts of the deck are listed.
_MECCG_PARTS = (
    ("pool", ("pool",)),
    ("play", ("deck", "characters")),
    ("play", ("deck", "resources")),
    ("play", ("deck", "hazards")),
    ("sideboard", ("sideboard",)),
    ("sites", ("sites",)),
)
_LOTR_PARTS = (
    ("ring_bearer", "ringBearerId"),
    ("ring", "oneRingId"),
    ("draw", "startingCompanionIds"),
    ("draw", "freePeople"),
    ("draw", "shadow"),
    ("sites", "siteIds"),
)
_GEMP_PARTS = (
    ("ring_bearer", "RingBearer"),
    ("ring", "Ring"),
    ("draw", "DrawDeck"),
    ("sites", "AdventureDeck"),
)
JSON_SHAPES = {
    "meccg-json": METW,
    "lotr-json": LOTR_TCG,
    "gemp-json": LOTR_TCG,
}


def looks_like_json(text: str) -> bool:
    head = text.lstrip("\ufeff \t\r\n")[:1]
    return head in ("{", "[")


def json_shape(data: Any) -> str | None:
    """Which tool's deck file ``data`` is, or None for JSON that is no deck file known here."""
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("deck"), dict) or isinstance(data.get("pool"), list):
        return "meccg-json"
    if "ringBearerId" in data or "freePeople" in data:
        return "lotr-json"
    if "DrawDeck" in data or "RingBearer" in data:
        return "gemp-json"
    decks = data.get("Decks")
    if isinstance(decks, dict) and decks and all(isinstance(d, dict) for d in decks.values()):
        return "gemp-json"
    return None


def read_json_deck(text: str, game: str) -> ParsedDeck:
    """Read a JSON deck file; DeckTextError for JSON that is no deck, or another game's."""
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except ValueError as exc:
        raise DeckTextError(
            f"This JSON file is broken (line {getattr(exc, 'lineno', '?')}). "
            + unknown_format_message(),
            "json_broken",
            {"line": getattr(exc, "lineno", "?")},
        ) from exc
    shape = json_shape(data)
    if shape is None:
        raise DeckTextError(unknown_format_message(), "unknown_format")
    if JSON_SHAPES[shape] != game:
        other = "METW" if JSON_SHAPES[shape] == METW else "LOTR TCG"
        raise DeckTextError(
            f"This is a {other} deck file: choose the game {other} to check it.",
            "json_other_game",
            {"game": other},
        )
    deck = ParsedDeck(game=game, read_as=shape)
    lines = _Locator(text)
    if shape == "meccg-json":
        deck.title = _title(data.get("name"))
        _read_parts(deck, lines, _meccg_entries(data), _meccg_line)
    elif shape == "lotr-json":
        deck.title = _title(data.get("name"))
        _read_parts(deck, lines, _id_entries(data, _LOTR_PARTS), _id_line)
    else:
        record = _one_gemp_deck(data)
        deck.title = _title(record.get("DeckName"))
        fmt = record.get("TargetFormat")
        if isinstance(fmt, str) and fmt.strip():
            # The deck's target format, as a "Format:" line says it in a text list.
            deck.notes.append((lines.find(fmt), f"Format: {fmt.strip()}"))
        _read_parts(deck, lines, _id_entries(record, _GEMP_PARTS), _id_line)
    if not deck.lines:
        raise DeckTextError("This deck file lists no cards.", "json_no_cards")
    return deck


def _title(value: Any) -> str | None:
    return value.strip()[:200] or None if isinstance(value, str) else None


def _one_gemp_deck(data: Mapping[str, Any]) -> Mapping[str, Any]:
    decks = data.get("Decks")
    if not isinstance(decks, dict):
        return data
    if len(decks) == 1:
        return next(iter(decks.values()))
    names = ", ".join(str(d.get("DeckName") or owner) for owner, d in decks.items())
    raise DeckTextError(
        f"This game record holds {len(decks)} decks ({names}): paste one deck at a time.",
        "json_several_decks",
        {"count": len(decks), "names": names},
    )


class _Locator:
    """Line numbers of the entries of a JSON text, found in the order they are written."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def find(self, value: str) -> int:
        quoted = json.dumps(value, ensure_ascii=False)
        at = self.text.find(quoted, self.pos)
        if at < 0:
            at = self.text.find(quoted)
        if at < 0:
            return 1
        self.pos = at + len(quoted)
        return self.text.count("\n", 0, at) + 1


Entry = tuple[str, Any]  # (section, one entry of the file)


def _meccg_entries(data: Mapping[str, Any]) -> Iterator[Entry]:
    for section, path in _MECCG_PARTS:
        node: Any = data
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        for item in node if isinstance(node, list) else ():
            yield section, item


def _id_entries(data: Mapping[str, Any], parts: tuple[tuple[str, str], ...]) -> Iterator[Entry]:
    for section, key in parts:
        value = data.get(key)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and item.strip():
                yield section, item.strip()


def _meccg_line(section: str, item: Any, lines: _Locator) -> DeckLine | None:
    if not isinstance(item, dict) or not isinstance(item.get("name"), str):
        return None
    name = item["name"].strip()
    card = item.get("card")
    line_no = lines.find(item["name"])
    qty = item.get("qty", 1)
    count = qty if isinstance(qty, int) and not isinstance(qty, bool) and qty > 0 else 1
    set_hint = set_code(card.split("-", 1)[0], METW) if isinstance(card, str) else None
    text = f"{count} {name}" + (f" ({card})" if isinstance(card, str) else "")
    return DeckLine(
        line_no=line_no,
        text=text,
        section=section,
        count=min(count, MAX_COPIES_PER_LINE),
        name=name,
        set_hint=set_hint,
        note="starting" if item.get("favourite") is True and section == "pool" else None,
    )


def _id_line(section: str, item: Any, lines: _Locator) -> DeckLine | None:
    line_no = lines.find(item)
    card_id = set_code(item, LOTR_TCG)
    if card_id is None or "_" not in card_id:
        # Not an id this reader knows: left to the resolver as a name.
        return DeckLine(line_no, item, section, 1, item)
    return DeckLine(line_no, item, section, 1, "", set_hint=card_id)


def _read_parts(
    deck: ParsedDeck,
    lines: _Locator,
    entries: Iterator[Entry],
    make: Callable[[str, Any, _Locator], DeckLine | None],
) -> None:
    for section, item in entries:
        line = make(section, item, lines)
        if line is not None:
            deck.lines.append(line)
