"""The pool, or starting company (003 Part I §3 steps 3–4; CoE 1.7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.deckrules.cards import normalize_name
from rules_engine.deckrules.checks.metw.deck import METW_SRC, MetwDeck
from rules_engine.deckrules.formats import COE_FW_STAGE_POOL
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names, plural, total


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


def _pool_word(deck: MetwDeck) -> str:
    return "in the pool" if deck.coe else "starting characters"


def pool_characters(deck: MetwDeck) -> list[Problem]:
    chars = pool_parts(deck).characters
    n = total(chars)
    pmin, pmax = deck.rules.get("pool_min_characters", 0), deck.rules.get("pool_max_characters")
    if pmax is None or pmin <= n <= pmax:
        return []
    return [
        Problem(
            "pool_characters",
            f"{plural(n, 'character')} {_pool_word(deck)}: "
            + (f"between {pmin} and {pmax}." if pmin else f"at most {pmax}.")
            + ("" if deck.coe else " List them under “Pool”."),
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
        Problem(
            "pool_avatar",
            f"{', '.join(names(avatars))}: "
            + (
                "the pool holds non-avatar characters only."
                if deck.coe
                else "no Wizards among the starting characters."
            ),
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
        Problem(
            "pool_mind",
            f"Starting characters' combined mind is {parts.mind}: at most {max_mind}.",
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
        Problem(
            "pool_item_kind",
            f"{', '.join(names(bad))}: only non-unique minor items may start the game.",
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
        Problem(
            "pool_items",
            f"{plural(n, 'item')} "
            f"{_pool_word(deck) if deck.coe else 'with the starting characters'}: "
            f"at most {max_items} minor items in total"
            + (
                " (cards played with the starting company in lieu of a minor item count)."
                if in_lieu_used
                else "."
            ),
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
    wrong: list[str] = []
    if points != want:
        wrong.append(f"they are worth {plural(points, 'stage point')}, not exactly {want}")
    if n > max_cards:
        wrong.append(f"{n} cards, at most {max_cards}")
    if nonunique < min_nonunique:
        wrong.append("none of them is non-unique")
    if not wrong:
        return []
    listed = ", ".join(f"{e.count} × {e.card.name} ({e.card.stage_points})" for e in stage)
    need = (
        f"up to {max_cards} Stage resource permanent-events worth exactly {want} stage "
        f"points, at least {min_nonunique} of them non-unique"
    )
    return [
        Problem(
            "fw_stage_pool",
            (
                f"A Fallen-wizard's pool needs {need} — it has {listed}: {'; '.join(wrong)}."
                if stage
                else f"The pool has no Stage resource permanent-events: add {need}."
            ),
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
        Problem(
            "pool_card_type",
            f"{', '.join(names(parts.other))}: the pool holds characters and minor items only"
            + (
                " (and a Fallen-wizard's Stage resource permanent-events)."
                if parts.stage_rule
                else "."
            ),
            names(parts.other),
            lines_of(parts.other),
            source=deck.src(METW_SRC + " steps 3–4", "CoE 1.7"),
        )
    ]
