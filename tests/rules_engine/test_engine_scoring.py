"""Scoring a game: 000 Part VI §3 "Scoring" and "Multi-player tournaments",
RULES.md §2 (and its Readings for METW, lotr-tcg and lotr-dice)."""

from __future__ import annotations

import pytest

from rules_engine import (
    GameResult,
    InvalidResult,
    RatedGame,
    ScoringSettings,
    Seat,
    bye_points,
    bye_score,
    score_game,
)


def two(game: str, a: int | None, b: int | None, **kw) -> GameResult:
    return GameResult(game, (Seat("a", a), Seat("b", b)), **kw)


def pod(game: str, *mps: int | None, **kw) -> GameResult:
    names = "abcdefgh"
    return GameResult(
        game, tuple(Seat(names[i], m) for i, m in enumerate(mps)), multiplayer=True, **kw
    )


# --- the two-player table, at its boundaries --------------------------------


@pytest.mark.parametrize(
    ("a", "b", "points", "band_key"),
    [
        # 000 Part VI §3: "twice the loser's MPs or more" → 6–0; exactly 2 is in.
        (20, 10, (6, 0), "ratio_2"),
        (21, 10, (6, 0), "ratio_2"),
        # just under 2 → 5–1 ("at least one and a half times ... but less than twice")
        (19, 10, (5, 1), "ratio_1_5"),
        (39, 20, (5, 1), "ratio_1_5"),
        # exactly 1.5 is 5–1
        (15, 10, (5, 1), "ratio_1_5"),
        (3, 2, (5, 1), "ratio_1_5"),
        # just under 1.5 → 4–2 ("up to one and a half times")
        (14, 10, (4, 2), "ratio_1"),
        (29, 20, (4, 2), "ratio_1"),
        (11, 10, (4, 2), "ratio_1"),
        # "If the game was a tie, both players get 3"
        (10, 10, (3, 3), "tie"),
        (0, 0, (3, 3), "tie"),
        (-4, -4, (3, 3), "tie"),
        # RULES.md §2 Reading: a loser on 0 or less counts as ratio ≥ 2.
        (1, 0, (6, 0), "ratio_2"),
        (5, -3, (6, 0), "ratio_2"),
        (-1, -3, (6, 0), "ratio_2"),
        (0, -1, (6, 0), "ratio_2"),
        # the example
        (14, 6, (6, 0), "ratio_2"),
    ],
)
def test_two_player_ratio_table_boundaries(a, b, points, band_key):
    """000 Part VI §3 Scoring: the MP-ratio table, with exact boundaries at 1.5 and 2."""
    for game in ("lore", "metw"):
        score = score_game(two(game, a, b))
        assert (score.points["a"], score.points["b"]) == points
        assert score.band_key == band_key
        # and the same result with the seats the other way round
        flipped = score_game(GameResult(game, (Seat("b", b), Seat("a", a))))
        assert flipped.points == score.points


def test_winner_and_outcomes_two_player():
    """000 Part VI §3: the winner is the player with more MPs."""
    score = score_game(two("lore", 6, 14, round_number=3))
    assert score.winner == "b"
    assert score.outcome == {"a": "loss", "b": "win"}
    assert score.band == "ratio ≥ 2 (6–0)"
    assert score.rated == (
        RatedGame("a", ("b",), "loss", 6),
        RatedGame("b", ("a",), "win", 6),
    )


def test_tie_is_a_draw_with_three_each():
    """000 Part VI §3: 'If the game was a tie, both players get 3 tournament points.'"""
    score = score_game(two("metw", 9, 9))
    assert score.points == {"a": 3, "b": 3}
    assert score.winner is None
    assert score.outcome == {"a": "draw", "b": "draw"}
    assert {r.result for r in score.rated} == {"draw"}
    assert all(r.points == 0 for r in score.rated)  # RULES.md §6: draws rate by modification only


def test_one_ring_win_is_seven_nil_whatever_the_mps():
    """000 Part VI §3: 'If the winner destroyed The One Ring, the winner gets 7 ... the loser 0.'"""
    for result in (
        two("lore", 3, 20, outcome="one_ring", winner="a"),
        two("lore", 3, 20, one_ring="a"),
        two("metw", None, None, one_ring="a", winner="a"),
    ):
        score = score_game(result)
        assert score.points == {"a": 7, "b": 0}
        assert score.band_key == "one_ring"
        assert score.winner == "a"
        assert RatedGame("a", ("b",), "win", 7) in score.rated


