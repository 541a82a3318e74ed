"""The METW Free Council count: 003 Part II §1 "Marshalling point modifications",
RULES.md §4.4 (CoE 10.3) and §5."""

from __future__ import annotations

import pytest

from rules_engine import InvalidResult, ScoringSettings
from rules_engine.free_council import CouncilInput, count_free_council

# 003 Part II §1 worked example (and Part I §1 "page 7" tables), after Jason fails to
# play the Men of Northern Rhovanion and nobody fails a corruption check:
# Jessica: Celeborn 2, Elladan 1, Elrohir 1, Gildor Inglorion 1, Legolas 2 (character 7),
#          Sword of Gondolin 2 (item), Men of Lebennin 2 (faction), Gwaihir 2 (ally),
#          Dreams of Lore 2 (misc) = 15.
# Jason:   Beorn 2, Faramir 2, Imrahil 2, Théoden 2 (character 8), Sword of Gondolin 2 +
#          Great Shield of Rohan 2 (item 4), Quickbeam 2 (ally) = 14.
# Jason then reveals Gwaihir, Legolas and Elrohir from his hand.
JESSICA = CouncilInput("Jessica", character=7, item=2, faction=2, ally=2, miscellaneous=2)
JASON = CouncilInput("Jason", character=8, item=4, ally=2, revealed_duplicates=3)


def test_rulebook_worked_example_jessica_and_jason():
    """003 Part II §1, verbatim: "Jessica notices that Jason has no faction points (he
    blew his roll to get the Men of Northern Rhovanion). So her faction points are doubled
    to 4. ... his MP total is only 14 – 8 of them are character points and only 6 are
    non-character points. Since you cannot have more than half of your points from any
    one source, Jason only gets 6 MPs from his characters. ... Jason reveals that he has
    cards for Gwaihir, Legolas, and Elrohir in his hand ... Thus, Jessica ends up with 14
    MPs and Jason ends up with 12 MPs – Jessica wins."
    """
    result = count_free_council(JESSICA, JASON)  # default reading: "exact"
    jessica, jason = result.players

    assert jessica.start_total == 15
    assert [(d.category, d.before, d.after) for d in jessica.doubled] == [("faction", 2, 4)]
    assert jessica.after_doubling_total == 17
    assert jessica.caps == ()
    assert jessica.after_cap_total == 17
    assert jessica.revealed_against == 3
    assert jessica.final == 14

    assert jason.start_total == 14
    assert jason.doubled == ()  # Jessica has points in character, item, faction and ally
    assert [(c.category, c.before, c.after) for c in jason.caps] == [("character", 8, 6)]
    assert jason.after_cap_total == 12
    assert jason.final == 12

    assert result.winner == "Jessica" and not result.tie
    # and the tournament points that gives: 14/12 = 1.17 → 4–2 (000 Part VI §3)
    score = result.score(round_number=1)
    assert score.points == {"Jessica": 4, "Jason": 2}


def test_round_up_reading_gives_the_different_result():
    """RULES.md §5 Reading: 'half (round up)' read literally leaves Jason 7 character
    points of 13 instead of the example's 6 of 12."""
    result = count_free_council(JESSICA, JASON, half_cap="round-up")
    jessica, jason = result.players
    assert [(c.category, c.before, c.after) for c in jason.caps] == [("character", 8, 7)]
    assert jason.after_cap_total == 13 and jason.final == 13
    assert jessica.final == 14
    assert result.winner == "Jessica"


def test_half_cap_setting_via_scoring_settings_default_is_exact():
    """RULES.md §5: the default reading reproduces the rulebook example."""
    assert ScoringSettings().half_cap == "exact"


def test_doubling_skips_kill_and_miscellaneous():
    """003 Part II §1: doubling 'doesn't apply to kill points or miscellaneous points.'"""
    a = CouncilInput("A", character=3, item=2, faction=2, ally=2, kill=3, miscellaneous=3)
    b = CouncilInput("B", character=3, item=2, faction=2, ally=2)
    side_a = count_free_council(a, b).players[0]
    assert side_a.doubled == ()
    assert side_a.after_doubling == a.totals()


def test_doubling_when_opponent_is_negative():
    """003 Part II §1: 'If your opponent has zero (or negative) points for any one type
    ..., your points for that same type ... are doubled.'"""
    a = CouncilInput("A", character=4, item=3, faction=2, ally=1)
    b = CouncilInput("B", character=-2, item=0, faction=5, ally=5)
    side_a = count_free_council(a, b).players[0]
    assert {d.category: (d.before, d.after) for d in side_a.doubled} == {
        "character": (4, 8),
        "item": (3, 6),
    }
    assert "B has -2 character points" in side_a.doubled[0].reason


