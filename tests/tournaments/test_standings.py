"""Final standings and tiebreaks: 000 Part VI §3 "Scoring" (and RULES.md §3 reading)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import (
    DEFAULT_TIEBREAKS,
    TIEBREAKS,
    StandingGame,
    compute_standings,
)

RESULTS = ((7, 0), (6, 0), (5, 1), (4, 2), (3, 3))


def game(r, a, pa, b, pb):
    outcome = "draw" if pa == pb else "win" if pa > pb else "loss"
    other = {"win": "loss", "loss": "win", "draw": "draw"}[outcome]
    return StandingGame(r, {a: pa, b: pb}, {a: outcome, b: other})


def bye(r, p, pts):
    return StandingGame(r, {p: pts}, {p: "win"}, is_bye=True)


def order(rows):
    return [row.player for row in rows]


def test_most_points_wins():
    """000 Part VI §3: "The winner ... is the player with the most tournament points"."""
    rows = compute_standings(["a", "b"], [game(1, "a", 6, "b", 0)])
    assert order(rows) == ["a", "b"] and [r.rank for r in rows] == [1, 2]
    assert rows[0].points == 6 and rows[0].wins == 1 and rows[1].losses == 1


def test_head_to_head_decides_a_two_way_tie():
    """000 Part VI §3 tiebreak 1: "if the players played a game against each other, the
    winner of the game wins the tie" (before losses: both have one loss here)."""
    games = [
        game(1, "a", 4, "b", 2),  # a beat b
        game(2, "a", 2, "c", 4),
        game(2, "b", 4, "d", 2),
    ]
    rows = {r.player: r for r in compute_standings("abcd", games)}
    assert rows["a"].points == rows["b"].points == 6
    assert rows["a"].losses == rows["b"].losses == 1
    assert rows["a"].rank < rows["b"].rank
    assert rows["a"].tiebreaks["head_to_head"] == 4
    assert "head-to-head decides" in rows["a"].explanation


def test_head_to_head_skipped_unless_every_pair_met():
    """RULES.md §3 reading of 000 Part VI §3 tiebreak 1: a tied group uses head-to-head only
    when every pair in it met; here a-b met but c met neither, so losses decide, and the
    a-b split re-enters the chain with the remaining metric (opponents' points)."""
    games = [
        game(1, "a", 4, "b", 2),
        game(1, "c", 3, "z", 3),
        game(2, "a", 2, "y", 4),
        game(2, "b", 4, "x", 2),
        game(2, "c", 3, "w", 3),
    ]
    rows = {r.player: r for r in compute_standings("abcwxyz", games)}
    assert rows["a"].points == rows["b"].points == rows["c"].points == 6
    assert "head-to-head: not used" in rows["a"].explanation
    assert [p for p in sorted(rows, key=lambda p: rows[p].rank) if p in "abc"] == ["c", "a", "b"]
    assert rows["a"].opponents_points == 10 and rows["b"].opponents_points == 8


def test_fewer_losses_then_opponents_points():
    """000 Part VI §3 tiebreaks 2 and 3: fewer losses, then the highest sum of the opponents'
    final tournament points."""
    games = [
        game(1, "a", 3, "x", 3),
        game(1, "b", 4, "y", 2),
        game(2, "a", 3, "z", 3),
        game(2, "b", 2, "w", 4),
    ]
    rows = {r.player: r for r in compute_standings(["a", "b", "w", "x", "y", "z"], games)}
    assert rows["a"].points == rows["b"].points == 6
    assert rows["a"].losses == 0 and rows["b"].losses == 1
    assert rows["a"].rank < rows["b"].rank
    # opponents' points: x 3 + z 3 for a; y 2 + w 4 for b
    assert rows["a"].opponents_points == 6 and rows["b"].opponents_points == 6

    games2 = [game(1, "a", 4, "x", 2), game(1, "b", 4, "y", 2), game(2, "x", 6, "y", 0)]
    rows2 = {r.player: r for r in compute_standings(["a", "b", "x", "y"], games2)}
    assert rows2["a"].rank < rows2["b"].rank  # a's opponent x has 8, b's opponent y has 2
    assert rows2["a"].tiebreaks["opponents_points"] == 8


def test_byes_have_no_opponent():
    """000 Part VI §3: a bye gives points (6/5/4) but there is no opponent to sum."""
    rows = {
        r.player: r
        for r in compute_standings(["a", "b", "c"], [bye(1, "a", 6), game(1, "b", 6, "c", 0)])
    }
    assert rows["a"].points == 6 and rows["a"].byes == 1 and rows["a"].games == 0
    assert rows["a"].opponents_points == 0 and rows["a"].wins == 0


