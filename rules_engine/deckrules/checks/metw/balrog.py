"""CoE, Balrog player: Orc and Troll characters, mind under 9, animal factions, Balrog sites."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine.deckrules.cards import normalize_name
from rules_engine.deckrules.checks.metw.deck import MetwDeck
from rules_engine.deckrules.checks.metw.player_type import allowed_entries
from rules_engine.deckrules.formats import COE_BALROG_LIMITS
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names


def _race(e: Entry) -> str:
    return f"{e.card.name} ({e.card.race or 'no race'})"


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
    kinds: tuple[tuple[str, str, str, Callable[[Entry], str]], ...] = (
        ("race", "balrog_character_race", "A Balrog player's characters are Orcs or Trolls", _race),
        (
            "mind",
            "balrog_character_mind",
            f"A Balrog player's characters have mind {max_mind} or less unless Balrog-specific",
            lambda e: f"{e.card.name} (mind {e.card.mind})",
        ),
        (
            "faction",
            "balrog_faction",
            "A Balrog player's factions are Orc, Troll, Wolf, Animal or Dragon",
            _race,
        ),
        (
            "site",
            "balrog_site",
            "A Balrog player uses the Balrog version of these sites, not the minion one",
            lambda e: f"{e.card.name} ({e.card.set})",
        ),
    )
    return [
        Problem(
            code,
            f"{lead}: {', '.join(label(e) for e in bad[kind])}.",
            names(bad[kind]),
            lines_of(bad[kind]),
            source="CoE 1.3.x (Balrog player)",
        )
        for kind, code, lead, label in kinds
        if bad[kind]
    ]
