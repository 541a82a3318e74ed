"""Standings rules of this round: ejected players last, head-to-head in pods, shared first
place, linear explanations (000 Part VI §3 "Scoring" and warnings; RULES.md §3 and §6
Readings)."""

from __future__ import annotations

import json
import random
import tracemalloc

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import (
    TIEBREAKS,
    StandingGame,
    compute_standings,
    render_standing_explanation,
)

from .test_standings import random_event


def game(r, a, pa, b, pb):
    outcome = "draw" if pa == pb else "win" if pa > pb else "loss"
    other = {"win": "loss", "loss": "win", "draw": "draw"}[outcome]
    return StandingGame(r, {a: pa, b: pb}, {a: outcome, b: other})


def pod(r, points, winner):
    return StandingGame(r, points, {p: "win" if p == winner else "loss" for p in points})


def test_ejected_player_is_listed_below_everyone_and_cannot_win():
    """000 Part VI §3 (warnings: "ejected from the tournament"), RULES.md §3 Reading: an
    ejected player who won every game is listed below every player still in the event,
    is not first and takes no winner's bonus; his games stand for his opponents."""
    games = [game(1, "e", 6, "a", 0), game(1, "b", 3, "c", 3), game(2, "e", 6, "b", 0)]
    rows = compute_standings("abce", games, ejected={"e"})
    assert [r.player for r in rows] == ["c", "b", "a", "e"]
    last = rows[-1]
    assert last.ejected and not last.winner and last.points == 12 and last.rank == 4
    assert rows[0].winner and not rows[0].shares_first
    assert rows[1].opponents_points == 3 + 12, "the ejected player's points still count"
    assert "ejected" in rows[-1].explanation


def test_only_ejected_players_left_means_no_winner():
    """RULES.md §3 Reading: an ejected player cannot win, even if nobody else is left."""
    rows = compute_standings("ab", [game(1, "a", 6, "b", 0)], ejected={"a", "b"})
    assert [r.player for r in rows] == ["a", "b"]
    assert not any(r.winner for r in rows)


def test_shared_first_place_marks_every_winner():
    """RULES.md §6 Reading with 000 Part VI §3: players equal after every tiebreak share
    first place, and each row says so (each gets the winner's bonus)."""
    games = [game(1, "a", 6, "c", 0), game(1, "b", 6, "d", 0)]
    rows = compute_standings("abcd", games, ["fewer_losses"])
    firsts = [r for r in rows if r.winner]
    assert [r.player for r in firsts] == ["a", "b"]
    assert all(r.rank == 1 and r.shares_first for r in firsts)
    assert [r.rank for r in rows] == [1, 1, 3, 3], "c and d share a rank, not first place"
    assert all(not r.winner and not r.shares_first for r in rows if r.rank > 1)
    first = firsts[0]
    assert any(i["code"] == "shares_first" for i in first.explanation_items)


def test_pod_head_to_head_needs_a_tied_player_to_win():
    """000 Part VI §3 tiebreak 1 ("the winner of the game wins the tie") in multi-player,
    RULES.md §3 Reading: b and c both lost the pod to a, so it does not separate them;
    fewer losses is not decisive either, and opponents' points decide."""
    games = [
        pod(1, {"a": 6, "b": 2, "c": 1, "d": 0}, "a"),
        pod(2, {"b": 5, "e": 0, "f": 0}, "b"),
        pod(2, {"c": 6, "g": 1, "h": 0}, "c"),
    ]
    rows = {r.player: r for r in compute_standings("abcdefgh", games)}
    assert rows["b"].points == rows["c"].points == 7
    assert rows["b"].tiebreaks["head_to_head"] == rows["c"].tiebreaks["head_to_head"] == 0
    items = [i for i in rows["b"].explanation_items if i.get("tiebreak") == "head_to_head"]
    assert items[0]["code"] == "still_tied"


