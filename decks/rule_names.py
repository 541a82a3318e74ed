"""Readable names of the format rules (one registry: the formats pages, the new-format form
(``decks.rule_form``) and its help read them)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from decks.labels import ALIGNMENT_NAMES, PLAYER_TYPE_NAMES

# The parts of a deck a rule names (its copy_zones), as the new-format form offers them.
ZONE_NAMES = {
    "play": _("play deck"),
    "pool": _("pool"),
    "sideboard": _("sideboard"),
    "sideboard_fw": _("Fallen-wizard sideboard"),
    "sites": _("location deck"),
}
RULE_NAMES = {
    "agents_are_characters_for": _("Player types for whom agents count as characters"),
    "alignments": _("Alignments allowed per player type"),
    "always_valid": _("Cards always allowed"),
    "avatars_not_all_different": _("Copies of one avatar allowed"),
    "balrog_limits": _("Balrog player's limits"),
    "banned": _("Banned cards"),
    "banned_by_player_type": _("Banned cards per player type"),
    "copy_limit": _("Copies of a card"),
    "copy_zones": _("Parts of the deck counted for copies"),
    "council_mps": _("Marshalling points to call the Council"),
    "deck_exhaustions": _("Times the play deck may be exhausted"),
    "deck_max": _("Most cards in the deck"),
    "deck_min": _("Fewest cards in the deck"),
    "fallen_wizard_dual_as_resources": _("Fallen-wizard: hazards usable as resources"),
    "fallen_wizard_nonunique_limit": _("Fallen-wizard: copies of a non-unique card"),
    "fp_shadow_must_be_equal": _("Free Peoples and Shadow cards equal"),
    "fw_repeatable_sites": _("Fallen-wizard: sites allowed twice"),
    "fw_stage_pool": _("Fallen-wizard: Stage resources in the pool"),
    "game_length": _("Game length"),
    "half_creature_events": _("Events counted as half a creature"),
    "half_creature_markers": _("Marks of half-creature cards"),
    "havens_exempt": _("Havens exempt from the site limit"),
    "limit2": _("Cards limited to two copies"),
    "limit3": _("Cards limited to three copies"),
    "max_agent_mind": _("Most mind of an agent"),
    "max_avatars": _("Most avatars"),
    "max_avatars_with_copies": _("Most avatar cards with copies"),
    "max_copies_per_title": _("Most copies of one title"),
    "max_play_characters": _("Most characters in the play deck"),
    "max_sites_per_shadow_number": _("Most sites per shadow number"),
    "max_starting_characters": _("Most starting characters"),
    "max_starting_mind": _("Most mind among starting characters"),
    "min_creatures": _("Fewest creatures"),
    "min_draw_deck": _("Fewest cards in the draw deck"),
    "nonunique_limit": _("Copies of a non-unique card"),
    "play_characters_one_each": _("One copy of each character in the play deck"),
    "player_types": _("Player types allowed"),
    "pool_avatars_allowed": _("Avatars allowed in the pool"),
    "pool_in_lieu_of_minor_item": _("Cards a pool may hold instead of a minor item"),
    "pool_max_characters": _("Most characters in the pool"),
    "pool_max_mind": _("Most mind in the pool"),
    "pool_max_minor_items": _("Most minor items in the pool"),
    "pool_min_characters": _("Fewest characters in the pool"),
    "regions_allowed": _("Region cards allowed"),
    "resources_equal_hazards": _("As many resources as hazards"),
    "resources_max": _("Most resources"),
    "resources_min": _("Fewest resources"),
    "restricted": _("Restricted cards"),
    "restricted_names": _("Restricted card names"),
    "ring_bearer_draw_copies": _("Copies of the Ring-bearer in the draw deck"),
    "ring_required": _("A Ring required"),
    "ruleset": _("Rule set"),
    "sets": _("Sets allowed"),
    "sideboard_fw_max": _("Most cards in the Fallen-wizard sideboard"),
    "sideboard_max": _("Most cards in the sideboard"),
    "site_count": _("Number of sites"),
    "site_rule": _("Site rule"),
    "sites_open_to_all": _("Sites open to every player type"),
    "specific_cards_need_their_avatar": _("Avatar-specific cards need their avatar"),
    "unique_limit": _("Copies of a unique card"),
    "unknown_cards": _("Cards not in the card data"),
    "extra_banned": _("Extra banned cards"),
}

# The values a text rule takes, in words (the form offers them as a choice).
RULE_CHOICES = {
    "ruleset": {"rulebook": _("the rulebook (003)"), "coe": _("the Council of Elrond rules")},
    "game_length": {
        "starter": _("starter game"),
        "short": _("short game"),
        "long": _("long game"),
        "campaign": _("campaign game"),
    },
    "site_rule": {
        "FELLOWSHIP": _("Fellowship block sites"),
        "TWO_TOWERS": _("Two Towers block sites"),
        "KING": _("Return of the King block sites"),
        "SHADOWS": _("Shadows sites (set 11 on)"),
    },
    "unknown_cards": {"warn": _("a warning"), "error": _("a problem that makes the deck illegal")},
}

# The words inside table-valued rules (alignments per player type, Balrog limits …).
TABLE_WORDS = {
    "avatar": _("avatars"),
    "character": _("characters"),
    "resource": _("resources"),
    "item": _("items"),
    "site": _("sites"),
    "default": _("everyone else"),
    "prefer": _("preferred"),
    "character_races": _("character races"),
    "faction_races": _("faction races"),
    "max_character_mind": _("most mind of a character"),
    "sites_needing_balrog_version": _("sites needing their Balrog version"),
    "max_cards": _("most cards"),
    "stage_points": _("stage points"),
    "min_nonunique": _("fewest non-unique cards"),
}


def _word(key: str) -> str:
    name = TABLE_WORDS.get(key) or PLAYER_TYPE_NAMES.get(key) or ALIGNMENT_NAMES.get(key)
    return str(name) if name is not None else key.replace("_", " ")


def _order(key: Any) -> tuple[int, str]:
    """One order for a table's entries whatever the storage kept (PostgreSQL's jsonb
    reorders keys): player types, then the table words, then alignments, then the rest."""
    for rank, names in enumerate((PLAYER_TYPE_NAMES, TABLE_WORDS, ALIGNMENT_NAMES)):
        if key in names:
            return rank, f"{list(names).index(key):04d}"
    return 3, str(key)


def _words(value: Any) -> str:
    """Any rule value in words: tables as "name: value" parts, lists joined."""
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if value is None:
        return str(_("no limit"))
    if isinstance(value, dict):
        ordered = sorted(value.items(), key=lambda kv: _order(kv[0]))
        return "; ".join(f"{_word(str(k))}: {_words(v)}" for k, v in ordered)
    if isinstance(value, list):
        return (
            ", ".join(
                str(PLAYER_TYPE_NAMES.get(v) or ALIGNMENT_NAMES.get(v) or ZONE_NAMES.get(v) or v)
                if isinstance(v, str)
                else _words(v)
                for v in value
            )
            or "—"
        )
    return str(value)


def rule_value_words(value: Any) -> str:
    """A rule's value as people read it (a flag as yes or no in their language)."""
    return _words(value)


def value_name(key: str, value: Any) -> str:
    """A text rule's value in words (a value the registry does not know: as it is)."""
    name = RULE_CHOICES.get(key, {}).get(value)
    return str(name) if name is not None else str(value)


def rule_name(key: str) -> str:
    """A rule's name in the reader's language (a rule new to the registry: its words)."""
    name = RULE_NAMES.get(key)
    return str(name) if name is not None else key.replace("_", " ").capitalize()


def named_rules(rules: dict[str, Any]) -> list[tuple[str, str]]:
    """(name, value in words) of each rule, by name, for the formats page."""
    rows = []
    for key, value in rules.items():
        shown = value_name(key, value) if isinstance(value, str) else _words(value)
        rows.append((rule_name(key), shown))
    return sorted(rows)
