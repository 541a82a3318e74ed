"""Section headings of a deck list: which words open which part of a deck, per game.

METW: pool / play / sideboard / sideboard_fw / sites. LOTR TCG: ring_bearer / ring / draw /
sites. LoRE: play / sideboard.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz, process

from rules_engine.deckrules.cards import LORE, LOTR_TCG, METW, normalize_name

# "Hazards (30)", "Free Peoples (40+1)", "Sites [9 cards]:".
_HEADING_COUNT = re.compile(
    r"[\s:]*[(\[]?\s*(\d{1,4}(?:\s*\+\s*\d{1,4})*)\s*(?:cards?)?\s*[)\]]?\s*:?$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W\d_]+|&")
_WHERE = re.compile(r"\s+at\s+\S.*$", re.I)
# The words headings are made of, per game: a line of these words only (one of them
# perhaps misspelt, "Sidebord") is a heading even without "#" or ":". No card of the game
# is named with these words only (a test holds the card databases to that).
_LINKING = {"the", "and", "&", "vs", "versus", "against", "cards", "of", "deck", "main"}
_LINKING |= {"other", "more", "extra", "mp", "my"}
# Words a heading may use for another: minion lists call their characters "Heroes".
_SYNONYMS = {
    METW: {"sidebar": "sideboard", "heroes": "characters", "hero": "characters"},
    LOTR_TCG: {"fp": "free peoples"},
    LORE: {"sidebar": "sideboard"},
}
_HEADING_WORDS = {
    METW: _LINKING
    | {"pool", "starting", "company", "character", "characters", "resource", "resources"}
    | {"hazard", "hazards", "creature", "creatures", "event", "events", "long", "short"}
    | {"permanent", "item", "items", "ally", "allies", "faction", "factions", "sideboard"}
    | {"site", "sites", "location", "locations", "haven", "havens", "region", "regions"}
    | {"play", "fallen", "wizard", "wizards", "fw", "avatar", "avatars", "agents", "pool"}
    | {"heroes", "hero", "minion", "minions", "sidebar", "company", "companies", "starting"}
    # "In deck": the pool's characters that are shuffled into the play deck.
    | {"in"},
    LOTR_TCG: _LINKING
    | {"free", "peoples", "people", "fellowship", "shadow", "draw", "adventure", "sites", "fp"}
    | {"site", "companions", "minions", "events", "conditions", "possessions"}
    | {"artifacts", "followers", "side"},
    LORE: _LINKING | {"play", "sideboard", "characters", "resources", "sidebar"},
}
_STRONG = {game: sorted(words - _LINKING) for game, words in _HEADING_WORDS.items()}


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


def is_category_heading(heading: str, game: str = METW) -> bool:
    """A heading naming a kind of card ("Hazards", "Hero Resource"), not a part of the deck:
    under "Sideboard" it lists sideboard cards."""
    key = normalize_name(heading)
    if key in {"deck", "playdeck", "main", "drawdeck"}:
        return False
    if key in _METW_PLAY_HEADINGS or key in _LORE_PLAY_HEADINGS:
        return True
    return _section_of_words(heading, game) in ("play", "draw")


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
    if key in _METW_PLAY_HEADINGS or key.startswith(("playdeck", "deck", "main", "indeck")):
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


def _heading_words(text: str, game: str) -> str | None:
    """The heading ``text`` spells when made of heading words only, a misspelt one of five
    letters or more corrected ("Sidebord" → "sideboard"); None for any other text."""
    vocabulary = _HEADING_WORDS[game]
    # "Starting Company (1) at Dol Guldur": where a company starts is no part of a heading.
    text = _WHERE.sub("", text)
    words = [w.lower() for w in _WORD.findall(text)]
    fixed = []
    for word in words:
        if word not in vocabulary and len(word) >= 5:
            best = process.extractOne(word, _STRONG[game], scorer=fuzz.ratio, score_cutoff=85)
            word = best[0] if best else word
        if word not in vocabulary:
            return None
        fixed.append(_SYNONYMS[game].get(word, word))
    return " ".join(fixed) if set(fixed) - _LINKING else None


def _section_of_words(text: str, game: str) -> str | None:
    words = _heading_words(text, game)
    if not words:
        return None
    whole = section_for(words, game)
    if whole:
        return whole
    # "Hazard Creatures", "Hero Sites": the last word that names a section, unless one
    # names a sideboard ("Sideboard Hazards").
    found = [s for s in (section_for(w, game) for w in words.split()) if s]
    sideboards = [s for s in found if s.startswith("sideboard")]
    chosen = sideboards or found[-1:]
    return chosen[0] if chosen else None


def read_heading(
    body: str, game: str, hashed: bool, typed: bool = True
) -> tuple[str, str, int | None] | None:
    """(section, heading text, declared count) when the line is a heading; ``typed``: a
    list people typed, whose headings are also read from their words."""
    text = body.lstrip("#").strip() if hashed else body.strip()
    declared = None
    m = _HEADING_COUNT.search(text)
    stripped = text
    if m and m.start() > 0:
        declared = sum(int(n) for n in m.group(1).split("+"))
        stripped = text[: m.start()].strip()
    stripped = stripped.rstrip(":").strip()
    strict = not hashed and not text.endswith(":")
    section = section_for(stripped, game, strict)
    if section is None and typed:
        section = _section_of_words(stripped, game)
    if section is not None:
        return section, stripped, declared
    if hashed or text.endswith(":"):
        return "", stripped, declared  # a heading with words we do not know
    return None
