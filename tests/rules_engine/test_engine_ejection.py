"""A game decided by an ejection (rules_engine.ejection; RULES.md §3 "Warnings" is silent
on the game in progress, the reading is documented in docs/directors-guide.md): the
ejected player loses, the other wins the game's full ordinary win, nothing is rated."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine import GameResult, InvalidResult, ScoringSettings, Seat, score_game
from rules_engine.ejection import EJECTION

GAMES = ["lore", "metw", "lotr-tcg", "lotr-dice"]


@given(
    game=st.sampled_from(GAMES),
    round_number=st.integers(1, 20),
    mps=st.tuples(st.none() | st.integers(-50, 50), st.none() | st.integers(-50, 50)),
    winner=st.sampled_from(["a", "b"]),
)
def test_the_other_player_wins_whatever_was_typed(game, round_number, mps, winner):
    seats = (Seat("a", mps[0]), Seat("b", mps[1]))
    result = GameResult(game, seats, round_number, outcome=EJECTION, winner=winner)
    score = score_game(result)
    loser = "b" if winner == "a" else "a"
    assert score.outcome == {winner: "win", loser: "loss"}
    assert score.points[loser] == 0
    # RULES.md §2: ratio ≥ 2 is 6–0; the LOTR TCG scores a win 1 (setting).
    assert score.points[winner] == (1 if game == "lotr-tcg" else 6)
    assert score.rated == ()
    assert score.band_key == EJECTION


def test_the_tcg_win_follows_the_events_setting():
    seats = (Seat("a"), Seat("b"))
    result = GameResult("lotr-tcg", seats, outcome=EJECTION, winner="a")
    assert score_game(result, ScoringSettings(lotr_tcg_win_points=3)).points == {"a": 3, "b": 0}


@pytest.mark.parametrize(
    ("seats", "winner", "multiplayer", "code"),
    [
        ((Seat("a"), Seat("b")), None, False, "ejection_winner"),
        ((Seat("a"), Seat("b")), "c", False, "ejection_winner"),
        ((Seat("a", 1), Seat("b", 2), Seat("c", 3)), "a", True, "ejection_two_players"),
    ],
)
def test_refused_without_a_winner_or_with_a_pod(seats, winner, multiplayer, code):
    result = GameResult("lore", seats, outcome=EJECTION, winner=winner, multiplayer=multiplayer)
    with pytest.raises(InvalidResult) as refused:
        score_game(result)
    assert [p.code for p in refused.value.problems] == [code]
