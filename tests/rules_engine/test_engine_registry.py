"""The game-system registry (RULES.md §1): four games, and a fifth is one new module."""

from __future__ import annotations

import sys
import textwrap

import pytest

from rules_engine import GAME_SYSTEMS, GameResult, Seat, bye_points, get_game, registry, score_game
from rules_engine import games as games_package


@pytest.mark.parametrize(
    ("key", "uses_mps", "label", "two", "multi", "has_decks"),
    [
        ("lore", True, "MPs", (2, 2), (3, 5), True),
        ("metw", True, "MPs", (2, 2), None, True),
        ("lotr-tcg", False, "", (2, 2), (2, 8), True),
        ("lotr-dice", True, "Glory", (2, 2), (2, 4), False),
    ],
)
def test_game_systems_describe_their_results(key, uses_mps, label, two, multi, has_decks):
    """RULES.md §1 table: outcome of one game, players per game, deck rules."""
    system = get_game(key)
    assert (system.uses_mps, system.score_label, system.two_player_seats) == (uses_mps, label, two)
    assert system.multiplayer_seats == multi and system.has_decks is has_decks
    assert system.rulebook and system.scoring_summary


def test_outcomes_per_game():
    """RULES.md §1: One Ring (LoRE, METW); Wizard eliminated / both corrupted (METW);
    how the LOTR TCG was won or lost; Glory or Sauron (LOTR Dice)."""
    assert get_game("lore").outcomes == ("normal", "one_ring")
    assert set(get_game("metw").outcomes) == {
        "normal",
        "one_ring",
        "wizard_eliminated",
        "both_corrupted",
    }
    assert set(get_game("lotr-tcg").outcomes) >= {
        "site_9",
        "last_player",
        "ring_bearer_killed",
        "ring_bearer_corrupted",
    }
    assert get_game("lotr-dice").outcomes == ("glory", "sauron_won")


FIFTH = textwrap.dedent(
    """
    from rules_engine.games.base import GameSystem
    from rules_engine.scoring import score_fixed_win


    def check(result, outcome, settings):
        return []


    def score(result, outcome, settings):
        return score_fixed_win(
            result.seats, result.seats[0].player, winner_points=2, loser_points=0,
            band_key="win", band_label="first seat wins (2-0)", rating_points=2,
            time_called=result.time_called, game="fifth", why="the first seat always wins",
        )


    SYSTEM = GameSystem(
        key="fifth", name="Fifth", uses_mps=False, score_label="", two_player_seats=(2, 2),
        multiplayer_seats=None, outcomes=("normal",), has_decks=False, order=5,
        check=check, score=score,
    )
    """
)


def test_a_fifth_game_is_one_new_module(tmp_path, monkeypatch):
    """The registry finds any module under rules_engine/games that defines SYSTEM."""
    (tmp_path / "fifth.py").write_text(FIFTH)
    monkeypatch.setattr(games_package, "__path__", [*games_package.__path__, str(tmp_path)])
    try:
        registry._discover()
        assert list(GAME_SYSTEMS)[-1] == "fifth"
        score = score_game(GameResult("fifth", (Seat("x"), Seat("y"))))
        assert score.points == {"x": 2, "y": 0}
        assert bye_points("fifth", 1) == 6  # the MP table's bye unless the module says otherwise
    finally:
        GAME_SYSTEMS.pop("fifth", None)
        sys.modules.pop("rules_engine.games.fifth", None)
    assert "fifth" not in GAME_SYSTEMS
