"""The message template of every deck problem code (and its variants, "code:variant"),
marked for the translation catalogue; rendered by rules_engine/deckrules/messages.py."""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    """Marks ``message`` for the translation catalogue; translated when rendered."""
    return message


TEMPLATES: dict[str, str] = {
    # The format a list names on a "Format:" line (GEMP deck pages have one).
    "format_from_list": gettext_noop(
        "The list says “Format: %(declared)s”: checked as %(format)s."
    ),
    "format_differs": gettext_noop(
        "The list says “Format: %(declared)s” (%(named)s), but it is checked as %(format)s, "
        "the format chosen."
    ),
    "format_unknown": gettext_noop(
        "The list says “Format: %(declared)s”, a format not known here: checked as %(format)s."
    ),
    # Reading the list (validate.py, problems.py).
    "line_not_understood": gettext_noop(
        "Line %(line)s: not understood, neither a card nor a heading: “%(text)s”."
    ),
    "not_in_format": gettext_noop(
        "Line %(line)s: “%(name)s” is not allowed in %(format)s: no printing of it is in the "
        "format (%(printings)s)."
    ),
    "ambiguous_card": gettext_noop(
        "Line %(line)s: “%(name)s” fits several cards: %(options)s. Add the set code, e.g. "
        "“(TW)” or “(1)”, or the full name."
    ),
    "name_read": gettext_noop("Line %(line)s: read ‘%(text)s’ as %(card)s."),
    "name_read:nickname": gettext_noop("Line %(line)s: read the nickname ‘%(text)s’ as %(card)s."),
    "unknown_card": gettext_noop("Line %(line)s: no card named “%(name)s”."),
    "unknown_card:suggest": gettext_noop(
        "Line %(line)s: no card named “%(name)s”. Did you mean %(suggestions)s?"
    ),
    "declared_count_mismatch": gettext_noop(
        "Line %(line)s: “%(heading)s” says %(declared)s, the lines below it list %(listed)s."
    ),
    "site_moved": gettext_noop(
        "Sites listed among other cards, counted in the %(where)s: %(sites)s."
    ),
    # METW (003 Part I §2–3, CoE 1.3–1.7).
    "resources_count": gettext_noop("%(resources)s in the play deck: between %(min)s and %(max)s."),
    "resources_hazards_equal": gettext_noop(
        "%(resources)s, %(hazards)s: the play deck must have as many hazards as resources."
    ),
    "sideboard_size": gettext_noop("%(cards)s in the sideboard: at most %(max)s."),
    "sideboard_size:none": gettext_noop("%(cards)s: the starter rules have no sideboard."),
    "sideboard_fw_size": gettext_noop(
        "%(cards)s in the sideboard against Fallen-wizards: at most %(max)s."
    ),
    "play_characters_max": gettext_noop(
        "%(characters)s in the play deck: at most %(max)s (avatars not counted)."
    ),
    "play_characters_max:starter": gettext_noop(
        "%(characters)s in the play deck: at most %(max)s (Wizards not counted)."
    ),
    "play_character_copies": gettext_noop(
        "Only one of each character card in the play deck: %(copies)s."
    ),
    "avatars_max": gettext_noop("%(avatars)s in the play deck: at most %(max)s."),
    "avatars_all_different": gettext_noop(
        "%(distinct)s different avatars (%(names)s): up to %(max)s avatar cards are allowed, "
        "but not %(different)s different ones."
    ),
    "avatar_copies": gettext_noop(
        "More than one avatar with several copies in play deck and sideboard: %(copies)s. "
        "Only %(max)s avatar may have more than one copy."
    ),
    "copies_unique": gettext_noop("%(count)s × %(card)s: a unique card may appear once%(scope)s."),
    "copies_nonunique": gettext_noop(
        "%(count)s × %(card)s: at most %(max)s copies of a non-unique card%(scope)s%(fw)s."
    ),
    "site_copies": gettext_noop(
        "Only one of each non-Haven site in the location deck: %(copies)s."
    ),
    "site_copies:fw": gettext_noop(
        "Only one of each hero and minion site in a Fallen-wizard's location deck: %(copies)s."
    ),
    "regions_not_allowed": gettext_noop(
        "%(regions)s (%(names)s): no region cards in the location deck."
    ),
    "regions_not_allowed:starter": gettext_noop(
        "%(regions)s (%(names)s): the starter rules use no region cards."
    ),
    "wrong_section": gettext_noop("Listed in the wrong part of the deck: %(cards)s."),
    "pool_characters": gettext_noop(
        "%(characters)s %(where)s: between %(min)s and %(max)s.%(hint)s"
    ),
    "pool_characters:max": gettext_noop("%(characters)s %(where)s: at most %(max)s.%(hint)s"),
    "pool_avatar": gettext_noop("%(names)s: the pool holds non-avatar characters only."),
    "pool_avatar:starter": gettext_noop("%(names)s: no Wizards among the starting characters."),
    "pool_mind": gettext_noop("Starting characters' combined mind is %(mind)s: at most %(max)s."),
    "pool_item_kind": gettext_noop("%(names)s: only non-unique minor items may start the game."),
    "pool_items": gettext_noop(
        "%(items)s %(where)s: at most %(max)s minor items in total%(in_lieu)s."
    ),
    "fw_stage_pool": gettext_noop(
        "A Fallen-wizard's pool needs up to %(max)s Stage resource permanent-events worth "
        "exactly %(want)s stage points, at least %(min_nonunique)s of them non-unique — it has "
        "%(listed)s: %(wrong)s."
    ),
    "fw_stage_pool:empty": gettext_noop(
        "The pool has no Stage resource permanent-events: add up to %(max)s Stage resource "
        "permanent-events worth exactly %(want)s stage points, at least %(min_nonunique)s of "
        "them non-unique."
    ),
    "pool_card_type": gettext_noop(
        "%(names)s: the pool holds characters and minor items only%(stage)s."
    ),
    "player_type_unknown": gettext_noop(
        "Say which player type this deck is for (Wizard, Ringwraith, Fallen-wizard or Balrog): "
        "the list's avatars and sites do not tell."
    ),
    "player_type_card": gettext_noop("Not for a %(player_type)s player: %(cards)s."),
    "banned": gettext_noop("Banned in %(format)s: %(names)s."),
    "banned_for_player_type": gettext_noop("A %(player_type)s player may not include: %(names)s."),
    "specific_to_avatar": gettext_noop(
        "Cards specific to an avatar a %(player_type)s player does not declare: %(cards)s."
    ),
    "specific_to_avatar:other": gettext_noop(
        "Cards specific to an avatar other than this deck's %(avatar)s: %(cards)s."
    ),
    "balrog_character_race": gettext_noop(
        "A Balrog player's characters are Orcs or Trolls: %(cards)s."
    ),
    "balrog_character_mind": gettext_noop(
        "A Balrog player's characters have mind %(max)s or less unless Balrog-specific: %(cards)s."
    ),
    "balrog_faction": gettext_noop(
        "A Balrog player's factions are Orc, Troll, Wolf, Animal or Dragon: %(cards)s."
    ),
    "balrog_site": gettext_noop(
        "A Balrog player uses the Balrog version of these sites, not the minion one: %(cards)s."
    ),
    # LOTR TCG (001 "Building your deck", "Formats").
    "ring_in_draw_deck": gettext_noop(
        "%(count)s × The One Ring in the draw deck: the Ring is not part of the draw deck."
    ),
    "draw_deck_card_type": gettext_noop(
        "Not Free Peoples or Shadow cards, cannot be in the draw deck: %(names)s."
    ),
    "draw_deck_size": gettext_noop("%(cards)s in the draw deck: at least %(min)s."),
    "fp_shadow_equal": gettext_noop("%(free_peoples)s, %(shadow)s Shadow: they must be equal."),
    "copies_ring_bearer": gettext_noop(
        "%(count)s × %(card)s in the draw deck besides the Ring-bearer: at most %(max)s (one "
        "copy is always in the starting fellowship)."
    ),
    "copies_title": gettext_noop(
        "%(count)s × %(card)s: at most %(max)s copies of one card title (subtitles ignored)."
    ),
    "ring_bearer_missing": gettext_noop(
        "No Ring-bearer: add a line “Ring-bearer: Frodo, Son of Drogo” (any character with "
        "the ringed resistance icon, or any version of Frodo)."
    ),
    "ring_bearer_count": gettext_noop("%(count)s Ring-bearers (%(names)s): exactly one."),
    "ring_bearer_invalid": gettext_noop(
        "%(card)s cannot be the Ring-bearer: only a character with the ringed resistance "
        "icon, or any version of Frodo."
    ),
    "ring_missing": gettext_noop(
        "No One Ring: add a line “Ring: The One Ring, The Ruling Ring” (any version)."
    ),
    "ring_invalid": gettext_noop("%(card)s is not a version of The One Ring."),
    "copies_restricted": gettext_noop("%(count)s × %(card)s: %(format)s allows %(max)s copies."),
    "copies_restricted:one": gettext_noop("%(count)s × %(card)s: %(format)s allows 1 copy."),
    "copies_restricted:title": gettext_noop(
        "%(count)s × %(card)s: %(format)s allows one card of this title."
    ),
    "not_in_format:sets": gettext_noop("Not from %(format)s's sets (%(sets)s): %(cards)s."),
    "ring_assumed": gettext_noop("No “Ring:” line: line %(line)s %(card)s is taken as the Ring."),
    "ring_bearer_assumed": gettext_noop(
        "No “Ring-bearer:” line: line %(line)s %(card)s is taken as the Ring-bearer."
    ),
    "sites_count": gettext_noop("%(sites)s in the adventure deck: exactly %(want)s."),
    "sites_duplicate": gettext_noop("Each site must be different: %(copies)s."),
    "site_block": gettext_noop("Sites must be %(block)s sites: %(sites)s."),
    "site_block:mixed": gettext_noop(
        "All nine sites must come from one block; this adventure deck mixes %(blocks)s."
    ),
    "site_numbers": gettext_noop("One site for each site number 1–9: %(parts)s."),
    "site_shadow_number": gettext_noop(
        "At most %(max)s sites with the same Shadow number: %(groups)s."
    ),
    "wrong_section:not_sites": gettext_noop("Not sites, listed in the adventure deck: %(cards)s."),
    "map_missing": gettext_noop(
        "%(format)s needs a map (e.g. Path of the Fellowship) beside the adventure deck."
    ),
    # LoRE (RULES.md §4.3).
    "unknown_card:lore": gettext_noop(
        "Not in the organizer's LoRE card list, counted as non-unique cards: %(cards)s. The "
        "director checks these by hand."
    ),
    "deck_size": gettext_noop("%(cards)s in the deck: between %(min)s and %(max)s."),
    "deck_size:min": gettext_noop("%(cards)s in the deck: at least %(min)s."),
    "deck_size:max": gettext_noop("%(cards)s in the deck: at most %(max)s."),
    "copies_nonunique:lore": gettext_noop(
        "%(count)s × %(card)s: at most %(max)s copies of a card."
    ),
    "creatures_min": gettext_noop(
        "%(creatures)s among the hazards: at least %(min)s (agents, At Home / Ahunt dragons, "
        "creatures also playable as events and Spawn permanent-events count half, rounded "
        "down)."
    ),
    "agents_mind": gettext_noop("Agents' total mind is %(mind)s (%(names)s): at most %(max)s."),
}
