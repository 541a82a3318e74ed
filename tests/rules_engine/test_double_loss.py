"""A double loss (RULES.md §8, CoE online events, Reading: "a table with no result at the
deadline is decided by the director: a double loss by default"): every player at the
table loses with 0 points, nobody wins, nothing is rated; the standings count it as a
loss for each player and a win for nobody."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine import GAME_SYSTEMS, GameResult, InvalidResult, Seat, find_problems, score_game
from rules_engine.types import DOUBLE_LOSS, LOSS
from tournaments.standings import StandingGame, compute_standings

GAMES = sorted(GAME_SYSTEMS)


@given(game=st.sampled_from(GAMES), data=st.data())
def test_every_player_of_any_game_loses_with_zero_and_nobody_wins(game, data):
    """RULES.md §8: a double loss, for every game and every table size it seats."""
    system = GAME_SYSTEMS[game]
    multiplayer = system.multiplayer_seats is not None and data.draw(st.booleans())
    low, high = system.seat_range(multiplayer) or system.two_player_seats
    n = data.draw(st.integers(low, high))
    seats = tuple(Seat(f"p{i}") for i in range(n))
    round_number = data.draw(st.integers(1, 12))
    score = score_game(
        GameResult(
            game, seats, round_number=round_number, multiplayer=multiplayer, outcome=DOUBLE_LOSS
        )
    )
    assert score.points == {s.player: 0 for s in seats}
    assert set(score.outcome.values()) == {LOSS}
    assert score.winner is None and score.winners == ()
    assert score.rated == ()  # a game not played is not rated (000 Part VI §3 "Ratings")
    assert score.outcome_key == DOUBLE_LOSS
    assert "double loss" in score.band


@pytest.mark.parametrize("game", GAMES)
def test_a_double_loss_names_no_winner_and_no_score(game):
    """RULES.md §8: the game was not played; a winner or a score is refused, each said."""
    mps = None if not GAME_SYSTEMS[game].uses_mps else 12
    result = GameResult(game, (Seat("a", mps), Seat("b")), outcome=DOUBLE_LOSS, winner="a")
    codes = [p.code for p in find_problems(result)]
    assert "winner_not_allowed" in codes
    assert ("mps_not_allowed" in codes) == (mps is not None)
    with pytest.raises(InvalidResult):
        score_game(result)


def test_a_double_loss_is_no_one_ring_win():
    result = GameResult("metw", (Seat("a"), Seat("b")), outcome=DOUBLE_LOSS, one_ring="a")
    assert "conflicting_outcome" in [p.code for p in find_problems(result)]


def test_the_standings_count_a_loss_for_each_and_a_win_for_nobody():
    """RULES.md §8 with 000 Part VI §3 "Scoring": a double loss scores 0 for both and is a
    loss for each in the tiebreaks (fewer losses); head-to-head gives neither anything."""
    lost = score_game(GameResult("metw", (Seat("a"), Seat("b")), outcome=DOUBLE_LOSS))
    played = score_game(GameResult("metw", (Seat("c", 20), Seat("d", 15))))
    games = [
        StandingGame(1, lost.points, lost.outcome),
        StandingGame(1, played.points, played.outcome),
    ]
    rows = {r.player: r for r in compute_standings(["a", "b", "c", "d"], games)}
    assert (rows["a"].points, rows["a"].wins, rows["a"].losses) == (0, 0, 1)
    assert (rows["b"].points, rows["b"].wins, rows["b"].losses) == (0, 0, 1)
    assert sum(r.wins for r in rows.values()) == 1  # only the played game has a winner
    # d lost 4–2 and beats both on points; a and b share a rank (same points, same loss).
    assert rows["d"].rank < rows["a"].rank == rows["b"].rank
