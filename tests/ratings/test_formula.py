"""The rating formula: 000 Part VI §3 "Ratings" and RULES.md §6 (with its Readings)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratings.formula import (
    R_DRAW,
    R_LOSS,
    R_WIN,
    START_RATING,
    modification,
    rate_games,
    rate_round,
    rating_change,
    replay,
    replay_pairs,
    winner_bonus,
)
from rules_engine import GameResult, RatedGame, Seat, score_game


def test_every_player_starts_at_150():
    """000 Part VI §3 Ratings: "Each player starts with 150 points."""
    assert START_RATING == 150
    # A player the round has never seen is rated from 150.
    assert rate_round({}, [RatedGame("a", ("b",), "win", 6)]) == {"a": 6}


def test_equal_ratings_move_by_the_winners_tournament_points():
    """000 Part VI §3 Ratings: the winner gains his tournament points for the game,
    the loser loses an equal number."""
    for points in (4, 5, 6, 7):
        assert rating_change(150, 150, "win", points) == points
        assert rating_change(150, 150, "loss", points) == -points


@pytest.mark.parametrize(
    ("own", "opponent", "expected"),
    [
        (150, 159, 0),  # 9 points is not a full ten
        (150, 160, 1),
        (150, 169, 1),
        (150, 170, 2),
        (150, 141, 0),
        (150, 140, -1),
        (150, 131, -1),
        (150, 130, -2),
        (150, 163.34, 1),  # the mean of several opponents
    ],
)
def test_modification_counts_full_tens(own, opponent, expected):
    """000 Part VI §3 Ratings: "For every ten points your opponent's rating is higher
    than yours" → +1 per FULL ten above, −1 per full ten below."""
    assert modification(own, opponent) == expected


def test_win_against_a_higher_rated_opponent_gains_extra():
    """000 Part VI §3 Ratings: "you gain an extra point for winning" per ten above."""
    assert rating_change(150, 175, "win", 4) == 6
    # ... and one less per ten below.
    assert rating_change(175, 150, "win", 4) == 2


def test_loss_against_a_higher_rated_opponent_costs_less():
    """000 Part VI §3 Ratings: "lose one less point for losing" per ten above you;
    "lose an extra point for losing" per ten below you."""
    assert rating_change(150, 175, "loss", 6) == -4
    assert rating_change(175, 150, "loss", 6) == -8


def test_a_win_gains_at_most_ten_and_at_least_one():
    """000 Part VI §3 Ratings: "Each win can gain you no more than ten points, but no less than one."""
    assert rating_change(100, 200, "win", 7) == 10  # 7 + 10 clamped
    assert rating_change(200, 100, "win", 4) == 1  # 4 − 10 clamped
    assert rating_change(150, 150, "win", 0) == 1  # a zero-point "win" still gains one


def test_a_loss_costs_at_most_ten_and_at_least_one():
    """000 Part VI §3 Ratings: "each loss can lose you no more than ten points, but no less than one."""
    assert rating_change(200, 100, "loss", 7) == -10
    assert rating_change(100, 200, "loss", 4) == -1
    # A game every player loses with 0 points (Sauron won, RULES.md §2) still costs one.
    assert rating_change(150, 150, "loss", 0) == -1


def test_draws_move_only_by_the_modification_unclamped():
    """000 Part VI §3 Ratings: "Points are not given or lost based on tournament points
    for draws, only modifications for rating differences." RULES.md §6 Reading:
    not clamped, so equal ratings do not move."""
    assert rating_change(150, 150, "draw", 3) == 0
    assert rating_change(150, 175, "draw", 3) == 2
    assert rating_change(175, 150, "draw", 3) == -2
    assert rating_change(100, 250, "draw", 0) == 15  # beyond the 1..10 of wins/losses


def test_tournament_winner_bonus_is_one_per_game_played():
    """000 Part VI §3 Ratings: "the winner of the tournament gains one extra rating
    point for each game he played"; byes are not games."""
    assert winner_bonus(5) == 5
    assert winner_bonus(0) == 0
    with pytest.raises(ValueError):
        winner_bonus(-1)


def test_unknown_result_and_negative_points_are_refused():
    with pytest.raises(ValueError):
        rating_change(150, 150, "forfeit", 3)
    with pytest.raises(ValueError):
        rating_change(150, 150, "win", -1)
    with pytest.raises(ValueError):
        rate_round({}, [RatedGame("a", (), "win", 3)])


def test_round_uses_start_of_round_ratings():
    """RULES.md §6 Reading: games of one round are rated from the ratings held at
    the start of that round."""
    ratings = {"a": 150, "b": 150, "c": 170, "d": 150}
    games = [
        RatedGame("a", ("b",), "win", 6),
        RatedGame("b", ("a",), "loss", 6),
        RatedGame("c", ("d",), "win", 4),
        RatedGame("d", ("c",), "loss", 4),
    ]
    assert rate_round(ratings, games) == {"a": 6, "b": -6, "c": 2, "d": -2}
    assert rate_games(ratings, games) == [6, -6, 2, -2]


