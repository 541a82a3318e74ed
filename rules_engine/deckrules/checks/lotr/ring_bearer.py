"""The Ring-bearer and The One Ring (001 “Ring-bearer and The One Ring”)."""

from __future__ import annotations

from rules_engine.deckrules.checks.lotr.deck import LOTR_SRC, LotrDeck
from rules_engine.deckrules.problems import Problem, lines_of, names

_RB_SRC = LOTR_SRC + ", “Ring-bearer and The One Ring”"


def ring_bearer_present(deck: LotrDeck) -> list[Problem]:
    rbs = deck.zone("ring_bearer")
    if not rbs:
        return [
            Problem(
                "ring_bearer_missing",
                "No Ring-bearer: add a line “Ring-bearer: Frodo, Son of Drogo” (any character "
                "with the ringed resistance icon, or any version of Frodo).",
                source=_RB_SRC,
            )
        ]
    if len(rbs) > 1:
        return [
            Problem(
                "ring_bearer_count",
                f"{len(rbs)} Ring-bearers ({', '.join(names(rbs))}): exactly one.",
                names(rbs),
                lines_of(rbs),
                source=LOTR_SRC,
            )
        ]
    return []


def ring_bearer_valid(deck: LotrDeck) -> list[Problem]:
    return [
        Problem(
            "ring_bearer_invalid",
            f"{e.card.name} cannot be the Ring-bearer: only a character with the ringed "
            "resistance icon, or any version of Frodo.",
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
        Problem(
            "ring_missing",
            "No One Ring: add a line “Ring: The One Ring, The Ruling Ring” (any version).",
            source=LOTR_SRC,
        )
    ]


def ring_valid(deck: LotrDeck) -> list[Problem]:
    return [
        Problem(
            "ring_invalid",
            f"{e.card.name} is not a version of The One Ring.",
            (e.card.name,),
            (e.line.line_no,),
            source=LOTR_SRC,
        )
        for e in deck.zone("ring")
        if e.card.type != "THE_ONE_RING"
    ]
