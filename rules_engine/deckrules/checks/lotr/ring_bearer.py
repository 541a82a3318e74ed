"""The Ring-bearer and The One Ring (001 “Ring-bearer and The One Ring”)."""

from __future__ import annotations

from rules_engine.deckrules.checks.lotr.deck import LOTR_SRC, LotrDeck
from rules_engine.deckrules.messages import problem
from rules_engine.deckrules.problems import Problem, lines_of, names

_RB_SRC = LOTR_SRC + ", “Ring-bearer and The One Ring”"


def ring_bearer_present(deck: LotrDeck) -> list[Problem]:
    rbs = deck.zone("ring_bearer")
    if not rbs:
        return [
            problem(
                "ring_bearer_missing",
                {},
                source=_RB_SRC,
            )
        ]
    if len(rbs) > 1:
        return [
            problem(
                "ring_bearer_count",
                {"count": len(rbs), "names": list(names(rbs))},
                names(rbs),
                lines_of(rbs),
                source=LOTR_SRC,
            )
        ]
    return []


def ring_bearer_valid(deck: LotrDeck) -> list[Problem]:
    return [
        problem(
            "ring_bearer_invalid",
            {"card": e.card.name},
            (e.card.name,),
            (e.line.line_no,),
            source=_RB_SRC,
        )
        for e in deck.zone("ring_bearer")
        if not (e.card.can_be_ring_bearer or e.card.title_key == "frodo")
    ]


def ring_present(deck: LotrDeck) -> list[Problem]:
    if deck.zone("ring") or not deck.rules.get("ring_required", True):
        return []
    return [
        problem(
            "ring_missing",
            {},
            source=LOTR_SRC,
        )
    ]


def ring_valid(deck: LotrDeck) -> list[Problem]:
    return [
        problem(
            "ring_invalid",
            {"card": e.card.name},
            (e.card.name,),
            (e.line.line_no,),
            source=LOTR_SRC,
        )
        for e in deck.zone("ring")
        if e.card.type != "THE_ONE_RING"
    ]
