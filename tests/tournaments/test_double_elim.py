"""Double elimination as pure functions (RULES.md §8, Players' Council Worlds: "the top 8
play double elimination ... the upper bracket in one format, the lower bracket in the
other"; reading: no bracket reset unless the event sets it)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rules import bracket
from tournaments.rules import double_elim as de


def _run(size: int, rng: random.Random, reset: bool) -> tuple[list[str], list[de.Match]]:
    """A whole bracket with random winners, one playable match at a time."""
    seeded = [f"p{i}" for i in range(1, size + 1)]
    winners: dict[de.Key, str] = {}
    for _ in range(4 * size + 4):
        matches = de.resolve(seeded, winners, reset)
        playable = [m for m in matches if m.playable]
        if not playable:
            return seeded, matches
        m = rng.choice(playable)
        winners[m.key] = rng.choice([m.high, m.low])
    raise AssertionError("the bracket never ended")


def _losses(matches: list[de.Match]) -> Counter[str]:
    return Counter(m.loser for m in matches if m.loser)


@settings(max_examples=80, deadline=None)
@given(st.integers(de.MIN_SIZE, 33), st.integers(0, 10**6), st.booleans())
def test_everyone_but_the_champion_loses_twice(size, seed, reset):
    """RULES.md §8: double elimination. Everyone but the champion is out after his second
    loss; the one exception is the upper champion beaten in a grand final without a
    reset (RULES.md §8 reading: no reset unless the event sets it)."""
    seeded, matches = _run(size, random.Random(seed), reset)
    won = de.champion(matches)
    assert won in seeded
    losses = _losses(matches)
    final = next(m for m in matches if m.key == de.Key(de.FINAL, 1, 0))
    for pid in seeded:
        if pid == won:
            assert losses[pid] <= 1
        elif pid == final.high and not reset:
            assert losses[pid] in (1, 2)
            assert losses[pid] == 1 or final.winner == pid
        else:
            assert losses[pid] == 2, (pid, losses)
    played_reset = any(m.key == de.Key(de.FINAL, 2, 0) for m in matches)
    assert played_reset == (reset and final.winner == final.low)


@settings(max_examples=60, deadline=None)
@given(st.integers(de.MIN_SIZE, 33), st.integers(0, 10**6), st.booleans())
def test_nobody_is_eliminated_before_two_losses_nor_plays_twice_in_a_wave(size, seed, reset):
    """RULES.md §8: an upper-bracket match is between players who never lost, a
    lower-bracket match between players who lost once (so its loser, out, has lost
    twice); nobody plays two matches of one wave."""
    _seeded, matches = _run(size, random.Random(seed), reset)
    games = [m for m in matches if not m.bye]
    for m in games:
        before = _losses([g for g in games if g.wave < m.wave])
        expected = {de.UPPER: 0, de.LOWER: 1}.get(m.key.side)
        if expected is not None:
            assert (before[m.high], before[m.low]) == (expected, expected), m
    per_wave = Counter((m.wave, p) for m in games for p in (m.high, m.low))
    assert max(per_wave.values()) == 1


@pytest.mark.parametrize("size", [2, 4, 8, 16])
def test_seeds_are_placed_as_the_standard_bracket_places_them(size):
    """RULES.md §8 and §3 "Top cut": the upper bracket's first round is the standard
    bracket (1 v 8, 4 v 5, 2 v 7, 3 v 6 for a top 8), the single elimination's own."""
    seeded = [f"p{i}" for i in range(1, size + 1)]
    first = [m for m in de.resolve(seeded, {}) if m.key.side == de.UPPER and m.key.round == 1]
    order = bracket.bracket_order(size)
    assert [(m.high_seed, m.low_seed) for m in first] == [
        (order[2 * i], order[2 * i + 1]) for i in range(size // 2)
    ]


@given(st.integers(3, 64))
def test_byes_go_to_the_top_seeds(size):
    """RULES.md §8: any field size; the places of a smaller field are byes for the top seeds."""
    seeded = [f"p{i}" for i in range(1, size + 1)]
    matches = de.resolve(seeded, {})
    byes = sorted(m.high_seed or 0 for m in matches if m.bye and m.key.side == de.UPPER)
    assert byes == list(range(1, de.places(size) - size + 1))
    assert all(m.winner == m.high for m in matches if m.bye and m.high)


def test_losers_drop_in_the_standard_order():
    """RULES.md §8 (reading: the drop order of the common bracket tools): losers of upper
    round 2 drop reversed, of upper round 3 with halves swapped."""
    assert [de.drop_index(16, 2, i) for i in range(4)] == [3, 2, 1, 0]
    assert [de.drop_index(32, 3, i) for i in range(4)] == [2, 3, 0, 1]
    assert [de.drop_index(8, 3, 0)] == [0]


def test_a_top_four_runs_to_the_grand_final_and_its_reset():
    """RULES.md §8: upper champion v lower champion; with a reset, a lower champion who
    wins the grand final plays it again."""
    seeded = ["a", "b", "c", "d"]
    w: dict[de.Key, str] = {}
    first = [m for m in de.resolve(seeded, w) if m.key.round == 1 and m.key.side == de.UPPER]
    assert [(m.high, m.low) for m in first] == [("a", "d"), ("b", "c")]
    w[first[0].key], w[first[1].key] = "a", "b"
    w[de.Key(de.UPPER, 2, 0)] = "a"  # b drops into the lower final
    w[de.Key(de.LOWER, 1, 0)] = "c"  # d is out: two losses
    lower_final = next(m for m in de.resolve(seeded, w) if m.key == de.Key(de.LOWER, 2, 0))
    assert {lower_final.high, lower_final.low} == {"b", "c"}
    w[lower_final.key] = "c"
    w[de.Key(de.FINAL, 1, 0)] = "c"
    matches = de.resolve(seeded, w, reset=True)
    reset = next(m for m in matches if m.key == de.Key(de.FINAL, 2, 0))
    assert (reset.high, reset.low) == ("a", "c")
    assert de.champion(matches) is None
    w[reset.key] = "a"
    matches = de.resolve(seeded, w, reset=True)
    assert de.champion(matches) == "a"
    assert de.final_places(seeded, matches) == ["a", "c", "b", "d"]
    assert de.reached(matches) == {
        "a": "champion", "c": "final", "b": "lower_final", "d": "lower_bracket"
    }  # fmt: skip
    # Without a reset the lower champion's grand-final win ends it.
    assert de.champion(de.resolve(seeded, w, reset=False)) == "c"


def test_field_size_limits():
    with pytest.raises(ValueError):
        de.places(1)
    assert de.places(5) == 8
    assert len(de.layout(8)) == 7 + 6 + 1
