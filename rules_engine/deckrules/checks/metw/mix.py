"""The play deck's mix of resources and hazards (003 Part I §3 step 2; CoE 1.5)."""

from __future__ import annotations

from rules_engine.deckrules.checks.metw.deck import METW_SRC, MetwDeck
from rules_engine.deckrules.messages import count, problem
from rules_engine.deckrules.problems import Problem


def resources_count(deck: MetwDeck) -> list[Problem]:
    lo, hi = deck.rules.get("resources_min"), deck.rules.get("resources_max")
    resources, _ = deck.mix
    if lo is None or hi is None or lo <= resources <= hi:
        return []
    return [
        problem(
            "resources_count",
            {"resources": count(resources, "resource"), "min": lo, "max": hi},
            source=deck.src(METW_SRC + " step 2", "CoE 1.5"),
        )
    ]


def resources_equal_hazards(deck: MetwDeck) -> list[Problem]:
    resources, hazards = deck.mix
    if not deck.rules.get("resources_equal_hazards", True) or resources == hazards:
        return []
    return [
        problem(
            "resources_hazards_equal",
            {"resources": count(resources, "resource"), "hazards": count(hazards, "hazard")},
            source=deck.src(METW_SRC + " step 2", "CoE 1.5"),
        )
    ]