def test_half_cap_ignores_negative_categories():
    """RULES.md §4.4 (CoE 10.3): reduce any source above half of the total, ignoring negative sources."""
    a = CouncilInput("A", character=-3, item=4, faction=4, ally=2, kill=1, miscellaneous=1)
    b = CouncilInput("B", character=1, item=1, faction=1, ally=1, kill=1, miscellaneous=1)
    side = count_free_council(a, b).players[0]
    # positive total 12; item 4 and faction 4 are each at most half: no cut,
    # although the full total (9) would make 4 more than half.
    assert side.caps == ()
    assert side.final == 9


def test_half_cap_single_category():
    """003 Part II §1: no more than half from one type, even when it is the only one."""
    a = CouncilInput("A", kill=5)
    b = CouncilInput("B", kill=5)
    assert count_free_council(a, b).players[0].final == 0
    assert count_free_council(a, b, "round-up").players[0].final == 1


def test_exactly_half_is_not_cut():
    """003 Part II §1: 'reduce ... until they are only half (or less) of your total.'"""
    a = CouncilInput("A", character=6, item=6)
    b = CouncilInput("B", character=1, item=1)
    assert count_free_council(a, b).players[0].caps == ()


def test_reveals_cost_the_opponent():
    """003 Part II §1: 'Each such revealed card reduces your opponent's marshalling point total by one.'"""
    a = CouncilInput("A", character=5, item=5, revealed_duplicates=2)
    b = CouncilInput("B", character=5, item=5)
    side_a, side_b = count_free_council(a, b).players
    assert side_a.final == 10 and side_b.final == 8


def test_avatar_penalty_applied_last():
    """RULES.md §4.4 (CoE 10.3): an eliminated avatar costs −5 MPs, applied last —
    after the half cap, so the cap is worked out on the MPs before the penalty."""
    a = CouncilInput("A", character=6, item=4, avatar_eliminated=True)
    b = CouncilInput("B", character=6, item=4, revealed_duplicates=1)
    side_a = count_free_council(a, b).players[0]
    # cap: character 6 of 10 → 4 (total 8); reveal −1 → 7; avatar −5 → 2
    assert side_a.after_cap_total == 8
    assert side_a.after_reveals == 7
    assert side_a.avatar_penalty == -5
    assert side_a.final == 2
    assert side_a.steps[-1].startswith("avatar eliminated: -5")


def test_equal_totals_tie():
    """003 Part I §1 Clarification: same MPs at the Free Council → a tie (3–3, 000 Part VI §3)."""
    a = CouncilInput("A", character=3, item=3)
    b = CouncilInput("B", character=3, item=3)
    result = count_free_council(a, b)
    assert result.tie and result.winner is None
    assert result.score().points == {"A": 3, "B": 3}


def test_every_step_is_shown():
    """The calculator shows each step: start, doubling, half cap, reveals, avatar, final."""
    side = count_free_council(JESSICA, JASON).players[1]
    text = "\n".join(side.steps)
    for word in (
        "start:",
        "doubling:",
        "half cap: character 8 → 6",
        "revealed duplicates:",
        "avatar eliminated:",
    ):
        assert word in text


@pytest.mark.parametrize(
    ("a", "code"),
    [
        (CouncilInput("A", character=1.5), "mps_not_integer"),  # type: ignore[arg-type]
        (CouncilInput("A", item="x"), "mps_not_integer"),  # type: ignore[arg-type]
        (CouncilInput("A", ally=10**9), "mps_out_of_range"),
        (CouncilInput("A", revealed_duplicates=-1), "revealed_duplicates"),
        (CouncilInput("A", avatar_eliminated="yes"), "avatar_eliminated"),  # type: ignore[arg-type]
        (CouncilInput(""), "missing_player"),
        (CouncilInput("B"), "duplicate_seat"),
    ],
)
def test_bad_council_input_is_refused(a, code):
    """003 Part II §1: MPs are whole numbers; each player counted once."""
    with pytest.raises(InvalidResult) as info:
        count_free_council(a, CouncilInput("B"))
    assert code in info.value.codes


def test_unknown_half_cap_reading():
    """RULES.md §5: two readings, 'exact' and 'round-up'."""
    with pytest.raises(InvalidResult, match="half-cap"):
        count_free_council(JESSICA, JASON, half_cap="floor")
