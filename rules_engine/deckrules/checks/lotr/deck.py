"""A LOTR TCG deck once its lines are resolved: Ring-bearer, Ring, draw deck, sites, map."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rules_engine.deckrules.cards import CardRecord
from rules_engine.deckrules.decklist import MAIN, DeckLine
from rules_engine.deckrules.formats import FormatDef
from rules_engine.deckrules.messages import items, problem, sites_moved
from rules_engine.deckrules.problems import (
    WARNING,
    Entry,
    Problem,
    by_zone,
    lines_of,
    names,
    sum_by,
    total,
)

LOTR_SRC = "001 Section One “Building your deck”"


@dataclass
class LotrDeck:
    fmt: FormatDef
    entries: list[Entry] = field(default_factory=list)
    misplaced: list[Entry] = field(default_factory=list)
    moved: list[Entry] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)

    @property
    def rules(self) -> Mapping[str, Any]:
        return self.fmt.rules

    @cached_property
    def zones(self) -> dict[str, list[Entry]]:
        return by_zone(self.entries)

    def zone(self, name: str) -> list[Entry]:
        return self.zones.get(name, [])

    @property
    def everything(self) -> list[Entry]:
        """Every card the format's lists apply to, in the order the checks name them."""
        return (
            self.zone("draw")
            + self.zone("ring_bearer")
            + self.zone("ring")
            + self.zone("sites")
            + self.zone("map")
        )


def _section(line: DeckLine, card: CardRecord) -> str:
    """The line's section, where "Ring-bearer & Ring" (the lotrtcgwiki widget) and a starter's
    "Ring-bearer (2 cards)" list both: the card's type tells the Ring from the bearer."""
    if line.section in ("rb_ring", "ring_bearer"):
        return "ring" if card.type == "THE_ONE_RING" else "ring_bearer"
    return line.section


class _Builder:
    """Places each line: the Ring-bearer and Ring lines (or, without them, the first card
    that can be one), sites to the adventure deck, a map beside it, the rest to the draw deck."""

    def __init__(self, fmt: FormatDef, found: list[tuple[DeckLine, CardRecord]]) -> None:
        self.deck = LotrDeck(fmt)
        sections = [_section(line, card) for line, card in found]
        self.explicit_rb = "ring_bearer" in sections
        self.explicit_ring = "ring" in sections
        self.rb_taken = self.ring_taken = False

    def add(self, line: DeckLine, card: CardRecord, zone: str, count: int) -> Entry:
        entry = Entry(line, card, zone, count)
        self.deck.entries.append(entry)
        return entry

    def single(self, line: DeckLine, card: CardRecord, zone: str) -> None:
        """One copy in the zone; any further copies on the line go to the draw deck."""
        self.add(line, card, zone, 1)
        if line.count > 1:
            self.add(line, card, "draw", line.count - 1)

    def assume(self, line: DeckLine, card: CardRecord, zone: str) -> None:
        if zone == "ring":
            self.ring_taken = True
            code = "ring_assumed"
        else:
            self.rb_taken = True
            code = "ring_bearer_assumed"
        params = {"line": line.line_no, "card": card.name}
        self.deck.notes.append(problem(code, params, (card.name,), (line.line_no,), WARNING))
        self.single(line, card, zone)

    def place(self, line: DeckLine, card: CardRecord) -> None:
        section = _section(line, card)
        if section in ("ring_bearer", "ring"):
            self.single(line, card, section)
        elif card.type == "SITE":
            entry = self.add(line, card, "sites", line.count)
            if section == "draw":
                self.deck.moved.append(entry)
        elif card.type == "MAP":
            # Players Council formats add a map beside the adventure deck (GEMP map_required).
            self.add(line, card, "map", line.count)
        elif section == "sites":
            self.deck.misplaced.append(self.add(line, card, "draw", line.count))
        elif card.type == "THE_ONE_RING" and not self.explicit_ring and not self.ring_taken:
            self.assume(line, card, "ring")
        elif self._may_be_ring_bearer(line, card):
            self.assume(line, card, "ring_bearer")
        else:
            self.add(line, card, "draw", line.count)

    def _may_be_ring_bearer(self, line: DeckLine, card: CardRecord) -> bool:
        return (
            not self.explicit_rb
            and not self.rb_taken
            and line.section == MAIN
            and (card.can_be_ring_bearer or card.title_key == "frodo")
        )


def build(
    found: list[tuple[DeckLine, CardRecord]],
    unknown: list[DeckLine],
    fmt: FormatDef,
    player_type: str | None,
) -> LotrDeck:
    builder = _Builder(fmt, found)
    for line, card in found:
        builder.place(line, card)
    return builder.deck


def assumed_lines(deck: LotrDeck) -> list[Problem]:
    return list(deck.notes)


def sites_listed_elsewhere(deck: LotrDeck) -> list[Problem]:
    return sites_moved(deck.moved, "adventure_deck")


def wrong_section(deck: LotrDeck) -> list[Problem]:
    if not deck.misplaced:
        return []
    return [
        problem(
            "wrong_section",
            {
                "variant": "not_sites",
                "cards": items(
                    "line_card",
                    [{"line": e.line.line_no, "card": e.card.name} for e in deck.misplaced],
                ),
            },
            names(deck.misplaced),
            lines_of(deck.misplaced),
            source=LOTR_SRC,
        )
    ]


def map_missing(deck: LotrDeck) -> list[Problem]:
    if not deck.rules.get("map_required") or deck.zone("map"):
        return []
    return [
        problem(
            "map_missing",
            {"format": deck.fmt.name},
            source=deck.fmt.source,
        )
    ]


def _by_culture(draw: Iterable[Entry]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for e in draw:
        culture = e.card.culture or "None"
        side = e.card.side or "other"
        row = out.setdefault(culture, {})
        row[side] = row.get(side, 0) + e.count
    return dict(sorted(out.items()))


def counts(deck: LotrDeck) -> dict[str, Any]:
    draw, rbs, rings = deck.zone("draw"), deck.zone("ring_bearer"), deck.zone("ring")
    return {
        "ring_bearer": rbs[0].card.name if rbs else None,
        "ring": rings[0].card.name if rings else None,
        "draw_deck": total(draw),
        "free_peoples": total(draw, lambda e: e.card.side == "free_peoples"),
        "shadow": total(draw, lambda e: e.card.side == "shadow"),
        "sites": total(deck.zone("sites")),
        "by_culture": _by_culture(draw),
        "by_type": dict(
            Counter({e.card.type: 0 for e in draw}) + Counter(sum_by(draw, lambda c: c.type))
        ),
    }
