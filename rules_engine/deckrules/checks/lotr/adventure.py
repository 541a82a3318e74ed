"""The adventure deck: nine different sites along the format's path (001 “Adventure Deck”)."""

from __future__ import annotations

from collections import defaultdict

from rules_engine.deckrules.checks.lotr.deck import LOTR_SRC, LotrDeck
from rules_engine.deckrules.formats import NUMBERED_SITE_RULES
from rules_engine.deckrules.messages import count, items, phrase, problem
from rules_engine.deckrules.problems import Entry, Problem, lines_of, names, total

_SRC = LOTR_SRC + ", “Adventure Deck”"

BLOCK_NAMES = {
    "FELLOWSHIP": "Fellowship block",
    "TWO_TOWERS": "Towers block",
    "KING": "King block",
    "HOBBIT": "Hobbit",
    "SHADOWS": "Shadows (set 11 on)",
}


def _block(block: str | None) -> dict[str, str] | str:
    """A site block inside a message (a phrase the faces translate)."""
    return phrase(f"block:{block}") if block in BLOCK_NAMES else str(block)


def _per_card(deck: LotrDeck) -> dict[str, list[Entry]]:
    out: dict[str, list[Entry]] = defaultdict(list)
    for e in deck.zone("sites"):
        out[e.card.key].append(e)
    return out


def site_count(deck: LotrDeck) -> list[Problem]:
    n = total(deck.zone("sites"))
    want = deck.fmt.rule("site_count", 9)
    if n == want:
        return []
    return [
        problem(
            "sites_count",
            {"sites": count(n, "site"), "want": want},
            source=_SRC,
        )
    ]


def sites_different(deck: LotrDeck) -> list[Problem]:
    dups = [(es[0].card.name, total(es), es) for es in _per_card(deck).values() if total(es) > 1]
    if not dups:
        return []
    return [
        problem(
            "sites_duplicate",
            {"copies": items("copies_card", [{"count": c, "card": name} for name, c, _ in dups])},
            tuple(name for name, _, _ in dups),
            lines_of([e for _, _, es in dups for e in es]),
            source=_SRC,
        )
    ]


def _block_label(block: str | None) -> str:
    return BLOCK_NAMES.get(block or "", str(block))


def _mixed_blocks(deck: LotrDeck) -> Problem:
    sites = deck.zone("sites")
    blocks = {e.card.site_block for e in sites}
    return problem(
        "site_block",
        {
            "variant": "mixed",
            "blocks": items(
                "block", [{"block": _block(b)} for b in sorted(blocks, key=_block_label)]
            ),
        },
        names(sites),
        lines_of(sites),
        source=deck.fmt.source,
    )


def _wrong_block(deck: LotrDeck, rule: str) -> list[Problem]:
    wrong = [e for e in deck.zone("sites") if e.card.site_block != rule]
    if not wrong:
        return []
    return [
        problem(
            "site_block",
            {
                "block": _block(rule),
                "sites": items(
                    "card_paren",
                    [{"card": e.card.name, "what": _block(e.card.site_block)} for e in wrong],
                ),
            },
            names(wrong),
            lines_of(wrong),
            source=_SRC,
        )
    ]


def _site_numbers(deck: LotrDeck, distinct: list[Entry]) -> list[Problem]:
    """Fellowship, Towers, King, Hobbit: one site for each site number 1–9."""
    by_number: dict[int | None, list[Entry]] = defaultdict(list)
    for e in distinct:
        by_number[e.card.site_number].append(e)
    doubled = {k: v for k, v in by_number.items() if k is not None and len(v) > 1}
    complete = total(deck.zone("sites")) == deck.fmt.rule("site_count", 9)
    missing = [k for k in range(1, 10) if k not in by_number] if complete else []
    if not doubled and not missing:
        return []
    parts: list[dict] = [
        {"_item": "site_twice", "number": k, "names": [e.card.name for e in v]}
        for k, v in sorted(doubled.items())
    ]
    if missing:
        parts.append({"_item": "site_missing", "numbers": missing})
    bad = [e for v in doubled.values() for e in v]
    return [
        problem(
            "site_numbers",
            {"parts": items("", parts, "; ")},
            names(bad),
            lines_of(bad),
            source=_SRC,
        )
    ]


def _shadow_numbers(deck: LotrDeck, distinct: list[Entry]) -> list[Problem]:
    """Shadows path: at most three sites with one Shadow number."""
    max_same = deck.fmt.rule("max_sites_per_shadow_number", 3)
    by_shadow: dict[int | None, list[Entry]] = defaultdict(list)
    for e in distinct:
        by_shadow[e.card.shadow_number].append(e)
    over = {k: v for k, v in by_shadow.items() if len(v) > max_same}
    if not over:
        return []
    bad = [e for v in over.values() for e in v]
    return [
        problem(
            "site_shadow_number",
            {
                "max": max_same,
                "groups": items(
                    "shadow_group",
                    [
                        {"count": len(v), "number": k, "names": [e.card.name for e in v]}
                        for k, v in sorted(over.items(), key=lambda kv: kv[0] or 0)
                    ],
                    "; ",
                ),
            },
            names(bad),
            lines_of(bad),
            source=_SRC,
        )
    ]


def site_path(deck: LotrDeck) -> list[Problem]:
    """The sites follow the format's path (a block's numbered sites, or Shadows numbers)."""
    sites = deck.zone("sites")
    rule = deck.fmt.rule("site_rule")
    if not sites or rule is None:
        return []
    if rule == "MULTIPATH":
        blocks = {e.card.site_block for e in sites}
        if len(blocks) > 1:
            return [_mixed_blocks(deck)]
        rule = next(iter(blocks)) or "SHADOWS"
    if rule not in BLOCK_NAMES:
        return []  # a site rule the texts do not describe (e.g. GEMP's SECOND_ED): count only
    distinct = [es[0] for es in _per_card(deck).values()]
    numbers = _site_numbers if rule in NUMBERED_SITE_RULES else _shadow_numbers
    return _wrong_block(deck, rule) + numbers(deck, distinct)
