"""CoE, Balrog player: Orc and Troll characters, mind under 9, animal factions, Balrog sites."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine.deckrules.cards import normalize_name
from rules_engine.deckrules.checks.metw.deck import MetwDeck
from rules_engine.deckrules.checks.metw.player_type import allowed_entries
from rules_engine.deckrules.formats import COE_BALROG_LIMITS
from rules_engine.deckrules.messages import items, phrase, problem
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names


def _race(e: Entry) -> dict[str, Any]:
    return {"_item": "card_paren", "card": e.card.name, "what": e.card.race or phrase("no_race")}


def _breaches(deck: MetwDeck, limits: dict[str, Any]) -> dict[str, list[Entry]]:
    races = set(limits["character_races"])
    faction_races = set(limits["faction_races"])
    needing = {normalize_name(n) for n in limits["sites_needing_balrog_version"]}
    out: dict[str, list[Entry]] = {"race": [], "mind": [], "faction": [], "site": []}
    for e in allowed_entries(deck):
        c = e.card
        kind = deck.role(c)
        if kind == "character":
            if c.race not in races:
                out["race"].append(e)
            if (c.mind or 0) > limits["max_character_mind"] and c.specific_to != "Balrog":
                out["mind"].append(e)
        elif kind == "resource" and c.subtype == "faction" and c.race not in faction_races:
            out["faction"].append(e)
        elif c.type == "site" and c.alignment == "minion" and c.key in needing:
            out["site"].append(e)
    return out


def balrog_limits(deck: MetwDeck) -> list[Problem]:
    if deck.player_type != "balrog" or not deck.rules.get("balrog_limits"):
        return []
    # A custom format stored before its table had every key still gets the CoE's values.
    limits = {**COE_BALROG_LIMITS, **deck.rules["balrog_limits"]}
    max_mind = limits["max_character_mind"]
    bad = _breaches(deck, limits)
    kinds: tuple[tuple[str, str, Callable[[Entry], dict[str, Any]]], ...] = (
        ("race", "balrog_character_race", _race),
        (
            "mind",
            "balrog_character_mind",
            lambda e: {"_item": "card_mind", "card": e.card.name, "mind": e.card.mind},
        ),
        ("faction", "balrog_faction", _race),
        (
            "site",
            "balrog_site",
            lambda e: {"_item": "card_paren", "card": e.card.name, "what": e.card.set},
        ),
    )
    return [
        problem(
            code,
            {"max": max_mind, "cards": items("", [label(e) for e in bad[kind]])},
            names(bad[kind]),
            lines_of(bad[kind]),
            source="CoE 1.3.x (Balrog player)",
        )
        for kind, code, label in kinds
        if bad[kind]
    ]