def test_full_tie_shares_rank():
    """000 Part VI §3: players equal after every tiebreak share the place."""
    rows = compute_standings(
        ["a", "b", "c", "d"], [game(1, "a", 3, "b", 3), game(1, "c", 3, "d", 3)]
    )
    assert [r.rank for r in rows] == [1, 1, 1, 1]
    assert "shared rank" in rows[0].explanation


def test_registry_and_alternative_chain():
    """Tiebreaks are data: the default chain is 000 Part VI §3's; alternatives exist."""
    assert DEFAULT_TIEBREAKS == ["head_to_head", "fewer_losses", "opponents_points"]
    for key in ("opponents_win_pct", "wins", "median_buchholz"):
        assert key in TIEBREAKS
    games = [game(1, "a", 6, "x", 0), game(1, "b", 3, "y", 3), game(2, "b", 3, "z", 3)]
    rows = compute_standings(["a", "b", "x", "y", "z"], games, ["wins"])
    assert order(rows)[:2] == ["a", "b"]
    with pytest.raises(ValueError, match="unknown tiebreak"):
        compute_standings(["a"], [], ["coin_flip"])


def test_opponents_win_pct_has_a_floor():
    """MTG-style alternative: each opponent's win rate counts at least 1/3."""
    games = [game(1, "a", 6, "x", 0), game(1, "b", 6, "y", 0), game(2, "y", 6, "z", 0)]
    rows = {
        r.player: r
        for r in compute_standings(["a", "b", "x", "y", "z"], games, ["opponents_win_pct"])
    }
    assert rows["a"].tiebreaks["opponents_win_pct"] == pytest.approx(1 / 3, abs=1e-6)
    assert rows["b"].tiebreaks["opponents_win_pct"] == pytest.approx(0.5, abs=1e-6)
    assert rows["b"].rank < rows["a"].rank


def random_event(seed, n, rounds):
    rng = random.Random(seed)
    players = [f"p{i:03d}" for i in range(n)]
    games = []
    for r in range(1, rounds + 1):
        order_ = players[:]
        rng.shuffle(order_)
        if len(order_) % 2:
            games.append(bye(r, order_.pop(), 6 if r == 1 else 5 if r == 2 else 4))
        for i in range(0, len(order_), 2):
            pa, pb = rng.choice(RESULTS)
            games.append(game(r, order_[i], pa, order_[i + 1], pb))
    return players, games


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(1, 20),
    rounds=st.integers(0, 5),
    chain=st.lists(st.sampled_from(sorted(TIEBREAKS)), max_size=4, unique=True),
)
def test_standings_properties(seed, n, rounds, chain):
    """000 Part VI §3 standings: points add up, ranks are consistent, input order is
    irrelevant."""
    players, games = random_event(seed, n, rounds)
    rows = compute_standings(players, games, chain)
    assert sum(r.points for r in rows) == sum(sum(g.points.values()) for g in games)
    assert sorted(r.player for r in rows) == sorted(players)
    ranks = [r.rank for r in rows]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    for i, row in enumerate(rows):
        assert row.rank == 1 + sum(1 for other in rows if other.rank < row.rank)
        assert row.rank == i + 1 or row.rank == rows[i - 1].rank
        assert row.wins + row.losses + row.draws == row.games
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    shuffled = games[:]
    random.Random(seed).shuffle(shuffled)
    again = compute_standings(players[::-1], shuffled, chain)
    assert [(r.player, r.rank, r.points) for r in again] == [
        (r.player, r.rank, r.points) for r in rows
    ]


def test_multiplayer_pod_counts_every_pod_mate():
    """000 Part VI "Multi-player tournaments" with §3 tiebreaks: every other player at the
    pod is an opponent, so each one's final points count in opponents' points."""
    pod = StandingGame(
        1,
        {"a": 6, "b": 0, "c": 1, "d": 2},
        {"a": "win", "b": "loss", "c": "loss", "d": "loss"},
    )
    rows = {r.player: r for r in compute_standings("abcd", [pod])}
    assert rows["a"].opponents_points == 3 and rows["a"].wins == 1
    assert rows["b"].opponents_points == 9 and rows["b"].losses == 1
    assert [rows[p].rank for p in "adcb"] == [1, 2, 3, 4]


def test_unknown_player_in_a_game_is_rejected():
    """000 Part VI §3 standings cover the event's players; a stray id is a caller error."""
    with pytest.raises(ValueError, match="unknown player"):
        compute_standings(["a"], [game(1, "a", 6, "zz", 0)])
