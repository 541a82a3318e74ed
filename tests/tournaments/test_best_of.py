"""Matches of best of N games as pure functions (RULES.md §8: "the match winner is the
first to win more than half"; PC Worlds: "the loser of each game chooses the format of
the following game"; a tied game is replayed or decided as the event sets)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules import best_of as bo

PLAYERS = ("a", "b")
game_results = st.lists(st.sampled_from(["a", "b", None]), max_size=20)


def _play(best_of: int, results: list[str | None], tie_rule: str) -> tuple[list[bo.Game], bo.State]:
    """Feed games until the match is decided (or waits for the director)."""
    games: list[bo.Game] = []
    current = bo.state(best_of, PLAYERS, games, tie_rule)
    for result in results:
        if current.winner is not None or current.awaiting_director:
            break
        games.append(bo.Game(result))
        current = bo.state(best_of, PLAYERS, games, tie_rule)
    return games, current


@given(st.sampled_from(bo.BEST_OF), game_results)
def test_the_first_to_win_more_than_half_wins_the_match(best_of, results):
    """RULES.md §8: the match goes to the first player to win more than half of N."""
    games, current = _play(best_of, results, bo.REPLAY)
    counted = [g.winner for g in games if g.winner]
    assert len(counted) <= best_of
    if current.winner is not None:
        assert current.wins[current.winner] == best_of // 2 + 1 > best_of / 2
        loser = bo.loser_of(current.winner, PLAYERS)
        assert current.wins[loser] < current.wins[current.winner]
        assert counted[-1] == current.winner  # decided by its last game, none after
    else:
        assert all(w <= best_of // 2 for w in current.wins.values())


@given(st.sampled_from(bo.BEST_OF), game_results)
def test_a_replayed_tie_counts_for_nobody(best_of, results):
    """RULES.md §8: a tied game is replayed (when the event says so): it is no game of
    the N."""
    games, current = _play(best_of, results, bo.REPLAY)
    assert sum(current.wins.values()) == sum(1 for g in games if g.winner)
    assert not current.awaiting_director


def test_a_tie_left_to_the_director_counts_for_the_player_he_names():
    """RULES.md §8: a tie decided as the event sets: the director names the player."""
    tied = bo.state(3, PLAYERS, [bo.Game("a"), bo.Game(None)], bo.DIRECTOR)
    assert tied.awaiting_director and tied.winner is None
    decided = bo.state(3, PLAYERS, [bo.Game("a"), bo.Game(None, "a")], bo.DIRECTOR)
    assert decided.winner == "a" and not decided.awaiting_director


@given(st.lists(st.sampled_from(["a", "b", None]), min_size=1, max_size=6))
def test_the_loser_of_each_game_chooses_the_next_format(results):
    """RULES.md §8 (PC Worlds): the loser of each game chooses the following game's
    format; after a replayed tie the same player chooses (reading); nobody before the
    first game counts (the set format)."""
    games = [bo.Game(r) for r in results]
    counted = [r for r in results if r]
    expected = bo.loser_of(counted[-1], PLAYERS) if counted else None
    assert bo.chooser(PLAYERS, games) == expected


def test_a_replay_keeps_the_tied_games_format():
    """RULES.md §8 reading: a replayed game is played in the format of the game it replays."""
    assert bo.replayed_format([bo.Game("a"), bo.Game(None)], ["fellowship", "movie"]) == "movie"
    assert bo.replayed_format([bo.Game("a")], ["fellowship"]) is None


def test_a_match_is_best_of_an_odd_number():
    assert bo.wins_needed(1) == 1 and bo.wins_needed(3) == 2 and bo.wins_needed(7) == 4
    with pytest.raises(ValueError):
        bo.wins_needed(2)
