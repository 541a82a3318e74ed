"""A format's own lists (GEMP): sets, bans, restricted (one copy), limit2 / limit3."""

from __future__ import annotations

from collections import defaultdict

from rules_engine.deckrules.cards import CardRecord, normalize_name
from rules_engine.deckrules.checks.lotr.deck import LOTR_SRC, LotrDeck
from rules_engine.deckrules.checks.lotr.draw_deck import by_title
from rules_engine.deckrules.messages import items, problem
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names, total


def ids_of(card: CardRecord) -> set[str]:
    return {card.id, card.rules_identity, *card.alternate_ids}


def set_order(code: str) -> int:
    return int(code) if code.isdigit() else 999


def restricted_copies(deck: LotrDeck) -> list[Problem]:
    by_identity: dict[str, list[Entry]] = defaultdict(list)
    for e in deck.everything:
        by_identity[e.card.rules_identity].append(e)
    out = []
    for list_key, limit in (("restricted", 1), ("limit2", 2), ("limit3", 3)):
        listed = set(deck.rules.get(list_key) or [])
        out += [
            problem(
                "copies_restricted",
                {
                    "variant": "one" if limit == 1 else "",
                    "count": total(es),
                    "card": es[0].card.name,
                    "format": deck.fmt.name,
                    "max": limit,
                },
                names(es),
                lines_of(es),
                source=deck.fmt.source,
            )
            for es in by_identity.values()
            if listed and ids_of(es[0].card) & listed and total(es) > limit
        ]
    return out


def restricted_titles(deck: LotrDeck) -> list[Problem]:
    restricted = {normalize_name(n) for n in deck.rules.get("restricted_names") or []}
    return [
        problem(
            "copies_restricted",
            {
                "variant": "title",
                "count": total(es),
                "card": es[0].card.title,
                "format": deck.fmt.name,
            },
            names(es),
            lines_of(es),
            source=deck.fmt.source,
        )
        for key, es in by_title(deck).items()
        if key in restricted and total(es) > 1
    ]


def banned(deck: LotrDeck) -> list[Problem]:
    listed = set(deck.rules.get("banned") or [])
    hit = [e for e in deck.everything if ids_of(e.card) & listed]
    if not hit:
        return []
    return [
        problem(
            "banned",
            {"format": deck.fmt.name, "names": list(names(hit))},
            names(hit),
            lines_of(hit),
            source=deck.fmt.source,
        )
    ]


def not_in_format(deck: LotrDeck) -> list[Problem]:
    sets = set(deck.rules.get("sets") or [])
    always = set(deck.rules.get("always_valid") or [])
    outside = [
        e for e in deck.everything if e.card.set not in sets and not (ids_of(e.card) & always)
    ]
    if not sets or not outside:
        return []
    return [
        problem(
            "not_in_format",
            {
                "variant": "sets",
                "format": deck.fmt.name,
                "sets": sorted(sets, key=set_order),
                "cards": items(
                    "card_set", [{"card": e.card.name, "set": e.card.set} for e in outside]
                ),
            },
            names(outside),
            lines_of(outside),
            source=LOTR_SRC.replace("Building your deck", "Formats"),
        )
    ]