def test_multiplayer_pod_reading():
    """000 Part VI §3 "Multi-player tournaments" + RULES.md §6 Reading: the winner is
    rated as one win against the runner-up, each other player as one loss against
    the winner, the loser's points being the winner's by the ratio to that player."""
    score = score_game(
        GameResult(
            "lore", (Seat("w", 20), Seat("r", 15), Seat("x", 8), Seat("y", 4)), multiplayer=True
        )
    )
    ratings = {"w": 150, "r": 170, "x": 130, "y": 150}
    changes = rate_round(ratings, score.rated)
    # w vs r: 20/15 < 1.5 → 4, r is 2 tens above → +2
    assert changes["w"] == 6
    # r loses to w: 20/15 → winner's 4 points, w is 2 tens below r → +1 per ten costs extra
    assert changes["r"] == -6
    # x: 20/8 ≥ 2 → 6 points, w is 2 tens above x → 6 − 2 = 4
    assert changes["x"] == -4
    # y: 20/4 → 6, equal ratings
    assert changes["y"] == -6


def test_draw_against_several_opponents_uses_their_mean_exactly():
    """RULES.md §6: the difference is taken against the mean rating of the opponents;
    an all-tie pod is a draw (000 Part VI §3 "Multi-player tournaments")."""
    ratings = {"a": 150, "b": 160, "c": 160, "d": 159}
    # mean of b, c, d = 159.67 → 9.67 above a: not a full ten
    assert rate_round(ratings, [RatedGame("a", ("b", "c", "d"), "draw", 0)]) == {"a": 0}
    ratings["d"] = 160
    assert rate_round(ratings, [RatedGame("a", ("b", "c", "d"), "draw", 0)]) == {"a": 1}


def _rounds_strategy():
    game = st.tuples(
        st.integers(0, 7),
        st.integers(0, 7),
        st.sampled_from(["win", "draw"]),
        st.integers(0, 7),
    ).filter(lambda t: t[0] != t[1])
    return st.lists(st.lists(game, min_size=1, max_size=4), min_size=1, max_size=8)


def _rated(game: tuple[int, int, str, int]) -> list[RatedGame]:
    a, b, res, pts = game
    if res == "draw":
        return [RatedGame(str(a), (str(b),), "draw", 0), RatedGame(str(b), (str(a),), "draw", 0)]
    return [RatedGame(str(a), (str(b),), "win", pts), RatedGame(str(b), (str(a),), "loss", pts)]


@given(st.dictionaries(st.sampled_from("abcdef"), st.integers(0, 400)), st.data())
def test_order_of_games_in_a_round_never_changes_a_rating(ratings, data):
    """RULES.md §6 Reading: the order results are entered never changes a rating."""
    players = list("abcdef")
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    rng.shuffle(players)
    games: list[RatedGame] = []
    for i in range(0, 6, 2):
        pts = data.draw(st.integers(0, 7))
        games += [RatedGame(players[i], (players[i + 1],), "win", pts)]
        games += [RatedGame(players[i + 1], (players[i],), "loss", pts)]
    shuffled = data.draw(st.permutations(games))
    assert rate_round(ratings, games) == rate_round(ratings, shuffled)


@given(st.integers(0, 500), st.integers(0, 500), st.integers(0, 7))
def test_win_is_1_to_10_loss_is_minus_10_to_minus_1(own, opponent, points):
    """000 Part VI §3 Ratings: the clamps hold whatever the ratings."""
    assert 1 <= rating_change(own, opponent, "win", points) <= 10
    assert -10 <= rating_change(own, opponent, "loss", points) <= -1


@given(st.integers(0, 500), st.integers(0, 500), st.integers(0, 7))
def test_two_player_game_both_sides_from_start_ratings_and_zero_sum(a, b, points):
    """000 Part VI §3 Ratings: the loser loses "an equal number" — with both sides
    computed from the start ratings the modification is mirrored, so a two-player
    game (won or drawn) is zero-sum."""
    games = [RatedGame("a", ("b",), "win", points), RatedGame("b", ("a",), "loss", points)]
    changes = rate_round({"a": a, "b": b}, games)
    assert changes["a"] == rating_change(a, b, "win", points)
    assert changes["b"] == rating_change(b, a, "loss", points)
    assert changes["a"] + changes["b"] == 0
    draw = rate_round(
        {"a": a, "b": b}, [RatedGame("a", ("b",), "draw", 0), RatedGame("b", ("a",), "draw", 0)]
    )
    assert draw["a"] + draw["b"] == 0


@given(_rounds_strategy())
def test_tuple_replay_equals_round_by_round_formula(rounds):
    """The fast replay gives exactly what rate_round gives, round after round."""
    # Keep one game per player per round, as Swiss pairing does.
    clean_rounds = []
    for games in rounds:
        seen: set[int] = set()
        kept = []
        for g in games:
            if g[0] in seen or g[1] in seen:
                continue
            seen |= {g[0], g[1]}
            kept.append(g)
        clean_rounds.append(kept)

    ratings = {str(i): START_RATING for i in range(8)}
    for games in clean_rounds:
        rated = [r for g in games for r in _rated(g)]
        for player, change in rate_round(ratings, rated).items():
            ratings[player] += change

    code = {"win": R_WIN, "loss": R_LOSS, "draw": R_DRAW}
    tuples = [
        [
            (int(r.player), tuple(int(o) for o in r.opponents), code[r.result], r.points)
            for g in games
            for r in _rated(g)
        ]
        for games in clean_rounds
    ]
    fast = replay(tuples, [START_RATING] * 8)
    assert fast == [ratings[str(i)] for i in range(8)]

    pairs = [
        [(a, b, pts, int(res == "draw")) for a, b, res, pts in games] for games in clean_rounds
    ]
    assert replay_pairs(pairs, [START_RATING] * 8) == fast

    changes: list[int] = []
    replay(tuples, [START_RATING] * 8, changes)
    assert len(changes) == sum(len(t) for t in tuples)
