"""The round robin as pure functions (RULES.md §8: the CoE Worlds' top-4 round robin;
its standings by points, then head-to-head, then the semi-final rank, the Reading)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.round_robin import (
    RobinGame,
    robin_standings,
    round_robin,
    rounds_needed,
)


@given(st.integers(min_value=2, max_value=40))
def test_everyone_meets_everyone_exactly_once_and_never_twice_in_a_round(n):
    """RULES.md §8: everyone meets everyone once; an odd field rests one player a round."""
    players = [f"p{i}" for i in range(n)]
    rounds = round_robin(players)
    assert len(rounds) == rounds_needed(n) == (n - 1 if n % 2 == 0 else n)
    met = Counter(frozenset(pair) for rnd in rounds for pair in rnd.pairs)
    assert set(met) == {frozenset(c) for c in combinations(players, 2)}
    assert set(met.values()) == {1}
    for rnd in rounds:
        seated = [p for pair in rnd.pairs for p in pair]
        assert len(seated) == len(set(seated))
        assert set(seated) | ({rnd.rest} if rnd.rest else set()) == set(players)
    rests = [rnd.rest for rnd in rounds if rnd.rest is not None]
    if n % 2:
        assert sorted(rests) == sorted(players)  # the bye rotates: each rests once
    else:
        assert rests == []


def test_the_top_four_play_three_rounds():
    """RULES.md §8: the CoE Worlds' top 4 play a round robin of 3 rounds."""
    rounds = round_robin(["a", "b", "c", "d"])
    assert len(rounds) == 3
    assert all(len(r.pairs) == 2 and r.rest is None for r in rounds)


def test_a_player_named_twice_is_refused():
    with pytest.raises(ValueError):
        round_robin(["a", "a", "b"])


def _game(a: str, pa: int, b: str, pb: int) -> RobinGame:
    return RobinGame(points={a: pa, b: pb})


def test_points_then_head_to_head_then_the_earlier_rank():
    """RULES.md §8 Reading: ties in the round robin break by head-to-head, then the
    semi-final rank."""
    seeds = ["a", "b", "c", "d"]
    games = [
        _game("a", 2, "b", 4),  # b beat a
        _game("c", 3, "d", 3),
        _game("a", 6, "c", 0),
        _game("b", 3, "d", 3),
        _game("a", 4, "d", 2),
        _game("b", 5, "c", 1),
    ]
    rows = robin_standings(seeds, games)
    assert [r.player for r in rows] == ["b", "a", "d", "c"]
    assert [r.points for r in rows] == [12, 12, 8, 4]
    # a and b tied on 12: their game (b 4, a 2) puts b above a by head-to-head.
    rows_with_h2h = {r.player: r.head_to_head for r in rows}
    assert rows_with_h2h["b"] == 4 and rows_with_h2h["a"] == 2


def test_head_to_head_decides_before_the_earlier_rank():
    games = [_game("a", 2, "b", 4), _game("a", 4, "c", 2), _game("b", 2, "c", 4)]
    rows = robin_standings(["a", "b", "c"], games)
    # All three on 6: head-to-head among all three is the same 6 each, so the earlier rank.
    assert [r.player for r in rows] == ["a", "b", "c"]
    two = robin_standings(["a", "b"], [_game("a", 2, "b", 4)], start_points={"a": 2})
    assert [r.player for r in two] == ["b", "a"]  # 4 v 4, b won their game


def test_carried_points_count_and_zero_start_does_not():
    """RULES.md §8: in the CoE round robin tournament points start again from zero."""
    games = [_game("a", 3, "b", 3)]
    fresh = robin_standings(["a", "b"], games)
    assert [r.player for r in fresh] == ["a", "b"]  # equal: the earlier rank
    carried = robin_standings(["a", "b"], games, start_points={"a": 10, "b": 14})
    assert [(r.player, r.points) for r in carried] == [("b", 17), ("a", 13)]


@given(st.integers(min_value=2, max_value=9), st.randoms(use_true_random=False))
def test_standings_rank_every_seed_once_by_points(n, rng):
    players = [f"p{i}" for i in range(n)]
    games = [
        _game(a, pa, b, 6 - pa)
        for rnd in round_robin(players)
        for a, b in rnd.pairs
        for pa in [rng.randint(0, 6)]
    ]
    rows = robin_standings(players, games)
    assert sorted(r.player for r in rows) == sorted(players)
    assert [r.rank for r in rows] == list(range(1, n + 1))
    assert all(x.points >= y.points for x, y in pairwise(rows))
    assert sum(r.points for r in rows) == 6 * len(games)
