"""The draw deck (001 Section One, “Draw Deck”)."""

from __future__ import annotations

from collections import defaultdict

from rules_engine.deckrules.checks.lotr.deck import LOTR_SRC, LotrDeck
from rules_engine.deckrules.messages import count, problem
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names, total

_DRAW_SRC = LOTR_SRC + ", “Draw Deck”"


def ring_in_draw_deck(deck: LotrDeck) -> list[Problem]:
    rings = [e for e in deck.zone("draw") if e.card.type == "THE_ONE_RING"]
    if not rings:
        return []
    return [
        problem(
            "ring_in_draw_deck",
            {"count": total(rings)},
            names(rings),
            lines_of(rings),
            source=_DRAW_SRC,
        )
    ]


def card_types(deck: LotrDeck) -> list[Problem]:
    others = [
        e
        for e in deck.zone("draw")
        if e.card.side not in ("free_peoples", "shadow") and e.card.type != "THE_ONE_RING"
    ]
    if not others:
        return []
    return [
        problem(
            "draw_deck_card_type",
            {"names": list(names(others))},
            names(others),
            lines_of(others),
            source=_DRAW_SRC,
        )
    ]


def draw_size(deck: LotrDeck) -> list[Problem]:
    size = total(deck.zone("draw"))
    min_draw = deck.rules.get("min_draw_deck", 60)
    if size >= min_draw:
        return []
    return [
        problem(
            "draw_deck_size",
            {"cards": count(size, "card"), "min": min_draw},
            source=_DRAW_SRC,
        )
    ]


def fp_shadow_equal(deck: LotrDeck) -> list[Problem]:
    draw = deck.zone("draw")
    fp = total(draw, lambda e: e.card.side == "free_peoples")
    shadow = total(draw, lambda e: e.card.side == "shadow")
    if not deck.rules.get("fp_shadow_must_be_equal", True) or fp == shadow:
        return []
    return [
        problem(
            "fp_shadow_equal",
            {"free_peoples": count(fp, "free_peoples_card"), "shadow": shadow},
            source=_DRAW_SRC,
        )
    ]


def by_title(deck: LotrDeck) -> dict[str, list[Entry]]:
    out: dict[str, list[Entry]] = defaultdict(list)
    for e in deck.zone("draw"):
        out[e.card.title_key].append(e)
    return out


def title_copies(deck: LotrDeck) -> list[Problem]:
    """At most four of one title; the Ring-bearer's title one fewer beside him."""
    max_title = deck.rules.get("max_copies_per_title", 4)
    rb_limit = deck.rules.get("ring_bearer_draw_copies", max_title - 1)
    rb_titles = {e.card.title_key for e in deck.zone("ring_bearer")}
    out = []
    for key, es in by_title(deck).items():
        n = total(es)
        title = es[0].card.title or es[0].card.name
        if key in rb_titles and n > rb_limit:
            out.append(
                problem(
                    "copies_ring_bearer",
                    {"count": n, "card": title, "max": rb_limit},
                    names(es),
                    lines_of(es),
                    source=_DRAW_SRC,
                )
            )
        elif n > max_title:
            out.append(
                problem(
                    "copies_title",
                    {"count": n, "card": title, "max": max_title},
                    names(es),
                    lines_of(es),
                    source=_DRAW_SRC,
                )
            )
    return out
