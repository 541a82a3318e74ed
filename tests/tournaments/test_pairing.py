"""Two-player Swiss pairing: 000 Part VI §3 "Pairings" (and RULES.md §3)."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing import PairingImpossible, PairingPlayer, SwissPairing, pair_swiss
from tournaments.pairing import swiss as swiss_module
from tournaments.pairing.common import max_weight_matching
from tournaments.pairing.simulate import SimulatedEvent


def P(pid, score=0, opponents=(), had_bye=False):
    return PairingPlayer(pid, pid.upper(), score, frozenset(opponents), had_bye)


def exact_reference(players, bye, fast=False):
    """Exact lexicographic optimum (floaters, total difference) by networkx on the full graph
    (rustworkx's implementation of the same algorithm when `fast`)."""
    ps = [p for p in players if p.id != bye]
    n = len(ps)
    spread = max(p.score for p in ps) - min(p.score for p in ps)
    big_m = spread * (n // 2) + 1
    top = 2 * big_m + spread + 1
    g = nx.Graph()
    g.add_nodes_from(range(n))
    for i in range(n):
        for j in range(i + 1, n):
            if ps[j].id not in ps[i].opponents:
                d = abs(ps[i].score - ps[j].score)
                g.add_edge(i, j, weight=top - (2 * big_m + d if d else 0))
    if fast:
        found = max_weight_matching(n, [(a, b, w["weight"]) for a, b, w in g.edges(data=True)])
    else:
        found = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(found) != n:
        return None
    return (
        sum(2 for a, b in found if ps[a].score != ps[b].score),
        sum(abs(ps[a].score - ps[b].score) for a, b in found),
    )


def check_round(players, pairing: SwissPairing):
    """Invariants of every round: everybody once, no rematch, bye rules, stats consistent."""
    by_id = {p.id: p for p in players}
    seen = [x for t in pairing.tables for x in t] + ([pairing.bye] if pairing.bye else [])
    assert sorted(seen) == sorted(by_id), "everybody is paired exactly once or has the bye"
    for a, b in pairing.tables:
        assert b not in by_id[a].opponents, f"rematch {a}-{b}"
    assert (pairing.bye is not None) == (len(players) % 2 == 1)
    if pairing.bye:
        assert not by_id[pairing.bye].had_bye, "no player gets two byes"
    cross = [(a, b) for a, b in pairing.tables if by_id[a].score != by_id[b].score]
    assert pairing.floaters == 2 * len(cross)
    assert pairing.score_difference == sum(
        abs(by_id[a].score - by_id[b].score) for a, b in pairing.tables
    )
    tops = [max(by_id[a].score, by_id[b].score) for a, b in pairing.tables]
    assert tops == sorted(tops, reverse=True), "table 1 holds the highest scores"
    assert pairing.explanation


def test_round_one_is_random_but_reproducible_from_the_seed():
    """000 Part VI §3: "The first round players are paired randomly" — from the stored seed."""
    players = [P(f"p{i:02d}") for i in range(20)]
    a = pair_swiss(players, 1, seed=42)
    assert a.tables == pair_swiss(list(reversed(players)), 1, seed=42).tables
    others = {tuple(pair_swiss(players, 1, seed=s).tables) for s in range(10)}
    assert len(others) > 5, "different seeds give different pairings"
    assert "random" in a.explanation[0]


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
    assert result.floaters == 0 and result.score_difference == 0


def test_or_as_close_as_possible_and_explained():
    """000 Part VI §3: "...or as close as possible": the odd 6-group sends one player to 5."""
    players = [P("a", 6), P("b", 6), P("c", 6), P("d", 5), P("e", 5), P("f", 5)]
    result = pair_swiss(players, 2, seed=3)
    assert result.floaters == 2 and result.score_difference == 1
    assert result.proven_optimal
    text = " ".join(result.explanation)
    assert "paired down" in text and "odd number" in text


def test_fewest_floaters_beat_smaller_difference():
    """RULES.md §3 reading: fewest players outside their group first, then the smallest gap.

    Groups 10 (1 player), 8 (2), 0 (1): one cross table 10-0 (2 floaters, difference 10)
    beats 10-8 and 8-0 (4 floaters, difference 10) — players are counted, not points.
    """
    players = [P("a", 10), P("b", 8), P("c", 8), P("d", 0)]
    result = pair_swiss(players, 3, seed=0)
    assert result.floaters == 2
    assert sorted(map(sorted, result.tables)) == [["a", "d"], ["b", "c"]]


def test_never_a_rematch_even_if_scores_match():
    """000 Part VI §3: "The same two players cannot be paired against each other twice"."""
    players = [P("a", 6, "b"), P("b", 6, "a"), P("c", 0, "d"), P("d", 0, "c")]
    result = pair_swiss(players, 2, seed=5)
    assert all(set(t) not in ({"a", "b"}, {"c", "d"}) for t in result.tables)
    assert result.floaters == 4


def test_bye_goes_to_lowest_score_without_a_bye():
    """000 Part VI §3: "the player with the lowest score gets a bye ... no player may get two"."""
    players = [P("a", 9), P("b", 6), P("c", 4, had_bye=True), P("d", 5), P("e", 7)]
    result = pair_swiss(players, 3, seed=2)
    assert result.bye == "d"
    assert "lowest score" in " ".join(result.explanation)


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
    players = [
        P("a", 9, "bce"),
        P("b", 6, "a"),
        P("c", 6, "a"),
        P("d", 0),
        P("e", 3, "a"),
    ]
    result = pair_swiss(players, 3, seed=1)
    assert result.bye == "e"
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


@pytest.mark.parametrize("n", [9, 40, 120, 200])
def test_fast_algorithm_equals_exact_matching_on_simulated_events(n, monkeypatch):
    """000 Part VI §3 "as close as possible": the fast path (and its core fallback) reaches
    the exact full-graph optimum — same floaters, same total score difference."""
    monkeypatch.setattr(swiss_module, "FULL_EXACT_LIMIT", 0)
    compared = 0
    for seed in range(1 if n >= 120 else 6):
        ev = SimulatedEvent(n, seed)
        for r in range(1, 8):
            players = ev.players()
            try:
                pairing = ev.next_round()
            except PairingImpossible:
                assert exact_reference(players, None) is None or n % 2
                break
            check_round(players, pairing)
            if r > 1:
                assert exact_reference(players, pairing.bye) == (
                    pairing.floaters,
                    pairing.score_difference,
                ), f"n={n} seed={seed} round={r}"
                compared += 1
            ev.play(pairing)
    assert compared


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 24),
    rounds=st.integers(1, 7),
    seed=st.integers(0, 10**6),
    small_limit=st.booleans(),
)
def test_properties_over_whole_events(n, rounds, seed, small_limit):
    """000 Part VI §3 over a whole event: no rematch, everybody once, one bye per player,
    bye to a lowest-scored player without a bye (unless that forces a rematch), optimal
    pairing, reproducible from the seed."""
    saved = swiss_module.FULL_EXACT_LIMIT
    swiss_module.FULL_EXACT_LIMIT = 0 if small_limit else saved
    try:
        ev = SimulatedEvent(n, seed)
        for r in range(1, rounds + 1):
            players = ev.players()
            try:
                pairing = ev.next_round()
            except PairingImpossible as exc:
                # It must really be impossible for every eligible bye.
                eligible = [p.id for p in players if not p.had_bye] if n % 2 else [None]
                assert all(exact_reference(players, b) is None for b in eligible), str(exc)
                return
            check_round(players, pairing)
            assert pair_swiss(players[::-1], r, seed * 1000 + r).tables == pairing.tables
            if pairing.bye is not None and r > 1:
                bye_score = next(p.score for p in players if p.id == pairing.bye)
                lower = [p for p in players if not p.had_bye and p.score < bye_score]
                # Every lower-scored player without a bye must have been unusable.
                assert all(exact_reference(players, p.id) is None for p in lower)
            if r > 1:
                assert exact_reference(players, pairing.bye) == (
                    pairing.floaters,
                    pairing.score_difference,
                )
            ev.play(pairing)
        assert all(count <= 1 for count in ev.byes.values())
    finally:
        swiss_module.FULL_EXACT_LIMIT = saved


