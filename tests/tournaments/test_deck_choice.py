"""Which registered deck a player plays (RULES.md §8: a deck per format, or the CoE's
General Opponent pair chosen by the opponent's alignment; reading: a Balrog opponent
counts as a minion opponent)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.tournaments.deck_oracle import consistent, faces
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


_consistent = consistent


any_pairs = st.builds(
    dc.Pair, st.sampled_from(TYPES), st.sampled_from(TYPES), st.sampled_from((*SLOTS, ""))
)
recorded = st.sampled_from(("", *SLOTS))


@given(any_pairs, any_pairs)
def test_the_table_shows_the_one_consistent_pair_or_every_possible_list(a, b):
    """RULES.md §8: each plays the deck for his opponent's alignment. One consistent pair
    of decks is the table's; otherwise (reading, docs/decks-per-player.md) each seat shows
    every list it may play until the decks played are recorded."""
    seat_a, seat_b = dc.general_opponent_table(a, b)
    fits = _consistent(a, b)
    if len(fits) == 1:
        ((x, y),) = fits
        assert (seat_a, seat_b) == (
            dc.SeatDeck((x,), dc.BY_OPPONENT),
            dc.SeatDeck((y,), dc.BY_OPPONENT),
        )
    elif fits:
        assert set(seat_a.slots) == {x for x, _ in fits}
        assert set(seat_b.slots) == {y for _, y in fits}
        assert seat_a.code == seat_b.code == dc.TWO_WAYS
    else:
        assert seat_a.slots == seat_b.slots == dc.PAIR_SLOTS
        assert seat_a.code == seat_b.code == dc.NO_WAY
    # The answer does not depend on who sits first.
    assert dc.general_opponent_table(b, a) == (seat_b, seat_a)


@given(any_pairs, any_pairs, recorded, recorded)
def test_a_recorded_deck_decides_and_decides_the_opponents_deck(a, b, rec_a, rec_b):
    """Reading (docs/decks-per-player.md): the decks recorded with the result are the
    ones played; one recorded deck gives the opponent's by its alignment."""
    seat_a, seat_b = dc.general_opponent_table(a, b, (rec_a, rec_b))
    if rec_a:
        assert seat_a == dc.SeatDeck((rec_a,), dc.RECORDED)
    if rec_b:
        assert seat_b == dc.SeatDeck((rec_b,), dc.RECORDED)
    if rec_a and not rec_b:
        own = a.vs_hero if rec_a == "vs-hero" else a.vs_minion
        expected = faces(b, own)
        assert seat_b.slots == ((expected,) if expected else dc.PAIR_SLOTS)


def test_a_missing_list_leaves_the_table_undecided():
    hero = dc.Pair("wizard", "wizard", dc.VS_HERO)
    seat_a, seat_b = dc.general_opponent_table(hero, None)
    assert seat_a.code == seat_b.code == dc.NO_WAY and seat_b.slots == dc.PAIR_SLOTS


def test_players_who_change_alignment_with_the_opponent_meet_two_ways():
    """A player with a minion deck against heroes and a hero deck against minions (as a
    2024 report describes) meeting another such player: either may play hero."""
    swapper = dc.Pair("ringwraith", "wizard", dc.VS_HERO)
    seat_a, seat_b = dc.general_opponent_table(swapper, swapper)
    assert seat_a == seat_b == dc.SeatDeck(dc.PAIR_SLOTS, dc.TWO_WAYS)


def test_the_lists_asked_for():
    """RULES.md §8: a deck per format the rounds use, or the General Opponent pair."""
    assert dc.required_slots(dc.ONE_DECK, ["coe"]) == ("",)
    assert dc.required_slots(dc.GENERAL_OPPONENT, []) == (dc.VS_HERO, dc.VS_MINION)
    formats = ["pc-fellowship", "pc-movie", "pc-fellowship", ""]
    assert dc.required_slots(dc.PER_FORMAT, formats) == ("pc-fellowship", "pc-movie")


@given(st.lists(st.sampled_from(("a", "b", "")), max_size=8), st.integers(1, 12))
def test_each_round_is_played_in_its_stages_format(formats, number):
    """RULES.md §8 (PC Worlds): a format per round, else the event's own."""
    stages = [dc.StageRounds(1, tuple(formats)), dc.StageRounds(9, ("c",))]
    got = dc.round_format_of(stages, number, "own")
    if number >= 9:
        assert got == ("c" if number == 9 else "own")
    elif number - 1 < len(formats) and formats[number - 1]:
        assert got == formats[number - 1]
    else:
        assert got == "own"
