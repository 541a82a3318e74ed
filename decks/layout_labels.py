"""Words for a laid-out list and a metagame: the deck's parts, the card types, the sides
(rules_engine.deckrules.layout keeps keys only)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from decks.labels import player_type_name
from rules_engine.deckrules.layout import Archetype, Section

ZONE_NAMES = {
    "pool": _("Starting pool"),
    "play": _("Play deck"),
    "sideboard": _("Sideboard"),
    "sideboard_fw": _("Sideboard against Fallen-wizards"),
    "sites": _("Location deck"),
    "ring_bearer": _("Ring-bearer"),
    "ring": _("The One Ring"),
    "draw": _("Draw deck"),
    "main": _("Other cards"),
}
# LOTR TCG's sites are its adventure deck.
LOTR_ZONE_NAMES = {"sites": _("Adventure deck")}
TYPE_NAMES = {
    "character": _("Characters"),
    "resource": _("Resources"),
    "hazard": _("Hazards"),
    "site": _("Sites"),
    "region": _("Regions"),
    "COMPANION": _("Companions"),
    "ALLY": _("Allies"),
    "FOLLOWER": _("Followers"),
    "POSSESSION": _("Possessions"),
    "ARTIFACT": _("Artifacts"),
    "CONDITION": _("Conditions"),
    "EVENT": _("Events"),
    "MINION": _("Minions"),
    "SITE": _("Sites"),
    "THE_ONE_RING": _("The One Ring"),
}
SIDE_NAMES = {"free_peoples": _("Free Peoples"), "shadow": _("Shadow")}


def zone_name(game: str, zone: str) -> str:
    names = LOTR_ZONE_NAMES if game == "lotr-tcg" else {}
    return str(names.get(zone) or ZONE_NAMES.get(zone) or _("Other cards"))


def group_name(card_type: str, side: str | None) -> str:
    kind = str(TYPE_NAMES.get(card_type) or card_type.replace("_", " ").capitalize())
    return f"{SIDE_NAMES[side]}: {kind}" if side in SIDE_NAMES else kind


def sections_shown(game: str, sections: list[Section]) -> list[dict[str, Any]]:
    """The sections with their words, as the pages show them."""
    return [
        {
            "title": zone_name(game, s.zone),
            "count": s.count,
            "groups": [
                {"title": group_name(g.type, g.side), "count": g.count, "cards": g.cards}
                for g in s.groups
            ],
        }
        for s in sections
    ]


def archetype_label(game: str, key: tuple[str, ...]) -> str:
    """An archetype in words: "Wizard (hero) · Gandalf", "Frodo, Son of Drogo · Gondor /
    Moria"; a part the list does not show is left out."""
    if game == "metw" and key:
        parts = [player_type_name(key[0]) if key[0] else "", key[1] if len(key) > 1 else ""]
    elif game == "lotr-tcg" and key:
        cultures = " / ".join(c for c in key[1:] if c)
        parts = [key[0], cultures]
    else:
        parts = []
    return " · ".join(p for p in parts if p) or str(_("Not known"))


def archetype_rows(game: str, archetypes: list[Archetype]) -> list[dict[str, Any]]:
    return [
        {
            "label": archetype_label(game, a.key),
            "lists": a.lists,
            "share": round(a.share * 100),
            "players": a.players,
            "result": a.result,
            "best_rank": a.best_rank,
        }
        for a in archetypes
    ]
