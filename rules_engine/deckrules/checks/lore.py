"""LoRE deck construction: deck and sideboard sizes, copies (000 Part IV; RULES.md §4.3)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.deckrules.cards import CardRecord, lore_record
from rules_engine.deckrules.decklist import DeckLine
from rules_engine.deckrules.formats import FormatDef
from rules_engine.deckrules.messages import count, items, phrase, problem
from rules_engine.deckrules.problems import (
    WARNING,
    Entry,
    Problem,
    lines_of,
    sum_by,
    total,
)

LORE_SRC = "000 Part IV “Unique”"
_SETTING = "RULES.md §4.3 (director's setting)"


@dataclass
class LoreDeck:
    fmt: FormatDef
    entries: list[Entry]
    unknown: list[DeckLine]

    @property
    def rules(self) -> Mapping[str, Any]:
        return self.fmt.rules

    @property
    def play(self) -> list[Entry]:
        return [e for e in self.entries if e.zone == "play"]

    @property
    def side(self) -> list[Entry]:
        return [e for e in self.entries if e.zone == "sideboard"]


def _zone(line: DeckLine) -> str:
    return "sideboard" if line.section == "sideboard" else "play"


def build(
    found: list[tuple[DeckLine, CardRecord]],
    unknown: list[DeckLine],
    fmt: FormatDef,
    player_type: str | None,
) -> LoreDeck:
    entries = [Entry(line, card, _zone(line), line.count) for line, card in found]
    # A card missing from the organizer's list counts as a non-unique card (a warning).
    for line in unknown:
        card = lore_record({"name": line.name, "type": "unknown"})
        entries.append(Entry(line, card, _zone(line), line.count))
    return LoreDeck(fmt, entries, unknown)


def unknown_cards(deck: LoreDeck) -> list[Problem]:
    if not deck.unknown:
        return []
    return [
        problem(
            "unknown_card",
            {
                "variant": "lore",
                "cards": items(
                    "line_card", [{"line": ln.line_no, "card": ln.name} for ln in deck.unknown]
                ),
            },
            tuple(ln.name for ln in deck.unknown),
            tuple(ln.line_no for ln in deck.unknown),
            WARNING,
            "RULES.md §4.3 (setting)",
        )
    ]


def deck_size(deck: LoreDeck) -> list[Problem]:
    n = total(deck.play)
    lo, hi = deck.rules.get("deck_min"), deck.rules.get("deck_max")
    if not ((lo is not None and n < lo) or (hi is not None and n > hi)):
        return []
    variant = "" if lo is not None and hi is not None else ("min" if lo is not None else "max")
    params = {"variant": variant, "cards": count(n, "card"), "min": lo, "max": hi}
    return [problem("deck_size", params, source=_SETTING)]


def sideboard_size(deck: LoreDeck) -> list[Problem]:
    n = total(deck.side)
    sb_max = deck.rules.get("sideboard_max")
    if sb_max is None or n <= sb_max:
        return []
    return [
        problem(
            "sideboard_size",
            {"cards": count(n, "card"), "max": sb_max},
            source=_SETTING,
        )
    ]


def _copy_problem(deck: LoreDeck, es: list[Entry]) -> Problem | None:
    n, card = total(es), es[0].card
    if card.unique and n > deck.rules.get("unique_limit", 1):
        return problem(
            "copies_unique",
            {"count": n, "card": card.name, "scope": phrase("")},
            (card.name,),
            lines_of(es),
            source=LORE_SRC,
        )
    limit = deck.rules.get("copy_limit")
    if not card.unique and limit is not None and n > limit:
        return problem(
            "copies_nonunique",
            {"variant": "lore", "count": n, "card": card.name, "max": limit},
            (card.name,),
            lines_of(es),
            source=_SETTING,
        )
    return None


def copies(deck: LoreDeck) -> list[Problem]:
    by_key: dict[str, list[Entry]] = defaultdict(list)
    for e in deck.entries:
        by_key[e.card.key].append(e)
    found = (_copy_problem(deck, es) for es in by_key.values())
    return [p for p in found if p is not None]


def counts(deck: LoreDeck) -> dict[str, Any]:
    play = deck.play
    n_play, n_side = total(play), total(deck.side)
    return {
        "deck": n_play,
        "sideboard": n_side,
        "unique_cards": total(play, lambda e: e.card.unique),
        "unknown": sum(ln.count for ln in deck.unknown),
        "by_type": sum_by(play, lambda c: c.type),
        "total": n_play + n_side,
    }
