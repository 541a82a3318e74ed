"""Creatures among the hazards and the agents' mind (CoE 1.5.1, 1.3.2)."""

from __future__ import annotations

from rules_engine.deckrules.cards import CardRecord
from rules_engine.deckrules.checks.metw.deck import MetwDeck
from rules_engine.deckrules.messages import count, problem
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names


def _creature_weight(card: CardRecord, deck: MetwDeck) -> int:
    """2 for a creature, 1 for one that counts half, 0 for a hazard that is no creature."""
    markers = deck.rules.get("half_creature_markers") or []
    # "/" marks a creature also playable as an event; the words mark dragon manifestations.
    name_marks = [m.lower() for m in markers if m != "/"]
    raw = card.subtype_raw or ""
    if card.is_agent or (card.type == "character" and card.alignment == "neutral"):
        return 1
    if any(m in card.name.lower() for m in name_marks):
        # Dragon manifestations are long- or permanent-events, yet count half a creature.
        return 1
    if card.subtype == "creature" or "creature" in raw.lower():
        return 1 if "/" in markers and "/" in raw else 2
    half_events = deck.rules.get("half_creature_events") or []
    if "Permanent-event" in raw and any(m in card.name for m in half_events):
        return 1
    return 0


def creature_count(deck: MetwDeck) -> int:
    full = half = 0
    for e in deck.zone("play"):
        if deck.role(e.card) != "hazard":
            continue
        weight = _creature_weight(e.card, deck)
        if weight == 2:
            full += e.count
        elif weight == 1:
            half += e.count
    # CoE: the half creatures are "rounded down" once summed.
    return full + half // 2


def creatures_min(deck: MetwDeck) -> list[Problem]:
    min_creatures = deck.rules.get("min_creatures")
    if min_creatures is None:
        return []
    creatures = creature_count(deck)
    if creatures >= min_creatures:
        return []
    return [
        problem(
            "creatures_min",
            {"creatures": count(creatures, "creature"), "min": min_creatures},
            source="CoE 1.5.1",
        )
    ]


def agent_mind(deck: MetwDeck) -> tuple[int, list[Entry]]:
    agents = [
        e
        for z in ("play", "pool", "sideboard", "sideboard_fw")
        for e in deck.zone(z)
        if e.card.is_agent
    ]
    return sum((e.card.mind or 0) * e.count for e in agents), agents


def agents_mind(deck: MetwDeck) -> list[Problem]:
    max_mind = deck.rules.get("max_agent_mind")
    mind, agents = agent_mind(deck)
    if max_mind is None or mind <= max_mind:
        return []
    return [
        problem(
            "agents_mind",
            {"mind": mind, "names": list(names(agents)), "max": max_mind},
            names(agents),
            lines_of(agents),
            source="CoE 1.3.2",
        )
    ]
