"""The METW formats' rule tables: the 003 starter rules and the Council of Elrond's."""

from __future__ import annotations

import copy
from typing import Any

from rules_engine.deckrules.cards import METW
from rules_engine.deckrules.formatdef import PLAYER_TYPES, FormatDef

# "[HERO]" / "[MINION]" / "[FALLEN-WIZARD]" / "[BALROG]" rules). Hazards are neutral for
# everyone; agents played as hazards are exempt (they are the opponent's problem, not the
# player's allegiance). "item" widens "resource" for items only: a Wizard player may hold
# minion items and a Ringwraith player hero items.
# kind -> alignments; "prefer" maps a kind to the alignments chosen first.
COE_ALIGNMENTS: dict[str, dict[str, Any]] = {
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


def metw_format(key: str, name: str, description: str, source: str, **changes: Any) -> FormatDef:
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


def coe_format(key: str, name: str, length: str, sideboard: int, mps: int) -> FormatDef:
    changes = copy.deepcopy(_COE_BASE)
    changes.update(game_length=length, sideboard_max=sideboard, council_mps=mps)
    return metw_format(
        key,
        name,
        f"Council of Elrond tournament rules, {length} game: 30–50 resources and as many "
        f"hazards, at least 12 creatures, sideboard {sideboard} (+10 against a Fallen-wizard), "
        "pool of up to 10 characters and 2 minor items, player type Wizard / Ringwraith / "
        f"Fallen-wizard / Balrog. {mps} MPs to call the Council.",
        "CoE tournament rules (RULES.md §4.4)",
        **changes,
    )