def test_large_round_uses_the_fast_path_and_is_proven_optimal():
    """000 Part VI §3 on a big event: the closed-form lower bound is reached (proof)."""
    ev = SimulatedEvent(2001, 3).run(3)
    players = ev.players()
    result = ev.next_round()
    check_round(players, result)
    assert result.method == "fast" and result.proven_optimal


def test_window_fallback_equals_exact_matching(monkeypatch):
    """000 Part VI §3 "as close as possible": where earlier games block the fast shape, the
    window fallback (exact matching between big score groups) still reaches the exact
    full-graph optimum. A 16-player "big group" threshold (40 in production) makes
    300-player events use windows; the reference is the same full-graph blossom matching
    run by rustworkx (networkx is too slow at this size)."""
    monkeypatch.setattr(swiss_module, "FULL_EXACT_LIMIT", 0)
    monkeypatch.setattr(swiss_module, "WINDOW_BIG_GROUP", 16)
    methods = []
    for seed in range(3):
        ev = SimulatedEvent(300, seed)
        for r in range(1, 10):
            players = ev.players()
            pairing = ev.next_round()
            check_round(players, pairing)
            if pairing.method != "fast":
                methods.append(pairing.method)
                assert exact_reference(players, pairing.bye, fast=True) == (
                    pairing.floaters,
                    pairing.score_difference,
                ), f"seed={seed} round={r} {pairing.method}"
            ev.play(pairing)
    assert "window" in methods


def test_explanation_names_the_blocking_rematch():
    """000 Part VI §3 no rematch: the director sees which earlier game forced a pair-down."""
    players = [P("a", 12, "b"), P("b", 12, "a"), P("c", 9), P("d", 9), P("e", 6), P("f", 3)]
    result = pair_swiss(players, 4, seed=7)
    text = "\n".join(result.explanation)
    assert "already met: A–B" in text
    assert result.floaters == 4 and result.proven_optimal
