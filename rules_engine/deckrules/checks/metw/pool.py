"""The pool, or starting company (003 Part I §3 steps 3–4; CoE 1.7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.deckrules.cards import normalize_name
from rules_engine.deckrules.checks.metw.deck import METW_SRC, MetwDeck
from rules_engine.deckrules.formats import COE_FW_STAGE_POOL
from rules_engine.deckrules.messages import count, items, phrase, problem
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names, total


@dataclass
class PoolParts:
    characters: list[Entry]
    avatars: list[Entry]
    items: list[Entry]
    stage: list[Entry]
    other: list[Entry]
    in_lieu: set[str]
    stage_rule: Mapping[str, Any] | None

    @property
    def mind(self) -> int:
        return sum((e.card.mind or 0) * e.count for e in self.characters)


def pool_parts(deck: MetwDeck) -> PoolParts:
    pool = deck.zone("pool")
    r = deck.rules
    # An agent is a hazard "in all areas" for a Wizard or Balrog player: not a pool character.
    chars = [e for e in pool if deck.role(e.card) == "character"]
    avatars = [e for e in pool if e.card.is_avatar]
    in_lieu = {normalize_name(n) for n in r.get("pool_in_lieu_of_minor_item") or []}
    items = [
        e
        for e in pool
        if e.card.type == "resource" and (e.card.subtype == "item" or e.card.key in in_lieu)
    ]
    stage_rule = r.get("fw_stage_pool") if deck.player_type == "fallen-wizard" else None
    stage = [
        e
        for e in pool
        if stage_rule
        and e.card.type == "resource"
        and e.card.stage_points is not None
        and "Permanent-event" in (e.card.subtype_raw or "")
    ]
    placed = {id(e) for e in chars + avatars + items + stage}
    other = [e for e in pool if id(e) not in placed]
    return PoolParts(chars, avatars, items, stage, other, in_lieu, stage_rule)


def _pool_word(deck: MetwDeck) -> dict[str, str]:
    return phrase("in_the_pool" if deck.coe else "starting_characters")


def pool_characters(deck: MetwDeck) -> list[Problem]:
    chars = pool_parts(deck).characters
    n = total(chars)
    pmin, pmax = deck.rules.get("pool_min_characters", 0), deck.rules.get("pool_max_characters")
    if pmax is None or pmin <= n <= pmax:
        return []
    return [
        problem(
            "pool_characters",
            {
                "characters": count(n, "character"),
                "where": _pool_word(deck),
                "min": pmin,
                "max": pmax,
                "hint": phrase("" if deck.coe else "list_under_pool"),
            }
            | ({} if pmin else {"variant": "max"}),
            names(chars),
            lines_of(chars),
            source=deck.src(METW_SRC + " step 3", "CoE 1.7"),
        )
    ]


def pool_avatars(deck: MetwDeck) -> list[Problem]:
    avatars = pool_parts(deck).avatars
    if not avatars or deck.rules.get("pool_avatars_allowed"):
        return []
    return [
        problem(
            "pool_avatar",
            {"names": list(names(avatars))} | ({} if deck.coe else {"variant": "starter"}),
            names(avatars),
            lines_of(avatars),
            source=deck.src(METW_SRC + " step 3", "CoE 1.7"),
        )
    ]


def pool_mind(deck: MetwDeck) -> list[Problem]:
    parts = pool_parts(deck)
    max_mind = deck.rules.get("pool_max_mind")
    if max_mind is None or parts.mind <= max_mind:
        return []
    return [
        problem(
            "pool_mind",
            {"mind": parts.mind, "max": max_mind},
            names(parts.characters),
            lines_of(parts.characters),
            source=METW_SRC + " step 3",
        )
    ]


def pool_item_kind(deck: MetwDeck) -> list[Problem]:
    parts = pool_parts(deck)
    bad = [
        e
        for e in parts.items
        if e.card.key not in parts.in_lieu and (e.card.unique or e.card.item_class != "minor")
    ]
    if not bad:
        return []
    return [
        problem(
            "pool_item_kind",
            {"names": list(names(bad))},
            names(bad),
            lines_of(bad),
            source=deck.src(METW_SRC + " step 4", "CoE 1.7"),
        )
    ]


def pool_items(deck: MetwDeck) -> list[Problem]:
    parts = pool_parts(deck)
    n = total(parts.items)
    max_items = deck.rules.get("pool_max_minor_items", 2)
    if n <= max_items:
        return []
    in_lieu_used = parts.in_lieu and any(e.card.key in parts.in_lieu for e in parts.items)
    return [
        problem(
            "pool_items",
            {
                "items": count(n, "item"),
                "where": phrase("in_the_pool" if deck.coe else "with_starting_characters"),
                "max": max_items,
                "in_lieu": phrase("in_lieu" if in_lieu_used else ""),
            },
            names(parts.items),
            lines_of(parts.items),
            source=deck.src(METW_SRC + " step 4", "CoE 1.7"),
        )
    ]


def fw_stage_pool(deck: MetwDeck) -> list[Problem]:
    """CoE: a Fallen-wizard's pool holds Stage resources worth exactly three stage points."""
    parts = pool_parts(deck)
    if not parts.stage_rule:
        return []
    stage = parts.stage
    rule = {**COE_FW_STAGE_POOL, **parts.stage_rule}
    n = total(stage)
    points = sum((e.card.stage_points or 0) * e.count for e in stage)
    nonunique = sum(e.count for e in stage if not e.card.unique)
    want, max_cards, min_nonunique = rule["stage_points"], rule["max_cards"], rule["min_nonunique"]
    wrong: list[dict[str, Any]] = []
    if points != want:
        wrong.append({"_item": "stage_worth", "points": count(points, "stage_point"), "want": want})
    if n > max_cards:
        wrong.append({"_item": "stage_cards", "n": n, "max": max_cards})
    if nonunique < min_nonunique:
        wrong.append({"_item": "stage_none_nonunique"})
    if not wrong:
        return []
    listed = [{"count": e.count, "card": e.card.name, "points": e.card.stage_points} for e in stage]
    params: dict[str, Any] = {"max": max_cards, "want": want, "min_nonunique": min_nonunique}
    if stage:
        params |= {"listed": items("stage_card", listed), "wrong": items("", wrong, "; ")}
    else:
        params["variant"] = "empty"
    return [
        problem(
            "fw_stage_pool",
            params,
            names(stage),
            lines_of(stage),
            source="CoE 1.7 (a Fallen-wizard's Stage resources)",
        )
    ]


def pool_card_type(deck: MetwDeck) -> list[Problem]:
    parts = pool_parts(deck)
    if not parts.other:
        return []
    return [
        problem(
            "pool_card_type",
            {
                "names": list(names(parts.other)),
                "stage": phrase("and_fw_stage" if parts.stage_rule else ""),
            },
            names(parts.other),
            lines_of(parts.other),
            source=deck.src(METW_SRC + " steps 3–4", "CoE 1.7"),
        )
    ]
