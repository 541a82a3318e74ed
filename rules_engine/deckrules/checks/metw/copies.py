"""Copies of one card (003 Part I §2–3, Part II §2; CoE 1.3.1)."""

from __future__ import annotations

from collections import defaultdict

from rules_engine.deckrules.cards import CardRecord
from rules_engine.deckrules.checks.metw.deck import MetwDeck
from rules_engine.deckrules.messages import phrase, problem
from rules_engine.deckrules.problems import Entry, Problem, lines_of, total


def _copy_zones(deck: MetwDeck) -> list[str]:
    return deck.rules.get("copy_zones") or ["play", "pool"]


def _scope(deck: MetwDeck) -> dict[str, str]:
    zones = _copy_zones(deck)
    if "sites" in zones:
        return phrase("scope:whole")
    if "sideboard" in zones:
        return phrase("scope:with_sideboard")
    return phrase("scope:play_and_pool")


def _groups(deck: MetwDeck) -> list[list[Entry]]:
    """The counted cards grouped by card, avatars left to their own rule."""
    by_key: dict[str, list[Entry]] = defaultdict(list)
    for z in _copy_zones(deck):
        for e in deck.zone(z):
            # Sites have their own rule (one of each non-Haven site); regions none.
            if e.card.type not in ("site", "region"):
                by_key[e.card.key].append(e)
    return [es for es in by_key.values() if not any(e.card.is_avatar for e in es)]


def _fw_limit(deck: MetwDeck) -> int | None:
    if deck.player_type != "fallen-wizard":
        return None
    return deck.rules.get("fallen_wizard_nonunique_limit")


def _nonunique_limit(deck: MetwDeck, card: CardRecord) -> int:
    limit = deck.rules.get("nonunique_limit", 3)
    fw_limit = _fw_limit(deck)
    if fw_limit is not None and (
        card.type == "character"
        or (card.type == "resource" and card.alignment in ("hero", "minion"))
    ):
        limit = min(limit, fw_limit)
    return limit


def unique_copies(deck: MetwDeck) -> list[Problem]:
    limit = deck.rules.get("unique_limit", 1)
    scope = _scope(deck)
    out = []
    for es in _groups(deck):
        n = total(es)
        if any(e.card.unique for e in es) and n > limit:
            name = es[0].card.name
            out.append(
                problem(
                    "copies_unique",
                    {"count": n, "card": name, "scope": scope},
                    (name,),
                    lines_of(es),
                    source=deck.src("003 Part I §2 “Unique”, §3 step 2", "CoE 1.3.1"),
                )
            )
    return out


def nonunique_copies(deck: MetwDeck) -> list[Problem]:
    scope = _scope(deck)
    fw_limit = _fw_limit(deck)
    out = []
    for es in _groups(deck):
        if any(e.card.unique for e in es):
            continue
        n, name = total(es), es[0].card.name
        limit = _nonunique_limit(deck, es[0].card)
        if n <= limit:
            continue
        fw_note = phrase("fw_two" if fw_limit is not None and limit == fw_limit else "")
        out.append(
            problem(
                "copies_nonunique",
                {"count": n, "card": name, "max": limit, "scope": scope, "fw": fw_note},
                (name,),
                lines_of(es),
                source=deck.src("003 Part I §3 step 2", "CoE 1.3.1"),
            )
        )
    return out
