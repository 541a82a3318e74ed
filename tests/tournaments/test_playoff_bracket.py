"""The top-cut bracket as pure functions: seeding 1 v 8, 4 v 5 …, advancing, final places."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules import bracket


def test_bracket_order_puts_best_against_worst():
    assert bracket.bracket_order(2) == [1, 2]
    assert bracket.bracket_order(4) == [1, 4, 2, 3]
    assert bracket.bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(ValueError):
        bracket.bracket_order(6)


def test_first_stage_from_swiss_order():
    stage = bracket.first_stage(["a", "b", "c", "d"])
    assert [(p.high, p.low, p.high_seed, p.low_seed) for p in stage] == [
        ("a", "d", 1, 4),
        ("b", "c", 2, 3),
    ]


def _run(size: int, rng: random.Random) -> tuple[list[str], list[bracket.Played]]:
    swiss = [f"p{i}" for i in range(1, size + 5)]
    matches: list[bracket.Played] = []
    current = [(p.high, p.low, p.high_seed, p.low_seed) for p in bracket.first_stage(swiss[:size])]
    stage = 1
    while current:
        winners = []
        for slot, (h, lo, hs, ls) in enumerate(current):
            w = rng.choice([h, lo])
            matches.append(bracket.Played(stage, slot, h, lo, hs, ls, w))
            winners.append((w, hs if w == h else ls))
        current = [
            (*sorted([winners[i], winners[i + 1]], key=lambda x: x[1]),)
            for i in range(0, len(winners) - 1, 2)
        ]
        current = [(a[0], b[0], a[1], b[1]) for a, b in current]
        stage += 1
    return swiss, matches


@given(st.sampled_from(bracket.CUT_SIZES), st.integers(0, 10_000))
def test_final_places_put_the_playoff_above_the_swiss_order(size, seed):
    swiss, matches = _run(size, random.Random(seed))
    places = bracket.final_places(swiss, matches)
    assert sorted(places) == sorted(swiss)
    assert places[0] == bracket.champion(matches, size)
    final = next(m for m in matches if m.stage == bracket.stage_count(size))
    assert places[1] == bracket.eliminated(final)[0]
    assert set(places[:size]) == set(swiss[:size])
    assert places[size:] == swiss[size:]


def test_final_places_before_the_playoff_are_the_swiss_order():
    assert bracket.final_places(["a", "b", "c"], []) == ["a", "b", "c"]


def test_next_match_feeds_neighbours_into_one_slot():
    assert bracket.next_match(1, 0) == (2, 0, "high")
    assert bracket.next_match(1, 1) == (2, 0, "low")
    assert bracket.next_match(1, 3) == (2, 1, "low")
