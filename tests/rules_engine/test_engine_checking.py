"""Refusing results that cannot happen (RULES.md §1–2; 000 Part VI §3; 003 Part I §1; 004)."""

from __future__ import annotations

import pytest

from rules_engine import (
    GAME_SYSTEMS,
    GameResult,
    InvalidResult,
    Problem,
    ScoringSettings,
    Seat,
    UnknownGame,
    check_result,
    find_problems,
    get_game,
    score_game,
)


def codes(result: GameResult, settings: ScoringSettings | None = None) -> list[str]:
    return [p.code for p in find_problems(result, settings)]


def refused(result: GameResult, code: str, *words: str) -> InvalidResult:
    with pytest.raises(InvalidResult) as info:
        score_game(result)
    assert code in info.value.codes, info.value.problems
    message = next(p.message for p in info.value.problems if p.code == code)
    for word in words:
        assert word in message, message
    return info.value


def test_registry_has_the_four_games():
    """RULES.md §1: lore, metw, lotr-tcg, lotr-dice."""
    assert list(GAME_SYSTEMS) == ["lore", "metw", "lotr-tcg", "lotr-dice"]
    assert get_game("lore").multiplayer_seats == (3, 5)
    assert get_game("lotr-dice").multiplayer_seats == (2, 4)
    assert get_game("metw").multiplayer_seats is None
    assert get_game("lotr-tcg").uses_mps is False
    assert get_game("lotr-dice").has_decks is False


def test_unknown_game():
    """RULES.md §1: only the four game systems exist."""
    with pytest.raises(UnknownGame) as info:
        get_game("chess")
    assert "chess" in str(info.value) and "lore" in str(info.value)
    assert isinstance(info.value, LookupError)
    assert codes(GameResult("chess", (Seat("a", 1), Seat("b", 2)))) == ["unknown_game"]


def test_one_ring_claimed_by_someone_who_is_not_the_winner():
    """000 Part VI §3: the One Ring 7–0 goes to 'the winner [who] destroyed The One Ring'."""
    result = GameResult("lore", (Seat("a", 10), Seat("b", 3)), one_ring="b", winner="a")
    refused(result, "one_ring_not_winner", "'b'", "'a'")


def test_one_ring_claimed_by_someone_not_at_the_table():
    """000 Part VI §3: only a player of the game can have destroyed the Ring."""
    refused(
        GameResult("lore", (Seat("a", 10), Seat("b", 3)), one_ring="z"),
        "one_ring_not_seated",
        "'z'",
    )


def test_one_ring_needs_a_winner():
    """000 Part VI §3: a One Ring win has a winner."""
    refused(GameResult("metw", (Seat("a"), Seat("b")), outcome="one_ring"), "winner_required")


def test_one_ring_not_in_games_without_it():
    """RULES.md §1: only LoRE and METW are won by destroying The One Ring."""
    refused(GameResult("lotr-dice", (Seat("a", 1), Seat("b", 2)), one_ring="a"), "unknown_outcome")
    refused(
        GameResult("lotr-tcg", (Seat("a"), Seat("b")), outcome="one_ring", winner="a"),
        "unknown_outcome",
    )


def test_winner_with_fewer_mps():
    """RULES.md §2 Reading: the winner is the player with more MPs; a reported winner
    with fewer MPs is rejected."""
    refused(
        GameResult("lore", (Seat("a", 14), Seat("b", 6)), winner="b"),
        "winner_fewer_mps",
        "'b'",
        "6",
        "14",
    )
    refused(
        GameResult(
            "lore",
            tuple(Seat(p, m) for p, m in zip("abc", (5, 9, 7), strict=True)),
            multiplayer=True,
            winner="c",
        ),
        "winner_fewer_mps",
    )


def test_winner_of_a_tie():
    """000 Part VI §3: a tie has no winner (3 points each)."""
    refused(GameResult("metw", (Seat("a", 8), Seat("b", 8)), winner="a"), "winner_tied", "tied")


def test_correct_winner_is_accepted():
    """RULES.md §2 Reading: a winner matching the MPs is fine."""
    check_result(GameResult("lore", (Seat("a", 14), Seat("b", 6)), winner="a"))


@pytest.mark.parametrize(
    ("game", "multiplayer", "n", "code"),
    [
        ("lore", False, 1, "missing_seat"),
        ("lore", False, 3, "too_many_seats"),
        ("lore", True, 2, "missing_seat"),
        ("lore", True, 6, "too_many_seats"),
        ("lotr-dice", True, 1, "missing_seat"),
        ("lotr-dice", True, 5, "too_many_seats"),
        ("metw", False, 3, "too_many_seats"),
        ("metw", True, 3, "multiplayer_not_allowed"),
        ("lore", False, 0, "missing_seat"),
    ],
)
def test_seat_counts(game, multiplayer, n, code):
    """RULES.md §1: 2 seats, or 3–5 (lore) / 2–4 (lotr-dice) in multi-player; METW is two-player."""
    result = GameResult(game, tuple(Seat(f"p{i}", i) for i in range(n)), multiplayer=multiplayer)
    assert code in codes(result)


