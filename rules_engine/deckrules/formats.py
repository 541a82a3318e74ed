"""Formats as data: each is a key, a game, a name and a dict of rule values.

The validator reads only the values; nothing branches on a format's key. A
director's custom format is an existing format's dict with some values changed
(see :func:`derive_format`), and the LOTR TCG community formats come straight
from GEMP's format file (:func:`format_from_gemp`).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.deckrules.cards import LORE, LOTR_TCG, METW

PLAYER_TYPES = ("wizard", "ringwraith", "fallen-wizard", "balrog")
PLAYER_TYPE_LABELS = {
    "wizard": "Wizard (hero)",
    "ringwraith": "Ringwraith (minion)",
    "fallen-wizard": "Fallen-wizard",
    "balrog": "Balrog",
}
SITE_RULES = ("FELLOWSHIP", "TWO_TOWERS", "KING", "HOBBIT", "SHADOWS", "MULTIPATH", "SECOND_ED")
NUMBERED_SITE_RULES = ("FELLOWSHIP", "TWO_TOWERS", "KING", "HOBBIT")
OFFICIAL_LOTR_SETS = [str(n) for n in range(20)]


@dataclass(frozen=True)
class FormatDef:
    key: str
    game: str
    name: str
    rules: Mapping[str, Any]
    description: str = ""
    source: str = ""  # where the rules come from: "003 Part I §2–3", "CoE 2026", "GEMP" ...
    based_on: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def rule(self, name: str, default: Any = None) -> Any:
        return self.rules.get(name, default)

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "game": self.game,
            "name": self.name,
            "description": self.description,
            "source": self.source,
            "based_on": self.based_on,
            "rules": dict(self.rules),
        }


# METW player types: which alignments each card kind may have (CoE deck construction,
# "[HERO]" / "[MINION]" / "[FALLEN-WIZARD]" / "[BALROG]" rules). Hazards are neutral for
# everyone; agents played as hazards are exempt (they are the opponent's problem, not the
# player's allegiance). "item" widens "resource" for items only: a Wizard player may hold
# minion items and a Ringwraith player hero items.
COE_ALIGNMENTS = {
    "wizard": {
        "avatar": ["hero"],
        "character": ["hero"],
        "resource": ["hero", "dual"],
        "item": ["hero", "minion", "dual"],
        "site": ["hero"],
    },
    "ringwraith": {
        "avatar": ["minion"],
        "character": ["minion"],
        "resource": ["minion", "dual"],
        "item": ["minion", "hero", "dual"],
        "site": ["minion"],
    },
    "fallen-wizard": {
        "avatar": ["fallen-wizard"],
        "character": ["hero", "minion", "fallen-wizard"],
        "resource": ["hero", "minion", "fallen-wizard", "dual"],
        "site": ["fallen-wizard", "hero", "minion"],
    },
    "balrog": {
        "avatar": ["balrog"],
        "character": ["minion", "balrog"],
        "resource": ["minion", "balrog", "dual"],
        "site": ["balrog", "minion"],
        # A name with a Balrog and a minion site is the Balrog one (CoE location deck).
        "prefer": {"site": ["balrog"]},
    },
}

# The Balrog sites with no hero or minion version: any player's location deck may hold one
# of each (CoE, location deck).
SITES_OPEN_TO_ALL = [
    "Ancient Deep-hold",
    "The Wind-deeps",
    "The Drowning-deeps",
    "The Rusted-deeps",
    "Remains of Thangorodrim",
]

# CoE deck construction: cards a Fallen-wizard or Balrog player "cannot include". Names are
# matched like deck lines (case, accents, punctuation ignored); ids where a name is shared
# with a card that stays legal ("The Balrog" the ally AS-71, not the Balrog avatar).
COE_BANNED_BY_PLAYER_TYPE = {
    "fallen-wizard": [
        "Bade to Rule",
        "AS-71",
        "Cracks of Doom",
        "Favor of the Valar",
        "Gollum's Fate",
        "Hour of Need",
        "Kill All But NOT the Halflings",
        "The Lidless Eye",
        "Glamour of Surpassing Excellence",
        "AS-49",  # the same card, spelt "… Excellance" in the card database
        "Messenger of Mordor",
        "News Must Get Through",
        "LE-208",  # the same card, spelt "News Must Get Trough" in the card database
        "News of the Shire",
        "Old Road",
        "The Sun Unveiled",
        "Use Your Legs",
        "The Windlord Found Me",
        "Wizard Uncloaked",
    ],
    "balrog": [
        "Above the Abyss",
        "Bade to Rule",
        "AS-71",
        "Balrog of Moria",
        "The Black Council",
        "Black Horse",
        "Black Rider",
        "By the Ringwraith's Word",
        "Creature of an Older World",
        "Durin's Bane",
        "Fell Rider",
        "The Fiery Blade",
        "Helm of Fear",
        "Heralded Lord",
        "Kill All But NOT the Halflings",
        "The Lidless Eye",
        "Morgul-blade",
        "News of the Shire",
        "Open to the Summons",
        "Orders from Lugbúrz",
        "Padding Feet",
        "The Ring Leaves Its Mark",
        # "Ringwraith Unleashed cards": the nine "… Unleashed" minion events.
        "Adûnaphel Unleashed",
        "Akhôrahil Unleashed",
        "Dwar Unleashed",
        "Hoarmûrath Unleashed",
        "Indûr Unleashed",
        "Khamûl Unleashed",
        "Ren Unleashed",
        "Ûvatha Unleashed",
        "The Witch-king Unleashed",
        "Sauron",
        "They Ride Together",
        "Use Your Legs",
        "While the Yellow Face Sleeps",
    ],
}

# CoE, Balrog player: non-avatar characters are Orcs or Trolls with mind under 9 (unless
# Balrog-specific); factions are Orc, Troll, Wolf, Animal or Dragon. The CoE names Moria, Carn
# Dûm, Dol Guldur, Minas Morgul, "any Under-deeps sites" and "any Dark-holds" as minion sites
# that "require a Balrog version": these are the ones the Balrog set printed again. Urlurtsu
# Nurn, a Dark-hold it did not reprint, stays usable (as in the Balrog decks of the 2008 and
# 2019 world champions).
COE_BALROG_LIMITS = {
    "character_races": ["Orc", "Troll"],
    "max_character_mind": 8,
    "faction_races": ["Orc", "Troll", "Wolf", "Animal", "Dragon"],
    "sites_needing_balrog_version": [
        "Moria",
        "Carn Dûm",
        "Dol Guldur",
        "Minas Morgul",
        "Barad-dûr",
        "Cirith Gorgor",
        "Cirith Ungol",
        "The Gem-deeps",
        "The Iron-deeps",
        "The Pûkel-deeps",
        "The Sulfur-deeps",
        "The Under-courts",
        "The Under-galleries",
        "The Under-gates",
        "The Under-grottos",
        "The Under-leas",
        "The Under-vaults",
    ],
}

COE_FW_STAGE_POOL = {"max_cards": 3, "stage_points": 3, "min_nonunique": 1}

_METW_RULEBOOK_BASE: dict[str, Any] = {
    "ruleset": "rulebook",
    "resources_min": 25,
    "resources_max": 50,
    "resources_equal_hazards": True,
    "max_play_characters": 10,
    "play_characters_one_each": True,
    "max_avatars": 2,
    "avatars_not_all_different": None,
    "unique_limit": 1,
    "nonunique_limit": 3,
    # Which parts of the deck share the one-unique / three-non-unique limits.
    "copy_zones": ["play", "pool"],
    "havens_exempt": True,
    "sideboard_max": 0,
    "sideboard_fw_max": 0,
    "regions_allowed": False,
    "pool_min_characters": 1,
    "pool_max_characters": 5,
    "pool_max_mind": 20,
    "pool_max_minor_items": 2,
    "pool_avatars_allowed": False,
    "min_creatures": None,
    "max_agent_mind": None,
    "player_types": ["wizard"],
    # The rulebook's game is hero against hero: hero cards only, no minion items.
    "alignments": {"wizard": {k: v for k, v in COE_ALIGNMENTS["wizard"].items() if k != "item"}},
    "fallen_wizard_nonunique_limit": None,
    "agents_are_characters_for": [],
    "banned": [],
    "banned_by_player_type": {},
    "council_mps": 20,
    "deck_exhaustions": 1,
}


def _metw(key: str, name: str, description: str, source: str, **changes: Any) -> FormatDef:
    rules = copy.deepcopy(_METW_RULEBOOK_BASE)
    rules.update(changes)
    return FormatDef(
        key=key, game=METW, name=name, rules=rules, description=description, source=source
    )


_COE_BASE: dict[str, Any] = {
    "ruleset": "coe",
    "resources_min": 30,
    "resources_max": 50,
    "max_play_characters": 10,
    "play_characters_one_each": False,
    "max_avatars": 3,
    "avatars_not_all_different": 3,
    "copy_zones": ["play", "pool", "sideboard", "sideboard_fw", "sites"],
    "sideboard_max": 30,
    "sideboard_fw_max": 10,
    "regions_allowed": False,
    "pool_min_characters": 0,
    "pool_max_characters": 10,
    "pool_max_mind": None,
    "pool_max_minor_items": 2,
    "min_creatures": 12,
    # CoE 1.5.1: dual-type hazards (creature or event), At Home / Ahunt dragon
    # manifestations and agents (outside Ringwraith decks) count half a creature.
    "half_creature_markers": ["/", "At Home", "Ahunt"],
    "half_creature_events": ["Spawn"],
    "max_agent_mind": 36,
    "player_types": list(PLAYER_TYPES),
    "alignments": COE_ALIGNMENTS,
    "fallen_wizard_nonunique_limit": 2,
    # CoE: a Fallen-wizard counts at most two copies of a dual card as resources.
    "fallen_wizard_dual_as_resources": 2,
    "agents_are_characters_for": ["ringwraith", "fallen-wizard"],
    "banned_by_player_type": COE_BANNED_BY_PLAYER_TYPE,
    "sites_open_to_all": SITES_OPEN_TO_ALL,
    "balrog_limits": COE_BALROG_LIMITS,
    # Fallen-wizard pool: up to three Stage resource permanent-events worth exactly three
    # stage points, at least one of them non-unique.
    "fw_stage_pool": COE_FW_STAGE_POOL,
    "fw_repeatable_sites": ["fallen-wizard"],
    "specific_cards_need_their_avatar": True,
    # Cards whose text says "may be played with a starting company in lieu of a minor item":
    # they wait in the pool and use one of its two minor-item places. The card database holds
    # no card text, so the list is data a director's custom format can extend.
    "pool_in_lieu_of_minor_item": [
        "Open to the Summons",
        "Orders from Lugbúrz",
        "Orders from the Great Demon",
        "Gangways over the Fire",
    ],
    # Across play deck and sideboard, only one avatar may have more than one copy.
    "max_avatars_with_copies": 1,
    "council_mps": 25,
    "game_length": "short",
    "max_starting_characters": {"default": 5, "ringwraith": 6},
    "max_starting_mind": 20,
}


def _coe(key: str, name: str, length: str, sideboard: int, mps: int) -> FormatDef:
    changes = copy.deepcopy(_COE_BASE)
    changes.update(game_length=length, sideboard_max=sideboard, council_mps=mps)
    return _metw(
        key,
        name,
        f"Council of Elrond tournament rules, {length} game: 30–50 resources and as many "
        f"hazards, at least 12 creatures, sideboard {sideboard} (+10 against a Fallen-wizard), "
        "pool of up to 10 characters and 2 minor items, player type Wizard / Ringwraith / "
        f"Fallen-wizard / Balrog. {mps} MPs to call the Council.",
        "CoE tournament rules (RULES.md §4.4)",
        **changes,
    )


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
    _metw(
        "starter",
        "METW starter rules (1-deck game)",
        "The rulebook's starter rules: 25–50 resources and as many hazards, up to 10 "
        "characters and 2 Wizards, 1–5 starting characters (mind ≤ 20) and up to two minor "
        "items, no sideboard, no region cards.",
        "003 Part I §2–3",
    ),
    *(
        _metw(
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
    _coe("coe", "METW CoE tournament rules (short game)", "short", 30, 25),
    _coe("coe-starter", "METW CoE tournament rules (starter game)", "starter", 30, 20),
    _coe("coe-long", "METW CoE tournament rules (long game)", "long", 35, 30),
    _coe("coe-campaign", "METW CoE tournament rules (campaign game)", "campaign", 40, 40),
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


def slugify_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:90] or "format"


GEMP_KEYS = (
    "sets",
    "banned",
    "restricted",
    "limit2",
    "limit3",
    "always_valid",
    "restricted_names",
    "site_rule",
    "min_draw_deck",
    "max_copies_per_title",
    "fp_shadow_must_be_equal",
    "ring_required",
    "map_required",
    "errata_sets",
    "rule_of_four",
)


class FormatDataError(ValueError):
    pass


def format_from_gemp(name: str, data: Mapping[str, Any]) -> FormatDef:
    """A community format from one entry of lotr-tcg/formats.json (GEMP lotrFormats)."""
    if not isinstance(data, Mapping):
        raise FormatDataError(f"Format {name!r}: expected an object, got {type(data).__name__}.")
    missing = [k for k in ("sets", "site_rule") if k not in data]
    if missing:
        raise FormatDataError(f"Format {name!r}: missing {', '.join(missing)}.")
    rules: dict[str, Any] = {k: copy.deepcopy(data[k]) for k in GEMP_KEYS if k in data}
    for list_key in ("sets", "banned", "restricted", "limit2", "limit3", "always_valid"):
        value = rules.get(list_key, [])
        if not isinstance(value, list):
            raise FormatDataError(f"Format {name!r}: {list_key} must be a list.")
        rules[list_key] = [str(v) for v in value]
    if rules["site_rule"] not in SITE_RULES:
        raise FormatDataError(f"Format {name!r}: unknown site rule {rules['site_rule']!r}.")
    try:
        rules["min_draw_deck"] = int(rules.get("min_draw_deck", 60))
        rules["max_copies_per_title"] = int(rules.get("max_copies_per_title", 4))
    except (TypeError, ValueError):
        raise FormatDataError(f"Format {name!r}: deck sizes must be numbers.")
    rules.setdefault("fp_shadow_must_be_equal", True)
    rules.setdefault("ring_required", True)
    rules["ring_bearer_draw_copies"] = max(0, rules["max_copies_per_title"] - 1)
    rules["site_count"] = 9
    rules["max_sites_per_shadow_number"] = 3
    code = str(data.get("code") or slugify_key(name))
    return FormatDef(
        key="gemp-" + slugify_key(name),
        game=LOTR_TCG,
        name=f"{name} (community)",
        rules=rules,
        description=str(data.get("site_rule_description") or ""),
        source="GEMP lotrFormats (Players Council)",
        extra={"code": code, "order": data.get("order")},
    )


def _merged(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(dict(base))
    for k, v in changes.items():
        if isinstance(out.get(k), dict) and isinstance(v, Mapping):
            out[k] = _merged(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def derive_format(
    base: FormatDef, key: str, name: str, changes: Mapping[str, Any], description: str = ""
) -> FormatDef:
    """A custom format: the base's rules with `changes` applied.

    List values named ``extra_banned`` / ``extra_restricted`` are added to the base's
    lists instead of replacing them, which is what "Standard plus our own ban list" needs.
    """
    rules = copy.deepcopy(dict(base.rules))
    for k, v in changes.items():
        if k == "extra_banned":
            rules["banned"] = sorted({*rules.get("banned", []), *map(str, v)})
        elif k == "extra_restricted":
            rules["restricted"] = sorted({*rules.get("restricted", []), *map(str, v)})
        elif isinstance(rules.get(k), dict) and isinstance(v, Mapping):
            # A custom format changes part of a table (one player type's ban list, one limit,
            # one card kind of one player type) and keeps the rest, so the validator always
            # finds every key it reads.
            rules[k] = _merged(rules[k], v)
        else:
            rules[k] = copy.deepcopy(v)
    return FormatDef(
        key=key,
        game=base.game,
        name=name,
        rules=rules,
        description=description or f"Based on {base.name}.",
        source=base.source,
        based_on=base.key,
    )
