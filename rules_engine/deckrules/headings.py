"""Section headings of a deck list: which words open which part of a deck, per game.

METW: pool / play / sideboard / sideboard_fw / sites. LOTR TCG: ring_bearer / ring / draw /
sites. LoRE: play / sideboard.
"""

from __future__ import annotations

import re

from rules_engine.deckrules.cards import LORE, LOTR_TCG, METW, normalize_name

_HEADING_COUNT = re.compile(r"[\s:]*[(\[]?\s*(\d{1,4})\s*(?:cards?)?\s*[)\]]?\s*:?$", re.IGNORECASE)


_METW_PLAY_HEADINGS = {
    "deck",
    "playdeck",
    "resource",
    "resources",
    "hazard",
    "hazards",
    "character",
    "characters",
    "avatar",
    "avatars",
    "wizard",
    "wizards",
    "ringwraith",
    "ringwraiths",
    "creature",
    "creatures",
    "event",
    "events",
    "item",
    "items",
    "ally",
    "allies",
    "faction",
    "factions",
    "agent",
    "agents",
    "longevents",
    "shortevents",
    "permanentevents",
}
_LOTR_DRAW_HEADINGS = {
    "deck",
    "drawdeck",
    "freepeoples",
    "freepeople",
    "fellowship",
    "shadow",
    "companion",
    "companions",
    "ally",
    "allies",
    "minion",
    "minions",
    "event",
    "events",
    "condition",
    "conditions",
    "possession",
    "possessions",
    "artifact",
    "artifacts",
    "follower",
    "followers",
}
_LORE_PLAY_HEADINGS = {"deck", "playdeck", "drawdeck", "main", "cards", "characters", "resources"}
_EXACT_HEADINGS = {
    METW: _METW_PLAY_HEADINGS
    | {
        "pool",
        "startingpool",
        "characterpool",
        "startingcompany",
        "startingcharacters",
        "sideboard",
        "sideboardvsfallenwizard",
        "sideboardvsfw",
        "antifw",
        "fallenwizardsideboard",
        "startingcompanypool",
        "sites",
        "locations",
        "locationdeck",
        "regions",
        "main",
        "maindeck",
    },
    LOTR_TCG: _LOTR_DRAW_HEADINGS
    | {
        "ringbearer",
        "ringbearerring",
        "adventuredeck",
        "sites",
        "sitepath",
        "adventurepath",
        "maindeck",
        "main",
    },
    LORE: _LORE_PLAY_HEADINGS | {"sideboard", "maindeck", "hazards", "sites"},
}


def is_category_heading(heading: str) -> bool:
    key = normalize_name(heading)
    return key not in {"deck", "playdeck", "main", "drawdeck"} and (
        key in _METW_PLAY_HEADINGS or key in _LORE_PLAY_HEADINGS
    )


def _lotr_section(key: str) -> str | None:
    if key in {"ringbearerring", "ringbearerandring", "ringbearerandonering"}:
        return "rb_ring"  # the lotrtcgwiki widget: each card's type says which it is
    if key in {"ringbearer", "ringbearers"}:
        return "ring_bearer"
    if key in {"ring", "theonering", "onering"}:
        return "ring"
    if any(w in key for w in ("adventure", "site", "location", "path")):
        return "sites"
    if key in _LOTR_DRAW_HEADINGS or key.startswith(("freepeople", "shadow", "drawdeck")):
        return "draw"
    return None


def _metw_section(key: str, words: str) -> str | None:
    if "sideboard" in key or key in {"side", "sb"}:
        if "fallen" in key or "fw" in words.split() or key.endswith("fw"):
            return "sideboard_fw"
        return "sideboard"
    if key.startswith(("vsfallen", "versusfallen", "againstfallen", "antifw")):
        return "sideboard_fw"
    if "pool" in key or key.startswith("starting") or "startingcompany" in key:
        return "pool"
    if any(w in key for w in ("site", "location", "haven", "region")):
        return "sites"
    if key in _METW_PLAY_HEADINGS or key.startswith(("playdeck", "deck", "main")):
        return "play"
    return None


def _lore_section(key: str) -> str | None:
    if "sideboard" in key or key in {"side", "sb"}:
        return "sideboard"
    if key in _LORE_PLAY_HEADINGS or key.startswith(("deck", "main", "play")):
        return "play"
    return None


def section_for(heading: str, game: str, strict: bool = False) -> str | None:
    """Which section a heading opens, or None when the words are not a known heading.

    ``strict``: the line has no "#" and no ":", so only a whole known heading counts
    (otherwise the card "Grey Havens" would open the location deck).
    """
    key = normalize_name(heading)
    if not key or (strict and key not in _EXACT_HEADINGS[game]):
        return None
    if game == LOTR_TCG:
        return _lotr_section(key)
    if game == METW:
        return _metw_section(key, heading.lower())
    return _lore_section(key)


def read_heading(body: str, game: str, hashed: bool) -> tuple[str, str, int | None] | None:
    """(section, heading text, declared count) when the line is a heading."""
    text = body.lstrip("#").strip() if hashed else body.strip()
    declared = None
    m = _HEADING_COUNT.search(text)
    stripped = text
    if m and m.start() > 0:
        declared = int(m.group(1))
        stripped = text[: m.start()].strip()
    stripped = stripped.rstrip(":").strip()
    strict = not hashed and not text.endswith(":")
    section = section_for(stripped, game, strict)
    if section is not None:
        return section, stripped, declared
    if hashed or text.endswith(":"):
        return "", stripped, declared  # a heading with words we do not know
    return None
