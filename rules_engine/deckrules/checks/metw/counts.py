"""The numbers a METW verdict shows (play deck, mix, pool, sideboard, location deck)."""

from __future__ import annotations

from typing import Any

from rules_engine.deckrules.checks.metw.creatures import agent_mind, creature_count
from rules_engine.deckrules.checks.metw.deck import MetwDeck
from rules_engine.deckrules.checks.metw.pool import pool_parts
from rules_engine.deckrules.problems import total


def counts(deck: MetwDeck) -> dict[str, Any]:
    resources, hazards = deck.mix
    sites = deck.zone("sites")
    parts = pool_parts(deck)
    stage = (
        {"pool_stage_points": sum((e.card.stage_points or 0) * e.count for e in parts.stage)}
        if parts.stage_rule
        else {}
    )
    return {
        "player_type": deck.player_type,
        "play_deck": total(deck.zone("play")),
        "resources": resources,
        "hazards": hazards,
        "characters": deck.by_role["character"],
        "avatars": deck.by_role["avatar"],
        "creatures": creature_count(deck),
        "agents_mind": agent_mind(deck)[0],
        "pool": total(deck.zone("pool")),
        "pool_characters": total(parts.characters),
        "pool_mind": parts.mind,
        "pool_items": total(parts.items),
        **stage,
        "sideboard": total(deck.zone("sideboard")),
        "sideboard_fw": total(deck.zone("sideboard_fw")),
        "sites": total(sites, lambda e: e.card.type == "site"),
        "havens": total(sites, lambda e: e.card.is_haven),
        "regions": total(sites, lambda e: e.card.type == "region"),
        "total": total(deck.entries),
    }