def test_time_called_scores_the_same_and_keeps_the_flag():
    """000 Part VI §3 'Other rules': a game stopped after the break is scored by the
    MP ratio at that moment (RULES.md §2: a flag, the same scoring)."""
    for game, a, b in (("lore", 12, 7), ("metw", 4, -2), ("lotr-dice", 9, 9)):
        plain = score_game(two(game, a, b))
        called = score_game(two(game, a, b, time_called=True))
        assert called.time_called is True and plain.time_called is False
        assert called.points == plain.points and called.band_key == plain.band_key
    tcg = score_game(two("lotr-tcg", None, None, winner="b", time_called=True))
    assert tcg.time_called and tcg.points == {"a": 0, "b": 1}


# --- byes --------------------------------------------------------------------


@pytest.mark.parametrize(("round_number", "points"), [(1, 6), (2, 5), (3, 4), (4, 4), (9, 4)])
def test_bye_by_round(round_number, points):
    """000 Part VI §3: 6 for a first-round bye, 5 for a second-round bye, 4 for any other."""
    for game in ("lore", "metw", "lotr-dice"):
        assert bye_points(game, round_number) == points


def test_lotr_tcg_bye_is_a_win():
    """RULES.md §2 Reading (lotr-tcg): a bye scores as a win (setting)."""
    assert bye_points("lotr-tcg", 1) == 1
    assert bye_points("lotr-tcg", 3, ScoringSettings(lotr_tcg_win_points=3)) == 3


def test_bye_score_is_not_rated():
    """000 Part VI §3 Ratings: 'Only played games are rated, so there is no gain for getting a bye.'"""
    score = bye_score("lore", "x", 2)
    assert score.points == {"x": 5} and score.band_key == "bye" and score.rated == ()


@pytest.mark.parametrize("bad", [0, -1, 1.5, "2", None, True])
def test_bye_refuses_impossible_rounds(bad):
    """000 Part VI §3: rounds are numbered from 1."""
    with pytest.raises(InvalidResult):
        bye_points("lore", bad)


# --- multi-player pods ---------------------------------------------------------


def test_pod_winner_against_next_highest_others_against_winner():
    """000 Part VI 'Multi-player tournaments': the winner by the ratio to the next
    highest; every other player by the ratio of the winner's MPs to his."""
    score = score_game(pod("lore", 20, 14, 10, 0))
    # 20/14 = 1.43 → winner 4; b: 20/14 → 2; c: 20/10 = 2 → 0; d: 0 MPs → 0
    assert score.points == {"a": 4, "b": 2, "c": 0, "d": 0}
    assert score.winner == "a" and score.band_key == "ratio_1"
    assert RatedGame("a", ("b",), "win", 4) in score.rated
    assert RatedGame("c", ("a",), "loss", 6) in score.rated


def test_pod_loser_bands():
    """000 Part VI 'Multi-player tournaments': each loser is scored on his own ratio."""
    score = score_game(pod("lore", 30, 21, 20, 15, 14))
    # a vs next highest 21: 30/21 = 1.43 → 4; b 30/21 → 2; c 30/20 = 1.5 → 1; d 2 → 0; e → 0
    assert score.points == {"a": 4, "b": 2, "c": 1, "d": 0, "e": 0}


def test_pod_tie_for_win_scored_against_third_place():
    """000 Part VI 'Multi-player tournaments': 'In the case of a tie for the winner,
    but not a tie for all players, score both winners with the third place MPs.'"""
    score = score_game(pod("lore", 12, 12, 8, 3))
    # 12/8 = 1.5 → 5 each for the tied winners; c: 12/8 → 1; d: 12/3 → 0
    assert score.points == {"a": 5, "b": 5, "c": 1, "d": 0}
    assert score.winner is None and score.winners == ("a", "b")
    assert score.outcome == {"a": "win", "b": "win", "c": "loss", "d": "loss"}


def test_pod_three_way_tie_for_the_win():
    """000 Part VI 'Multi-player tournaments': third place is the highest MPs below the tied winners."""
    score = score_game(pod("lore", 10, 10, 10, 4, 5))
    assert score.points == {"a": 6, "b": 6, "c": 6, "d": 0, "e": 0}


def test_pod_all_tied_is_a_draw():
    """000 Part VI 'Multi-player tournaments': 'Only if all players tie is the game counted as a draw.'"""
    score = score_game(pod("lore", 7, 7, 7, 7))
    assert score.points == {p: 3 for p in "abcd"}
    assert score.band_key == "tie" and score.winner is None
    assert set(score.outcome.values()) == {"draw"}


