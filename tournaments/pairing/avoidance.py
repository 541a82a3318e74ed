"""Pairs to avoid (family, same club; an event setting) inside the pairing.

The pairing functions already keep previous opponents apart, so a pair to avoid is given
to them as if the two had met: the Swiss pairing never pairs them, the pods' search
treats them like a repeat. They are added only to the pairing's input, never to the
results, so they do not count as played for tiebreaks or opponents' points.

When the pairs cannot all be kept apart (two players left, a small last round) the
round is paired anyway with as many of them kept as the greedy order allows, and the
round's explanation says which were not: the director decides, not the algorithm.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from tournaments.pairing import PairingImpossible, PairingPlayer
from tournaments.pairing.hand_notes import AVOID_BROKEN, AVOID_KEPT, PAIRED_DOWN_AVOIDING
from tournaments.pairing.items import PairingItem, pair_in

# Beyond this many pairs the greedy search (one pairing per pair) is not tried: all or none.
GREEDY_LIMIT = 32


Pair = tuple[str, str]


P = TypeVar("P")


def pairs_among(avoid_pairs: Iterable[Sequence[Any]], ids: Iterable[str]) -> list[Pair]:
    """The stored pairs whose two players are both being paired, as sorted id strings."""
    present = set(ids)
    out: list[Pair] = []
    for pair in avoid_pairs:
        a, b = sorted(str(x) for x in pair)
        if a in present and b in present and (a, b) not in out:
            out.append((a, b))
    return out


def with_avoided(players: Sequence[PairingPlayer], pairs: Iterable[Pair]) -> list[PairingPlayer]:
    """The players with each pair to avoid added to their 'met before' sets."""
    extra: dict[str, set[str]] = {}
    for a, b in pairs:
        extra.setdefault(a, set()).add(b)
        extra.setdefault(b, set()).add(a)
    return [
        dataclasses.replace(p, opponents=p.opponents | extra[p.id]) if p.id in extra else p
        for p in players
    ]


def seated_together(tables: Iterable[Sequence[str]], pairs: Iterable[Pair]) -> list[Pair]:
    """The pairs to avoid that share a table of this pairing."""
    table_of = {pid: n for n, table in enumerate(tables) for pid in table}
    return [(a, b) for a, b in pairs if a in table_of and table_of.get(a) == table_of.get(b)]


def pair_avoiding(
    pair: Callable[[list[PairingPlayer]], P],
    players: Sequence[PairingPlayer],
    pairs: Sequence[Pair],
) -> P:
    """Pair with every pair to avoid kept apart; if no pairing does that, keep as many as
    a greedy pass (in the order the director entered them) can, and pair anyway."""
    try:
        return pair(with_avoided(players, pairs))
    except PairingImpossible:
        if not pairs:
            raise
    kept: list[Pair] = []
    best: P | None = None
    if len(pairs) <= GREEDY_LIMIT:
        for candidate in pairs:
            try:
                best = pair(with_avoided(players, [*kept, candidate]))
            except PairingImpossible:
                continue
            kept.append(candidate)
    return best if best is not None else pair(list(players))


def explain_avoidance(
    items: list[PairingItem],
    tables: Iterable[Sequence[str]],
    pairs: Sequence[Pair],
    players: Sequence[PairingPlayer],
) -> list[PairingItem]:
    """The pairing's explanation with the pairs to avoid told apart from real rematches
    (they were given to the pairing as 'met before'; ``players`` are the real records),
    plus one item saying the pairs were kept apart, or which could not be."""
    if not pairs:
        return items
    met = {p.id: p.opponents for p in players}
    fake = {frozenset(p) for p in pairs if p[1] not in met.get(p[0], frozenset())}
    broken = seated_together(tables, pairs)
    score = {p.id: p.score for p in players}
    out: list[PairingItem] = []
    for item in items:
        item = _paired_down_by_avoidance(item.copy(), fake, score)
        if item.get("code") == "rematch_avoided" and item.get("met"):
            item["met"] = [m for m in item["met"] if frozenset(m) not in fake]
        if item.get("code") == "repeated_opponents":
            item["pairs"] = [p for p in item.get("pairs", []) if frozenset(p[1:]) not in fake]
            item["count"] -= sum(1 for p in broken if frozenset(p) in fake)
            if item["count"] <= 0:
                item = {"code": "nobody_meets_again"}
        out.append(item)
    if broken:
        out.append({"code": AVOID_BROKEN, "pairs": [list(p) for p in broken]})
    else:
        out.append({"code": AVOID_KEPT, "count": len(pairs)})
    return out


def _paired_down_by_avoidance(
    item: PairingItem, fake: set[frozenset[str]], score: dict[str, int]
) -> PairingItem:
    """A Swiss "paired down" item the pairing blamed on earlier games, told as the pair to
    avoid it is when the player paired down is kept from a partner closer in score than
    the one he got only by a pair to avoid (the two have not played each other)."""
    if item.get("code") != "paired_down" or item.get("reason") != "rematch":
        return item
    (a, b), (high, low) = pair_in(item), item["scores"]
    if high < low:
        a, b, high, low = b, a, low, high
    kept = sorted(
        sorted(pair)
        for pair in fake
        if a in pair and b not in pair and low < score.get(next(iter(pair - {a})), low) <= high
    )
    if not kept:
        return item
    return {
        "code": PAIRED_DOWN_AVOIDING,
        "players": item["players"],
        "scores": item["scores"],
        "kept_apart": kept,
    }
