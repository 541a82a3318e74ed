"""A checked list laid out as registration sheets print it: the deck's parts in the
game's order, each with its count, its cards grouped by type, and the archetype the list
plays for an event's metagame.

Works on a verdict's card rows (``Verdict.cards``: line, count, name, type, zone, side ...)
so a list stored months ago lays out without being checked again. Keys only: the faces
put them in words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.deckrules.cards import LORE, LOTR_TCG, METW

# The parts of a deck in the order the game's registration sheets list them.
ZONE_ORDER = {
    METW: ("pool", "play", "sideboard", "sideboard_fw", "sites"),
    LOTR_TCG: ("ring_bearer", "ring", "draw", "sites"),
    LORE: ("play", "sideboard"),
}
TYPE_ORDER = {
    METW: ("character", "resource", "hazard", "site", "region"),
    LOTR_TCG: (
        "COMPANION",
        "ALLY",
        "FOLLOWER",
        "POSSESSION",
        "ARTIFACT",
        "CONDITION",
        "EVENT",
        "MINION",
        "SITE",
    ),
}
SIDE_ORDER = ("free_peoples", "shadow")


@dataclass
class Group:
    type: str
    side: str | None
    count: int = 0
    cards: list[tuple[int, str]] = field(default_factory=list)  # (copies, name), by name


@dataclass
class Section:
    zone: str
    count: int = 0
    groups: list[Group] = field(default_factory=list)


def _rank(order: tuple[str, ...], value: str | None) -> int:
    return order.index(value) if value in order else len(order)


def deck_sections(game: str, cards: Iterable[Mapping[str, Any]]) -> list[Section]:
    """The list's parts in the game's order, each card once with its copies added up."""
    copies: Counter[tuple[str, str, str | None, str]] = Counter()
    for row in cards:
        key = (row.get("zone") or "", row.get("type") or "", row.get("side"), row["name"])
        copies[key] += int(row.get("count") or 0)
    zones = ZONE_ORDER.get(game, ())
    types = TYPE_ORDER.get(game, ())
    sections: dict[str, Section] = {}
    groups: dict[tuple[str, str, str | None], Group] = {}
    for (zone, card_type, side, name), n in copies.items():
        section = sections.setdefault(zone, Section(zone))
        section.count += n
        group = groups.get((zone, card_type, side))
        if group is None:
            group = groups[(zone, card_type, side)] = Group(card_type, side)
            section.groups.append(group)
        group.count += n
        group.cards.append((n, name))
    for section in sections.values():
        section.groups.sort(key=lambda g: (_rank(SIDE_ORDER, g.side), _rank(types, g.type), g.type))
        for group in section.groups:
            group.cards.sort(key=lambda c: c[1].casefold())
    return sorted(sections.values(), key=lambda s: (_rank(zones, s.zone), s.zone))


def _top(counts: Mapping[str, int]) -> str | None:
    best = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return best[0][0] if best and best[0][1] > 0 else None


def lotr_archetype(counts: Mapping[str, Any]) -> tuple[str, str, str]:
    """(ring-bearer, main Free Peoples culture, main Shadow culture) of a LOTR TCG list."""
    by_culture = counts.get("by_culture") or {}
    fp = {c: sides.get("free_peoples", 0) for c, sides in by_culture.items()}
    shadow = {c: sides.get("shadow", 0) for c, sides in by_culture.items()}
    return (counts.get("ring_bearer") or "", _top(fp) or "", _top(shadow) or "")


def metw_archetype(player_type: str | None, avatars: Iterable[str]) -> tuple[str, str]:
    """(player type, avatar) of a METW list: the avatar the list holds most copies of."""
    held = Counter(avatars)
    return (player_type or "", _top(held) or "")


@dataclass
class Result:
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0


@dataclass
class Archetype:
    key: tuple[str, ...]
    lists: int = 0
    share: float = 0.0  # of the lists of the event, 0..1
    players: list[str] = field(default_factory=list)
    result: Result = field(default_factory=Result)
    best_rank: int | None = None


def metagame(
    entries: Iterable[tuple[tuple[str, ...], str, Result | None, int | None]],
) -> list[Archetype]:
    """Each archetype's lists, share of the field and results, most played first.

    ``entries``: (archetype key, player name, the player's result, the player's rank)."""
    groups: dict[tuple[str, ...], Archetype] = {}
    total = 0
    for key, player, result, rank in entries:
        total += 1
        group = groups.setdefault(key, Archetype(key))
        group.lists += 1
        group.players.append(player)
        if result is not None:
            group.result.points += result.points
            group.result.wins += result.wins
            group.result.losses += result.losses
            group.result.draws += result.draws
        if rank is not None and (group.best_rank is None or rank < group.best_rank):
            group.best_rank = rank
    for group in groups.values():
        group.share = group.lists / total if total else 0.0
        group.players.sort(key=str.casefold)
    return sorted(groups.values(), key=lambda g: (-g.lists, g.best_rank or 10**9, g.key))
