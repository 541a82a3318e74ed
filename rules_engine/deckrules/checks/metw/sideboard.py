"""The sideboards (003 Part II §1–2; CoE 1.6.1)."""

from __future__ import annotations

from rules_engine.deckrules.checks.metw.deck import METW_SB_SRC, MetwDeck
from rules_engine.deckrules.messages import count, problem
from rules_engine.deckrules.problems import Problem, names, total


def sideboard_size(deck: MetwDeck) -> list[Problem]:
    sideboard = total(deck.zone("sideboard"))
    sb_max = deck.rules.get("sideboard_max", 0)
    if sideboard <= sb_max:
        return []
    params = (
        {"variant": "none", "cards": count(sideboard, "sideboard_card")}
        if sb_max == 0
        else {"cards": count(sideboard, "card"), "max": sb_max}
    )
    return [
        problem(
            "sideboard_size",
            params,
            names(deck.zone("sideboard")) if sb_max == 0 else (),
            source=deck.src(METW_SB_SRC, "CoE 1.6.1"),
        )
    ]


def sideboard_fw_size(deck: MetwDeck) -> list[Problem]:
    """CoE: the extra sideboard a player may keep against Fallen-wizards."""
    sideboard_fw = total(deck.zone("sideboard_fw"))
    fw_max = deck.rules.get("sideboard_fw_max", 0)
    if sideboard_fw <= fw_max:
        return []
    return [
        problem(
            "sideboard_fw_size",
            {"cards": count(sideboard_fw, "card"), "max": fw_max},
            source="CoE 1.6.1",
        )
    ]
