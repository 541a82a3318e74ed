"""Every deck check of every game, listed as data in one place.

A check is a small function over one resolved deck (a game's ``*Deck``) that returns
its problems; ``GAME_RULES[game]`` says how that game builds the deck from the resolved
lines, which checks run (in the order their problems are shown) and how the counts are
read. To add a check: write the function in its family's module and list it here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.deckrules.cards import LORE, LOTR_TCG, METW
from rules_engine.deckrules.checks import lore
from rules_engine.deckrules.checks.lotr import adventure, draw_deck, format_lists, ring_bearer
from rules_engine.deckrules.checks.lotr import deck as lotr_deck
from rules_engine.deckrules.checks.metw import (
    balrog,
    characters,
    copies,
    counts,
    creatures,
    locations,
    mix,
    player_type,
    pool,
    sideboard,
)
from rules_engine.deckrules.checks.metw import deck as metw_deck
from rules_engine.deckrules.problems import Problem


@dataclass(frozen=True)
class GameRules:
    build: Callable[..., Any]  # (found, unknown, fmt, player_type) -> the game's deck
    checks: Sequence[Callable[[Any], list[Problem]]]
    counts: Callable[[Any], dict[str, Any]]


GAME_RULES: dict[str, GameRules] = {
    METW: GameRules(
        build=metw_deck.build,
        checks=(
            metw_deck.sites_listed_elsewhere,
            metw_deck.wrong_section,
            mix.resources_count,
            mix.resources_equal_hazards,
            characters.play_characters_max,
            characters.play_character_copies,
            characters.avatars_max,
            characters.avatars_all_different,
            characters.avatar_copies,
            creatures.creatures_min,
            creatures.agents_mind,
            copies.unique_copies,
            copies.nonunique_copies,
            locations.site_copies,
            locations.regions,
            sideboard.sideboard_size,
            sideboard.sideboard_fw_size,
            pool.pool_characters,
            pool.pool_avatars,
            pool.pool_mind,
            pool.pool_item_kind,
            pool.pool_items,
            pool.fw_stage_pool,
            pool.pool_card_type,
            player_type.player_type_unknown,
            player_type.player_type_cards,
            player_type.banned,
            balrog.balrog_limits,
            player_type.specific_to_avatar,
            player_type.banned_for_player_type,
        ),
        counts=counts.counts,
    ),
    LOTR_TCG: GameRules(
        build=lotr_deck.build,
        checks=(
            lotr_deck.assumed_lines,
            lotr_deck.sites_listed_elsewhere,
            lotr_deck.wrong_section,
            lotr_deck.map_missing,
            ring_bearer.ring_bearer_present,
            ring_bearer.ring_bearer_valid,
            ring_bearer.ring_present,
            ring_bearer.ring_valid,
            draw_deck.ring_in_draw_deck,
            draw_deck.card_types,
            draw_deck.draw_size,
            draw_deck.fp_shadow_equal,
            draw_deck.title_copies,
            format_lists.restricted_copies,
            format_lists.restricted_titles,
            format_lists.banned,
            format_lists.not_in_format,
            adventure.site_count,
            adventure.sites_different,
            adventure.site_path,
        ),
        counts=lotr_deck.counts,
    ),
    LORE: GameRules(
        build=lore.build,
        checks=(
            lore.unknown_cards,
            lore.deck_size,
            lore.sideboard_size,
            lore.copies,
        ),
        counts=lore.counts,
    ),
}