def test_pod_head_to_head_decides_when_one_of_them_won():
    """000 Part VI §3 tiebreak 1, RULES.md §3 Reading: b won the pod he shared with c, so
    b ranks above c although c scored more points in other games' pods."""
    games = [
        pod(1, {"b": 4, "c": 3, "x": 0}, "b"),
        pod(2, {"c": 4, "y": 5, "z": 0}, "y"),
        pod(2, {"b": 3, "w": 6, "v": 0}, "w"),
    ]
    rows = {r.player: r for r in compute_standings("bcvwxyz", games)}
    assert rows["b"].points == rows["c"].points == 7
    assert rows["b"].tiebreaks["head_to_head"] == 1 and rows["c"].tiebreaks["head_to_head"] == 0
    assert rows["b"].rank < rows["c"].rank
    assert "head-to-head decides (b 1, c 0)" in rows["b"].explanation


def test_explanations_are_structured_and_rendered_with_names():
    """000 Part VI §3 tiebreak 1 shown to people by name, from structured items."""
    games = [game(1, "a", 4, "b", 2), game(2, "a", 2, "c", 4), game(2, "b", 4, "d", 2)]
    rows = {r.player: r for r in compute_standings("abcd", games)}
    items = json.loads(json.dumps(rows["a"].explanation_items))
    text = render_standing_explanation(items, {"a": "Frodo", "b": "Sam"})
    assert text == "tied on 6 points with 1 other; head-to-head decides (Frodo 4, Sam 2)"


def test_a_huge_tie_keeps_explanations_linear():
    """000 Part VI §3 tiebreaks on 4,000 players tied on every tiebreak: each row holds a
    few items naming nobody (it used to list all the others: 294 MB), and memory grows
    linearly with the field."""
    peaks = {}
    for n in (1000, 4000):
        players = [f"p{i:05d}" for i in range(n)]
        games = [game(1, players[i], 3, players[i + 1], 3) for i in range(0, n, 2)]
        tracemalloc.start()
        rows = compute_standings(players, games)
        texts = [r.explanation for r in rows]
        peaks[n] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert all(r.rank == 1 and r.shares_first for r in rows)
        assert max(len(t) for t in texts) < 400
        for r in rows[:50]:
            assert not any(i.get("players") or i.get("shown") for i in r.explanation_items)
    assert peaks[4000] < 5 * peaks[1000], peaks
    assert peaks[4000] < 30 * 2**20, peaks


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(1, 16),
    rounds=st.integers(0, 4),
    chain=st.lists(st.sampled_from(sorted(TIEBREAKS)), max_size=3, unique=True),
    ejected_share=st.floats(0, 1),
)
def test_ejection_and_winner_properties(seed, n, rounds, chain, ejected_share):
    """RULES.md §3 and §6 Readings over random events: every ejected player is below every
    player still in; the winners are exactly the first-ranked players still in, and
    `shares_first` is set exactly when there are several."""
    players, games = random_event(seed, n, rounds)
    ejected = {p for p in players if random.Random(p + str(seed)).random() < ejected_share}
    rows = compute_standings(players, games, chain, ejected=ejected)
    flags = [r.ejected for r in rows]
    assert flags == sorted(flags), "no ejected player above a player still in"
    assert {r.player for r in rows if r.ejected} == ejected
    still = [r for r in rows if not r.ejected]
    winners = [r for r in rows if r.winner]
    assert winners == [r for r in still if r.rank == still[0].rank] if still else not winners
    assert all(r.shares_first == (len(winners) > 1) for r in winners)
    assert not any(r.shares_first for r in rows if not r.winner)
    ranks = [r.rank for r in rows]
    assert ranks == sorted(ranks)


def test_shared_rank_lists_numeric_ids_in_registration_order():
    """000 Part VI §3: players equal after every tiebreak share the place; they are listed
    by id, numerically ("9" before "10"), so an exported and re-imported event (new,
    larger ids in the same order) lists them the same way."""
    rows = compute_standings(
        ["10", "9", "11", "8"], [game(1, "10", 3, "9", 3), game(1, "11", 3, "8", 3)]
    )
    assert [r.player for r in rows] == ["8", "9", "10", "11"]
    assert all(r.rank == 1 for r in rows)
