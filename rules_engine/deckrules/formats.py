"""Formats as data: each is a key, a game, a name and a dict of rule values.

The validator reads only the values; nothing branches on a format's key. A
director's custom format is an existing format's dict with some values changed
(see :func:`derive_format`), and the LOTR TCG community formats come straight
from GEMP's format file (:func:`format_from_gemp`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_engine.deckrules.cards import LORE, LOTR_TCG, METW, normalize_name
from rules_engine.deckrules.formatdef import (
    NUMBERED_SITE_RULES,
    OFFICIAL_LOTR_SETS,
    PLAYER_TYPE_LABELS,
    PLAYER_TYPES,
    SITE_RULES,
    FormatDef,
    slugify_key,
)
from rules_engine.deckrules.formats_custom import (
    GEMP_KEYS,
    FormatDataError,
    derive_format,
    format_from_gemp,
)
from rules_engine.deckrules.formats_metw import (
    COE_ALIGNMENTS,
    COE_BALROG_LIMITS,
    COE_BANNED_BY_PLAYER_TYPE,
    COE_FW_STAGE_POOL,
    SITES_OPEN_TO_ALL,
    coe_format,
    metw_format,
)

__all__ = [
    "BUILTIN_FORMATS",
    "COE_ALIGNMENTS",
    "COE_BALROG_LIMITS",
    "COE_BANNED_BY_PLAYER_TYPE",
    "COE_FW_STAGE_POOL",
    "DEFAULT_FORMAT",
    "GEMP_KEYS",
    "NUMBERED_SITE_RULES",
    "OFFICIAL_LOTR_SETS",
    "PLAYER_TYPES",
    "PLAYER_TYPE_LABELS",
    "SITES_OPEN_TO_ALL",
    "SITE_RULES",
    "FormatDataError",
    "FormatDef",
    "builtin_format",
    "derive_format",
    "format_from_gemp",
    "slugify_key",
]


def _lotr(
    key: str, name: str, sets: list[str], site_rule: str, description: str, **changes: Any
) -> FormatDef:
    rules: dict[str, Any] = {
        "sets": sets,
        "banned": [],
        "restricted": [],
        "limit2": [],
        "limit3": [],
        "always_valid": [],
        "restricted_names": [],
        "site_rule": site_rule,
        "min_draw_deck": 60,
        "max_copies_per_title": 4,
        "ring_bearer_draw_copies": 3,
        "fp_shadow_must_be_equal": True,
        "ring_required": True,
        "site_count": 9,
        "max_sites_per_shadow_number": 3,
    }
    rules.update(changes)
    return FormatDef(
        key=key,
        game=LOTR_TCG,
        name=name,
        rules=rules,
        description=description,
        source="001 Section One “Building your deck”, “Formats”",
    )


BUILTIN_FORMATS: tuple[FormatDef, ...] = (
    metw_format(
        "starter",
        "METW starter rules (1-deck game)",
        "The rulebook's starter rules: 25–50 resources and as many hazards, up to 10 "
        "characters and 2 Wizards, 1–5 starting characters (mind ≤ 20) and up to two minor "
        "items, no sideboard, no region cards.",
        "003 Part I §2–3",
    ),
    *(
        metw_format(
            f"standard-{decks}",
            f"METW standard rules, {decks}-deck game",
            f"The rulebook's standard rules for a {decks}-deck game: as the starter rules plus "
            f"region cards and a sideboard of up to {size} cards; play deck and sideboard "
            "together keep the one-unique / three-non-unique limits.",
            "003 Part II §1–3",
            sideboard_max=size,
            regions_allowed=True,
            copy_zones=["play", "pool", "sideboard"],
            council_mps=mps,
            deck_exhaustions=decks,
        )
        for decks, size, mps in ((2, 15, 25), (3, 20, 30), (4, 25, 40))
    ),
    coe_format("coe", "METW CoE tournament rules (short game)", "short", 30, 25),
    coe_format("coe-starter", "METW CoE tournament rules (starter game)", "starter", 30, 20),
    coe_format("coe-long", "METW CoE tournament rules (long game)", "long", 35, 30),
    coe_format("coe-campaign", "METW CoE tournament rules (campaign game)", "campaign", 40, 40),
    _lotr(
        "fellowship-block",
        "Fellowship block",
        ["1", "2", "3"],
        "FELLOWSHIP",
        "Only cards from sets 1, 2 and 3; one site for each site number 1–9.",
    ),
    _lotr(
        "tower-block",
        "Tower block",
        ["4", "5", "6"],
        "TWO_TOWERS",
        "Only cards from sets 4, 5 and 6; one site for each site number 1–9.",
    ),
    _lotr(
        "king-block",
        "King block",
        ["7", "8", "10"],
        "KING",
        "Only cards from sets 7, 8 and 10; one site for each site number 1–9.",
    ),
    _lotr(
        "war-of-the-ring-block",
        "War of the Ring block",
        ["11", "12", "13"],
        "SHADOWS",
        "Only cards from sets 11, 12 and 13; nine different sites, at most three with the "
        "same Shadow number.",
    ),
    _lotr(
        "open",
        "Open",
        OFFICIAL_LOTR_SETS,
        "SHADOWS",
        "All cards, including set 9 (Reflections); sites only from set 11 (Shadows) on, at "
        "most three with the same Shadow number.",
    ),
    _lotr(
        "standard",
        "Standard",
        OFFICIAL_LOTR_SETS,
        "SHADOWS",
        "Open plus the X-list of banned cards. The rulebook does not print the X-list: the "
        "director lists it (custom format from this one), or uses the imported community "
        "“Standard”.",
    ),
    FormatDef(
        key="lore",
        game=LORE,
        name="LoRE (director's bounds)",
        rules={
            "deck_min": None,
            "deck_max": None,
            "unique_limit": 1,
            "copy_limit": 3,
            "sideboard_max": 5,
            # LoRE has no public card database: names not in the project's list are
            # "warn" (counted as non-unique cards and shown to the director) or "reject".
            "unknown_cards": "warn",
        },
        description="Only one of each unique card (000 glossary “Unique”). Deck size, copy "
        "limit and sideboard are the director's settings (defaults: no size bounds, 3 copies, "
        "sideboard 5).",
        source="000 Part IV “Unique”; RULES.md §4.3",
    ),
)
BUILTIN_BY_KEY: dict[tuple[str, str], FormatDef] = {(f.game, f.key): f for f in BUILTIN_FORMATS}
DEFAULT_FORMAT = {METW: "coe", LOTR_TCG: "fellowship-block", LORE: "lore"}


def builtin_format(game: str, key: str) -> FormatDef | None:
    return BUILTIN_BY_KEY.get((game, key))


def _names_of(fdef: FormatDef) -> set[str]:
    """Every name a list may call a format by: its key, its name, GEMP's name and code."""
    names = {fdef.key, fdef.name, fdef.name.removesuffix(" (community)")}
    names.add(str(fdef.extra.get("code") or fdef.rule("code") or ""))
    if fdef.key.startswith("gemp-"):
        names.add(fdef.key.removeprefix("gemp-"))
    return {normalize_name(n) for n in names if n}


def match_format_name(declared: str, formats: Iterable[FormatDef]) -> FormatDef | None:
    """The first of ``formats`` a list's "Format: ..." line names (case, spaces and
    punctuation aside: "Fellowship Block" is the built-in "Fellowship block"), or None."""
    want = normalize_name(declared or "")
    if not want:
        return None
    return next((f for f in formats if want in _names_of(f)), None)
