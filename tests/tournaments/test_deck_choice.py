"""Which registered deck a player plays (RULES.md §8: a deck per format, or the CoE's
General Opponent pair chosen by the opponent's alignment; reading: a Balrog opponent
counts as a minion opponent)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules import deck_choice as dc

TYPES = ("wizard", "ringwraith", "fallen-wizard", "balrog")
SLOTS = (dc.VS_HERO, dc.VS_MINION)


def test_the_deck_for_the_opponents_alignment():
    """RULES.md §8 (CoE General Opponent): a deck against Wizard (hero) players, one against
    Ringwraith (minion) players; a Balrog counts as a minion (reading)."""
    assert dc.general_opponent_slot("wizard", dc.VS_HERO) == dc.VS_HERO
    assert dc.general_opponent_slot("ringwraith", dc.VS_HERO) == dc.VS_MINION
    assert dc.general_opponent_slot("balrog", dc.VS_HERO) == dc.VS_MINION


@pytest.mark.parametrize("named", SLOTS)
def test_fallen_wizards_face_the_deck_the_player_named(named):
    """RULES.md §8: the player says which of the two also faces Fallen-wizards."""
    assert dc.general_opponent_slot("fallen-wizard", named) == named
    with pytest.raises(ValueError):
        dc.general_opponent_slot("fallen-wizard", "")


def test_a_round_in_a_format_uses_that_formats_deck():
    """RULES.md §8 (PC Worlds): rounds in different formats, each with its own deck."""
    assert dc.format_slot("pc-movie", {"pc-fellowship", "pc-movie"}) == "pc-movie"
    with pytest.raises(ValueError):
        dc.format_slot("pc-expanded", {"pc-fellowship", "pc-movie"})


pairs = st.builds(dc.Pair, st.sampled_from(TYPES), st.sampled_from(TYPES), st.sampled_from(SLOTS))


@given(pairs, pairs)
def test_every_table_choice_is_the_deck_for_the_other_players_alignment(a, b):
    """RULES.md §8: at a table each plays the deck for the alignment of the deck his
    opponent plays there; the answer is symmetric in the two players."""
    choices = dc.table_choices(a, b)
    for slot_a, slot_b in choices:
        assert slot_a == dc.general_opponent_slot(b.type_of(slot_b), a.fallen_wizard_slot)
        assert slot_b == dc.general_opponent_slot(a.type_of(slot_a), b.fallen_wizard_slot)
    assert sorted((y, x) for x, y in dc.table_choices(b, a)) == sorted(choices)


def test_players_of_one_alignment_each_have_one_answer():
    """A hero player and a minion player whose two decks are of their own alignment."""
    hero = dc.Pair("wizard", "wizard", dc.VS_HERO)
    minion = dc.Pair("ringwraith", "balrog", dc.VS_MINION)
    assert dc.table_choices(hero, minion) == [(dc.VS_MINION, dc.VS_HERO)]