@pytest.mark.parametrize(
    ("game", "multiplayer", "n"),
    [
        ("lore", True, 3),
        ("lore", True, 5),
        ("lotr-dice", True, 2),
        ("lotr-dice", True, 4),
        ("metw", False, 2),
    ],
)
def test_seat_counts_allowed(game, multiplayer, n):
    """RULES.md §1: the allowed seat counts are accepted."""
    check_result(
        GameResult(game, tuple(Seat(f"p{i}", i) for i in range(n)), multiplayer=multiplayer)
    )


def test_seat_twice():
    """000 Part VI §3: a game is between different players."""
    err = refused(GameResult("lore", (Seat("a", 4), Seat("a", 2))), "duplicate_seat", "'a'")
    assert "seats 1 and 2" in str(err)


def test_seat_without_player():
    """A seat must say who sat there."""
    refused(GameResult("lore", (Seat("", 4), Seat("b", 2))), "missing_player")


@pytest.mark.parametrize("bad", [3.5, 2.0, "x", "3", True, [1]])
def test_mps_must_be_whole_numbers(bad):
    """000 Part VI §3: marshalling points are counted on cards: whole numbers."""
    refused(GameResult("lore", (Seat("a", bad), Seat("b", 2))), "mps_not_integer", "Seat 1 (a)")


def test_huge_mps_refused():
    """No game yields a million MPs; refusing keeps typing slips out of standings."""
    refused(GameResult("lore", (Seat("a", 10**12), Seat("b", 2))), "mps_out_of_range")


def test_missing_mps():
    """000 Part VI §3: an MP game is scored by both players' MPs."""
    refused(GameResult("lore", (Seat("a", 4), Seat("b"))), "mps_missing", "Seat 2 (b)")


def test_metw_mps_may_be_negative():
    """003 Part I §1: eliminated characters give negative points."""
    check_result(GameResult("metw", (Seat("a", -3), Seat("b", -7))))


def test_glory_in_a_game_sauron_won():
    """004: if Sauron corrupts enough cards every player loses; no Glory is counted."""
    result = GameResult("lotr-dice", (Seat("a", 12), Seat("b")), outcome="sauron_won")
    refused(result, "mps_not_allowed", "Sauron won")
    result = GameResult("lotr-dice", (Seat("a"), Seat("b")), outcome="sauron_won", winner="a")
    refused(result, "winner_not_allowed", "Sauron")


def test_both_corrupted_has_no_winner():
    """003 Part I §1: both Wizards fail → no one wins."""
    refused(
        GameResult("metw", (Seat("a"), Seat("b")), outcome="both_corrupted", winner="a"),
        "winner_not_allowed",
    )


def test_wizard_eliminated_needs_winner():
    """003 Part I §1: 'If your Wizard is eliminated ... your opponent wins' — name him."""
    refused(
        GameResult("metw", (Seat("a"), Seat("b")), outcome="wizard_eliminated"), "winner_required"
    )


def test_lotr_tcg_needs_a_winner_and_has_no_mps():
    """001 'Winning the game'; RULES.md §2 Reading (lotr-tcg): no MPs, no draws."""
    refused(GameResult("lotr-tcg", (Seat("a"), Seat("b"))), "winner_required")
    refused(GameResult("lotr-tcg", (Seat("a", 3), Seat("b")), winner="b"), "mps_not_allowed")


def test_unknown_outcome_and_winner_not_seated():
    """RULES.md §1: each game has its own outcomes."""
    assert "unknown_outcome" in codes(
        GameResult("lore", (Seat("a", 1), Seat("b", 2)), outcome="sauron_won")
    )
    assert "winner_not_seated" in codes(
        GameResult("lore", (Seat("a", 1), Seat("b", 2)), winner="z")
    )


def test_round_number():
    """000 Part VI §3: rounds are counted from 1."""
    assert "round_number" in codes(GameResult("lore", (Seat("a", 1), Seat("b", 2)), round_number=0))


def test_all_problems_are_reported_together():
    """One report lists every problem, each with a message."""
    result = GameResult("lore", (Seat("a", 1.5), Seat("a", 2), Seat("c", 1)), round_number=-1)
    with pytest.raises(InvalidResult) as info:
        check_result(result)
    assert {"round_number", "too_many_seats", "mps_not_integer", "duplicate_seat"} <= set(
        info.value.codes
    )
    assert all(isinstance(p, Problem) and p.message for p in info.value.problems)
    assert str(info.value) == " ".join(p.message for p in info.value.problems)


def test_bad_settings_refused():
    """RULES.md §2/§5: the readings a director can set have known values."""
    assert "settings" in codes(
        GameResult("lore", (Seat("a", 1), Seat("b", 2))), ScoringSettings(half_cap="half")
    )


def test_winner_must_match_a_seat_exactly():
    """The winner named must be one of the seated players, spelled as seated."""
    result = GameResult("lotr-tcg", (Seat("a"), Seat("b")), winner="a ")
    assert "winner_not_seated" in codes(result)
