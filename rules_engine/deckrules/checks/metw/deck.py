"""A METW deck once its lines are resolved: zones, each card's role, the play-deck mix."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rules_engine.deckrules.cards import CardRecord
from rules_engine.deckrules.decklist import MAIN, DeckLine
from rules_engine.deckrules.formats import FormatDef
from rules_engine.deckrules.headings import is_category_heading
from rules_engine.deckrules.messages import items, phrase, problem, sites_moved
from rules_engine.deckrules.problems import (
    Entry,
    Problem,
    by_zone,
    lines_of,
    names,
    rule_source,
)

METW_SRC = "003 Part I §3"
METW_SB_SRC = "003 Part II §2"


def zone_for(line: DeckLine, card: CardRecord) -> tuple[str, bool]:
    """(zone, misplaced): sites and regions always go to the location deck."""
    is_location = card.type in ("site", "region")
    section = line.section
    if section in ("play", MAIN):
        return ("sites" if is_location else "play"), False
    if section == "sites":
        return ("sites", False) if is_location else ("play", True)
    if is_location:
        return "sites", True
    return section, False


@dataclass
class MetwDeck:
    fmt: FormatDef
    player_type: str | None
    entries: list[Entry]
    misplaced: list[Entry]
    moved: list[Entry]

    @property
    def rules(self) -> Mapping[str, Any]:
        return self.fmt.rules

    @property
    def coe(self) -> bool:
        return self.fmt.rules.get("ruleset") == "coe"

    def src(self, rulebook: str, coe: str) -> str:
        return rule_source(self.fmt, rulebook, coe)

    @cached_property
    def zones(self) -> dict[str, list[Entry]]:
        return by_zone(self.entries)

    def zone(self, name: str) -> list[Entry]:
        return self.zones.get(name, [])

    def role(self, card: CardRecord) -> str:
        """What a card counts as in this deck: avatar, character, resource, hazard, site..."""
        if card.is_avatar:
            return "avatar"
        if card.is_agent or (card.type == "character" and card.alignment == "neutral"):
            as_characters = self.player_type in (self.rules.get("agents_are_characters_for") or [])
            return "character" if as_characters else "hazard"
        return card.type

    @cached_property
    def by_role(self) -> dict[str, int]:
        out: dict[str, int] = defaultdict(int)
        for e in self.zone("play"):
            out[self.role(e.card)] += e.count
        return out

    @cached_property
    def avatars(self) -> list[Entry]:
        return [e for e in self.zone("play") if self.role(e.card) == "avatar"]

    @cached_property
    def mix(self) -> tuple[int, int]:
        """(resources, hazards) in the play deck, dual cards counted the way that fits."""
        r = self.rules
        return split_dual_cards(
            self.zone("play"),
            self.by_role["resource"],
            self.by_role["hazard"],
            r.get("resources_min"),
            r.get("resources_max"),
            r.get("fallen_wizard_dual_as_resources")
            if self.player_type == "fallen-wizard"
            else None,
        )


def build(
    found: list[tuple[DeckLine, CardRecord]],
    unknown: list[DeckLine],
    fmt: FormatDef,
    player_type: str | None,
) -> MetwDeck:
    entries: list[Entry] = []
    misplaced: list[Entry] = []
    moved: list[Entry] = []
    for line, card in found:
        zone, wrong = zone_for(line, card)
        entry = Entry(line, card, zone, line.count)
        entries.append(entry)
        if wrong:
            misplaced.append(entry)
        elif zone == "sites" and line.heading and is_category_heading(line.heading):
            moved.append(entry)
    return MetwDeck(fmt, player_type, entries, misplaced, moved)


def split_dual_cards(
    play: list[Entry],
    resources: int,
    hazards: int,
    lo: int | None,
    hi: int | None,
    max_as_resource: int | None,
) -> tuple[int, int]:
    """Resources and hazards once the dual cards are counted the way that fits the rules.

    CoE: a card that may be played as a resource or a hazard counts as either for deck
    construction (a Fallen-wizard at most ``max_as_resource`` copies of each as resources).
    The split that breaks fewest rules wins; ties keep the printed type (resource).
    """
    per_card: Counter[str] = Counter()
    for e in play:
        if e.card.alignment == "dual" and e.card.type == "resource" and not e.card.is_avatar:
            per_card[e.card.key] += e.count
    dual = sum(per_card.values())
    if not dual:
        return resources, hazards
    fixed = resources - dual
    most = sum(
        min(n, max_as_resource) if max_as_resource is not None else n for n in per_card.values()
    )

    def broken(k: int) -> int:
        res, haz = fixed + k, hazards + dual - k
        in_range = lo is None or hi is None or lo <= res <= hi
        return (res != haz) + (not in_range)

    best = min(range(most, -1, -1), key=broken)
    return fixed + best, hazards + dual - best


def sites_listed_elsewhere(deck: MetwDeck) -> list[Problem]:
    return sites_moved(deck.moved, "location_deck")


def wrong_section(deck: MetwDeck) -> list[Problem]:
    """A card under a heading its kind cannot be in (CoE 1.4–1.7)."""
    if not deck.misplaced:
        return []
    return [
        problem(
            "wrong_section",
            {
                "cards": items(
                    "misplaced",
                    [
                        {
                            "line": e.line.line_no,
                            "card": e.card.name,
                            "type": phrase(f"card_type:{e.card.type}"),
                            "heading": e.line.heading or e.line.section,
                        }
                        for e in deck.misplaced
                    ],
                    "; ",
                )
            },
            names(deck.misplaced),
            lines_of(deck.misplaced),
            source=deck.src(METW_SRC, "CoE 1.4–1.7"),
        )
    ]
