"""Two-player Swiss pairing: 000 Part VI §3 "Pairings" and the RULES.md §3 Reading
("as close as possible": least total squared score difference, then fewest players outside
their score group, then the seed's order)."""

from __future__ import annotations

import json

import pytest

from tournaments.pairing import (
    PairingImpossible,
    PairingPlayer,
    pair_swiss,
    render_pairing_explanation,
)
from tournaments.pairing.simulate import SimulatedEvent

from .test_pairing_reference import brute, check_round


def P(pid, score=0, opponents=(), had_bye=False):
    return PairingPlayer(pid, pid.upper(), score, frozenset(opponents), had_bye)


def partner(result, pid):
    return next(b if a == pid else a for a, b in result.tables if pid in (a, b))


def test_round_one_is_random_but_reproducible_from_the_seed():
    """000 Part VI §3: "The first round players are paired randomly" — from the stored seed."""
    players = [P(f"p{i:02d}") for i in range(20)]
    a = pair_swiss(players, 1, seed=42)
    assert a.tables == pair_swiss(list(reversed(players)), 1, seed=42).tables
    others = {tuple(pair_swiss(players, 1, seed=s).tables) for s in range(10)}
    assert len(others) > 5, "different seeds give different pairings"
    assert a.explanation_items[0]["code"] == "random_round"
    assert "20 players paired at random from the seed" in a.explanation[0]


def test_round_one_bye_is_random():
    """000 Part VI §3: "The bye in the first round is determined randomly"."""
    players = [P(f"p{i}") for i in range(7)]
    byes = {pair_swiss(players, 1, seed=s).bye for s in range(40)}
    assert len(byes) >= 5


def test_same_score_players_meet():
    """000 Part VI §3: "Each player plays someone with the same score as them"."""
    players = [P("a", 6), P("b", 6), P("c", 3), P("d", 3), P("e", 0), P("f", 0)]
    result = pair_swiss(players, 2, seed=1)
    assert sorted(map(sorted, result.tables)) == [["a", "b"], ["c", "d"], ["e", "f"]]
    assert result.floaters == 0 and result.squared_difference == 0
    assert [i["code"] for i in result.explanation_items][-2:] == ["same_score", "no_rematch"]


def test_lone_leader_meets_the_next_score_not_the_bottom():
    """000 Part VI §3 "or as close as possible", RULES.md §3 Reading: the issue's 14-player
    round 2 — a lone leader on 6 with even groups on 5, 4, 2, 1 and 0 meets a player on 5,
    not one on 0, although that sends more players out of their score groups."""
    scores = [6, 5, 5, 4, 4, 2, 2, 1, 1, 0, 0, 0, 0, 0]
    players = [P(f"p{i:02d}", s) for i, s in enumerate(scores)]
    result = pair_swiss(players, 2, seed=4)
    check_round(players, result)
    assert {p.id: p.score for p in players}[partner(result, "p00")] == 5
    # The chain 6-5, 5-4, 4-2, 2-1, 1-0: squared 1+1+4+1+1, ten players outside their group.
    assert (result.squared_difference, result.floaters) == (8, 10)
    assert result.proven_optimal and result.method == "fast"
    assert (result.squared_difference, result.floaters) == brute(players, None)


def test_squared_difference_outranks_fewest_floaters():
    """RULES.md §3 Reading: nobody plays further from his own score than needed. Groups
    10 (1 player), 8 (2), 0 (1): 10-8 and 8-0 (squared 4 + 64) beat 10-0 (squared 100),
    though the first sends four players out of their groups and the second two."""
    players = [P("a", 10), P("b", 8), P("c", 8), P("d", 0)]
    result = pair_swiss(players, 3, seed=0)
    assert result.squared_difference == 68 and result.floaters == 4
    assert partner(result, "a") in {"b", "c"}


def test_or_as_close_as_possible_and_explained():
    """000 Part VI §3: "...or as close as possible": the odd 6-group sends one player to 5;
    the explanation says who, from which score to which, and why, in plain words."""
    players = [P("a", 6), P("b", 6), P("c", 6), P("d", 5), P("e", 5), P("f", 5)]
    result = pair_swiss(players, 2, seed=3)
    assert result.floaters == 2 and result.squared_difference == 1 and result.proven_optimal
    down = [i for i in result.explanation_items if i["code"] == "paired_down"]
    assert len(down) == 1 and down[0]["scores"] == [6, 5] and down[0]["reason"] == "uneven"
    high, low = down[0]["players"]
    line = next(x for x in result.explanation if "paired down" in x)
    assert line.startswith(f"{high.upper()} (6 points) is paired down to {low.upper()} (5 points)")
    assert "could not all be paired among themselves" in line
    for text in result.explanation:
        assert "swiss" not in text and "proof" not in text and "proven" not in text


def test_never_a_rematch_even_if_scores_match():
    """000 Part VI §3: "The same two players cannot be paired against each other twice"."""
    players = [P("a", 6, "b"), P("b", 6, "a"), P("c", 0, "d"), P("d", 0, "c")]
    result = pair_swiss(players, 2, seed=5)
    assert all(set(t) not in ({"a", "b"}, {"c", "d"}) for t in result.tables)
    assert result.floaters == 4


