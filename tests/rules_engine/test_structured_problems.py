"""The engine's problems carry their players and numbers as data: the words with ids
are the engine's message, and a face renders the same words with names
(RULES.md §2 Reading: the winner is the player with the most MPs)."""

from __future__ import annotations

import pytest

from rules_engine import GameResult, InvalidResult, Seat, score_game

NAMES = {"12": "Frodo", "13": "Sam", "14": "Pippin"}


def problems_of(result: GameResult):
    with pytest.raises(InvalidResult) as exc:
        score_game(result)
    return exc.value.problems


def test_a_winner_with_fewer_mps_is_named_in_both_renderings():
    (p,) = problems_of(GameResult("metw", (Seat("12", 5), Seat("13", 10)), winner="12"))
    assert p.code == "winner_fewer_mps"
    assert p.message == (
        "'12' is reported as the winner but has 5 MPs, fewer than 13's 10: "
        "the winner is the player with the most MPs."
    )
    assert p.render(NAMES) == (
        "Frodo is reported as the winner but has 5 MPs, fewer than Sam's 10: "
        "the winner is the player with the most MPs."
    )
    assert sorted(p.players) == ["12", "13"]
    assert p.numbers["claimed"] == 5 and p.numbers["top"] == 10


def test_a_tie_names_every_tied_player():
    result = GameResult(
        "lore", (Seat("12", 9), Seat("13", 9), Seat("14", 2)), multiplayer=True, winner="12"
    )
    (p,) = problems_of(result)
    assert p.code == "winner_tied"
    assert "'12' is reported as the winner but 12 and 13 are tied on 9" in p.message
    assert "Frodo is reported as the winner but Frodo and Sam are tied on 9" in p.render(NAMES)


def test_seats_and_duplicates_are_named():
    problems = problems_of(GameResult("metw", (Seat("12", 5), Seat("12", None))))
    duplicate = next(p for p in problems if p.code == "duplicate_seat")
    assert duplicate.message.startswith("'12' sits twice (seats 1 and 2)")
    assert duplicate.render(NAMES).startswith("Frodo sits twice (seats 1 and 2)")
    (missing,) = problems_of(GameResult("metw", (Seat("12", 5), Seat("13", None))))
    assert missing.code == "mps_missing"
    assert missing.message.startswith("Seat 2 (13): MPs missing")
    assert missing.render(NAMES).startswith("Seat 2 (Sam): MPs missing")


def test_a_problem_without_players_renders_as_its_message():
    (p,) = problems_of(GameResult("metw", (Seat("12", 5), Seat("13", 10)), round_number=0))
    assert p.players == () and p.render(NAMES) == p.message