def test_pod_one_ring():
    """RULES.md §2: a One Ring destruction in a pod is 7 to the winner, 0 to everyone else."""
    score = score_game(pod("lore", 2, 15, 9, one_ring="a"))
    assert score.points == {"a": 7, "b": 0, "c": 0}
    # RULES.md §6 Reading: rated as a win against the runner-up
    assert RatedGame("a", ("b",), "win", 7) in score.rated


# --- METW special outcomes ------------------------------------------------------


def test_metw_wizard_eliminated_is_six_nil_by_default():
    """003 Part I §1: 'If your Wizard is eliminated ... your opponent wins.' RULES.md §2
    Reading (METW): scored as ratio ≥ 2 (6–0) unless the director sets otherwise."""
    score = score_game(two("metw", 3, 12, outcome="wizard_eliminated", winner="a"))
    assert score.points == {"a": 6, "b": 0} and score.band_key == "elimination"
    custom = ScoringSettings(metw_elimination_points=(5, 1))
    score = score_game(two("metw", None, None, outcome="wizard_eliminated", winner="b"), custom)
    assert score.points == {"a": 1, "b": 5}


def test_metw_both_corrupted_both_lose():
    """003 Part I §1: 'If both Wizards fail their corruption checks, no one wins – both
    players lose.' RULES.md §2: 0–0."""
    score = score_game(two("metw", 10, 4, outcome="both_corrupted"))
    assert score.points == {"a": 0, "b": 0}
    assert score.outcome == {"a": "loss", "b": "loss"}
    assert score.winner is None and score.band_key == "both_lose"


def test_metw_negative_mps_are_allowed():
    """003 Part I §1: negative points accrue when certain characters are eliminated."""
    assert score_game(two("metw", -2, -5)).points == {"a": 6, "b": 0}
    assert score_game(two("metw", 4, 3)).points == {"a": 4, "b": 2}


# --- LOTR TCG ---------------------------------------------------------------


@pytest.mark.parametrize(
    "outcome", ["normal", "site_9", "last_player", "ring_bearer_killed", "ring_bearer_corrupted"]
)
def test_lotr_tcg_win_loss(outcome):
    """001 'Winning the game' / 'Losing the game'; RULES.md §2 Reading: win 1, loss 0, no draws."""
    score = score_game(two("lotr-tcg", None, None, outcome=outcome, winner="b"))
    assert score.points == {"a": 0, "b": 1}
    assert score.winner == "b" and score.band_key == "win"
    # RULES.md §6: a lotr-tcg win counts as 5 tournament points for ratings (setting)
    assert RatedGame("b", ("a",), "win", 5) in score.rated


def test_lotr_tcg_multiplayer_winner_wins_all_others_lose():
    """RULES.md §2 Reading (lotr-tcg): in a multi-player game the winner wins and all others lose."""
    result = GameResult(
        "lotr-tcg", tuple(Seat(p) for p in "abcd"), multiplayer=True, winner="c", outcome="site_9"
    )
    score = score_game(result, ScoringSettings(lotr_tcg_win_points=2))
    assert score.points == {"a": 0, "b": 0, "c": 2, "d": 0}
    assert score.outcome["c"] == "win" and list(score.outcome.values()).count("loss") == 3


# --- LOTR Dice ----------------------------------------------------------------


def test_lotr_dice_glory_uses_pod_rules():
    """004 (Glory); RULES.md §2 Reading (lotr-dice): Glory scored like MPs with the
    multi-player ratio rules."""
    assert score_game(pod("lotr-dice", 30, 20, 10, 5)).points == {"a": 5, "b": 1, "c": 0, "d": 0}
    assert score_game(pod("lotr-dice", 30, 20)).points == {"a": 5, "b": 1}
    assert score_game(two("lotr-dice", 12, 12, outcome="glory")).points == {"a": 3, "b": 3}


def test_lotr_dice_sauron_win_scores_nothing_for_anyone():
    """004: 'if Sauron manages to corrupt a certain number of cards, all players lose.'
    RULES.md §2 Reading: 0 for every player and a loss for all."""
    score = score_game(pod("lotr-dice", None, None, None, outcome="sauron_won"))
    assert score.points == {"a": 0, "b": 0, "c": 0}
    assert set(score.outcome.values()) == {"loss"}
    assert score.band_key == "sauron" and score.winner is None
    assert all(r.result == "loss" and r.points == 0 for r in score.rated)