def test_explanation_names_the_blocking_rematch():
    """000 Part VI §3 no rematch: the director sees which earlier game forced a pair-down,
    as structured data (ids, scores) rendered with names."""
    players = [P("a", 12, "b"), P("b", 12, "a"), P("c", 9), P("d", 9), P("e", 6), P("f", 3)]
    result = pair_swiss(players, 4, seed=7)
    check_round(players, result)
    assert (result.squared_difference, result.floaters) == brute(players, None) == (27, 6)
    blocked = [i for i in result.explanation_items if i["code"] == "rematch_avoided"]
    assert blocked and blocked[0]["met"] == [["a", "b"]]
    reasons = {
        tuple(i["scores"]): i["reason"]
        for i in result.explanation_items
        if i["code"] == "paired_down"
    }
    assert reasons[(12, 9)] == "rematch"
    text = "\n".join(render_pairing_explanation(result.explanation_items, {"a": "Ann", "b": "Bo"}))
    assert "Already met: Ann and Bo." in text


def test_explanation_is_json_and_old_lines_still_render():
    """The round stores its explanation (000 Part VI §3 pairing record) as JSON; lines stored
    before it was structured are shown unchanged."""
    players = [P("a", 9), P("b", 6), P("c", 4, had_bye=True), P("d", 5), P("e", 7)]
    items = pair_swiss(players, 3, seed=2).explanation_items
    assert json.loads(json.dumps(items)) == json.loads(json.dumps(items, sort_keys=True))
    stored = json.loads(json.dumps(items))
    assert render_pairing_explanation(stored, {"d": "Dora"})[1].startswith("Bye: Dora (5 points)")
    assert render_pairing_explanation(["an old line"], {}) == ["an old line"]


def test_bye_goes_to_lowest_score_without_a_bye():
    """000 Part VI §3: "the player with the lowest score gets a bye ... no player may get two"."""
    players = [P("a", 9), P("b", 6), P("c", 4, had_bye=True), P("d", 5), P("e", 7)]
    result = pair_swiss(players, 3, seed=2)
    assert result.bye == "d"
    bye = next(i for i in result.explanation_items if i["code"] == "bye")
    assert bye["reason"] == "lowest" and bye["had_bye"] == [["c", 4]]
    assert "the lowest score among the players who have not had a bye" in result.explanation[1]


def test_bye_ties_broken_by_seed_deterministically():
    """000 Part VI §3 bye rule; equally low players are ordered by the round seed."""
    players = [P("a", 9), P("b", 6), P("c", 6), P("d", 0), P("e", 0), P("f", 0), P("g", 0)]
    byes = {pair_swiss(players, 2, seed=s).bye for s in range(30)}
    assert byes == {"d", "e", "f", "g"}
    assert pair_swiss(players, 2, seed=7).bye == pair_swiss(players[::-1], 2, seed=7).bye


def test_bye_skips_a_player_whose_removal_forces_a_rematch():
    """000 Part VI §3 (no rematch) outranks the lowest-score bye; the explanation says why.

    d is lowest, but without d, a must meet b, c or e — all already played a.
    """
    players = [P("a", 9, "bce"), P("b", 6, "a"), P("c", 6, "a"), P("d", 0), P("e", 3, "a")]
    result = pair_swiss(players, 3, seed=1)
    assert result.bye == "e"
    bye = next(i for i in result.explanation_items if i["code"] == "bye")
    assert bye["reason"] == "passed_over" and bye["passed_over"] == [["d", 0]]
    assert "passed over" in " ".join(result.explanation)
    check_round(players, result)


def test_impossible_round_says_so_in_plain_words():
    """000 Part VI §3: no rematch — when every pair has met the director is told to stop."""
    ids = "abcd"
    players = [P(x, 3, set(ids) - {x}) for x in ids]
    with pytest.raises(PairingImpossible) as err:
        pair_swiss(players, 5, seed=1)
    msg = str(err.value)
    assert "round 5" in msg and "every pair has already met" in msg
    assert "ending the event after round 4" in msg


def test_impossible_names_who_played_everyone():
    """000 Part VI §3: a player who met every other one makes the round impossible."""
    players = [P("a", 3, "bcd"), P("b", 3, "a"), P("c", 0, "a"), P("d", 0, "a")]
    with pytest.raises(PairingImpossible, match="Already played everyone: A"):
        pair_swiss(players, 4, seed=1)


def test_everybody_already_had_a_bye():
    """000 Part VI §3: "no player may get two byes in the same tournament"."""
    players = [P(x, 3, had_bye=True) for x in "abc"]
    with pytest.raises(PairingImpossible, match="already had a bye"):
        pair_swiss(players, 4, seed=1)


def test_too_few_players():
    """000 Part VI §3 Swiss pairs two players per game: one player cannot be paired."""
    with pytest.raises(PairingImpossible, match="at least 2 players"):
        pair_swiss([P("a")], 1, seed=1)


def test_duplicate_ids_rejected():
    """000 Part VI §3: each player is paired exactly once, so an id may appear only once."""
    with pytest.raises(ValueError):
        pair_swiss([P("a"), P("a")], 1, seed=1)


def test_large_round_uses_the_fast_path_and_is_proven_optimal():
    """000 Part VI §3 on a big event: the neighbours' lower bound is reached (a proof)."""
    ev = SimulatedEvent(2001, 3).run(3)
    players = ev.players()
    result = ev.next_round()
    check_round(players, result)
    assert result.method == "fast" and result.proven_optimal
    assert len(result.explanation) < 60, "huge events keep a readable explanation"
