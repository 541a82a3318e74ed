"""Number of rounds: 000 Part VI §3 rounds table and "Multi-player tournaments"."""

from __future__ import annotations

import pytest

from tournaments.pairing import rounds_for_players


@pytest.mark.parametrize(
    ("players", "rounds"),
    [(5, 3), (8, 3), (9, 4), (16, 4), (17, 5), (32, 5), (33, 6), (64, 6)],
)
def test_rulebook_table(players, rounds):
    """000 Part VI §3: 5-8 players 3 rounds, 9-16 4, 17-32 5, 33-64 6."""
    assert rounds_for_players(players) == rounds


@pytest.mark.parametrize(("players", "rounds"), [(65, 7), (128, 7), (129, 8), (1000, 10)])
def test_table_continues_as_single_elimination(players, rounds):
    """000 Part VI §3: "the same number of rounds that a single-elimination tournament would
    run" — ⌈log₂ n⌉ beyond the printed table."""
    assert rounds_for_players(players) == rounds


@pytest.mark.parametrize(("players", "rounds"), [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2)])
def test_below_the_table(players, rounds):
    """Under the 5-player sanctioning minimum the single-elimination reading still applies,
    never fewer than one round (documented choice)."""
    assert rounds_for_players(players) == rounds


@pytest.mark.parametrize(("players", "rounds"), [(12, 2), (16, 2), (17, 3), (33, 3), (64, 3)])
def test_multiplayer_half_rounded_up(players, rounds):
    """000 Part VI "Multi-player tournaments": half the number of rounds, rounded up."""
    assert rounds_for_players(players, multiplayer=True) == rounds


def test_negative_rejected():
    """000 Part VI §3 counts players; a negative count is a caller error, not a table row."""
    with pytest.raises(ValueError):
        rounds_for_players(-1)
