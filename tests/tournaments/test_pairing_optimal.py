"""Swiss pairing equals the exact optimum of "as close as possible" (000 Part VI §3,
RULES.md §3 Reading): every round of events of 24–150 players, and Hypothesis fields,
compared with the independent solvers of pairing_reference."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing import PairingImpossible, PairingPlayer, pair_swiss, rounds_for_players
from tournaments.pairing.objective import lower_bound
from tournaments.pairing.prune import possible_tables
from tournaments.pairing.simulate import SimulatedEvent

from .test_pairing_reference import brute, check_round, full_graph


@pytest.mark.parametrize("n", [24, 25, 37, 64, 101, 150])
def test_every_round_equals_the_full_graph_optimum(n):
    """000 Part VI §3 "as close as possible" (RULES.md §3 Reading): every round of whole
    simulated events has the least squared difference and then the fewest floaters of
    all rematch-free pairings (same bye), and says when it is proven."""
    compared = 0
    for seed in range(3 if n <= 64 else 2):
        ev = SimulatedEvent(n, seed)
        for r in range(1, rounds_for_players(n) + 3):
            players = ev.players()
            try:
                pairing = ev.next_round()
            except PairingImpossible:
                assert full_graph(players, None) is None or n % 2
                break
            check_round(players, pairing)
            if r > 1:
                expected = full_graph(players, pairing.bye)
                got = (pairing.squared_difference, pairing.floaters)
                assert got == expected, f"n={n} seed={seed} round={r} {pairing.method}"
                assert pairing.proven_optimal
                compared += 1
            ev.play(pairing)
    assert compared


def _fields(draw_players: int) -> st.SearchStrategy:
    return st.lists(
        st.tuples(st.integers(0, 9), st.sets(st.integers(0, draw_players - 1), max_size=4)),
        min_size=2,
        max_size=draw_players,
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=_fields(12), byes=st.sets(st.integers(0, 11)), round_number=st.integers(2, 9))
def test_any_small_field_equals_brute_force(field, byes, round_number):
    """000 Part VI §3 with RULES.md §3 Reading on arbitrary histories: no rematch, everybody
    once, the bye to the lowest-scored player without one unless no pairing then exists,
    and the lexicographic optimum of all pairings (brute force)."""
    n = len(field)
    met: dict[int, set[int]] = {i: set() for i in range(n)}
    for i, (_, opp) in enumerate(field):
        for j in opp:
            if j < n and j != i:
                met[i].add(j)
                met[j].add(i)
    players = [
        PairingPlayer(f"p{i}", f"P{i}", s, frozenset(f"p{j}" for j in met[i]), i in byes)
        for i, (s, _) in enumerate(field)
    ]
    eligible = [p for p in players if not p.had_bye] if n % 2 else [None]
    try:
        pairing = pair_swiss(players, round_number, seed=n)
    except PairingImpossible:
        assert all(brute(players, b and b.id) is None for b in eligible)
        return
    check_round(players, pairing)
    assert (pairing.squared_difference, pairing.floaters) == brute(players, pairing.bye)
    if pairing.bye is not None:
        score = {p.id: p.score for p in players}[pairing.bye]
        lower = [p for p in eligible if p.score < score]
        assert all(brute(players, p.id) is None for p in lower), "bye to the lowest score"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 30), rounds=st.integers(1, 7), seed=st.integers(0, 10**6))
def test_whole_events_properties(n, rounds, seed):
    """000 Part VI §3 over a whole event: no rematch, one bye per player at most, optimal
    every round (RULES.md §3 Reading), reproducible from the seed in any input order."""
    ev = SimulatedEvent(n, seed)
    for r in range(1, rounds + 1):
        players = ev.players()
        try:
            pairing = ev.next_round()
        except PairingImpossible as exc:
            eligible = [p.id for p in players if not p.had_bye] if n % 2 else [None]
            assert all(full_graph(players, b) is None for b in eligible), str(exc)
            return
        check_round(players, pairing)
        assert pair_swiss(players[::-1], r, seed * 1000 + r).tables == pairing.tables
        if r > 1:
            assert (pairing.squared_difference, pairing.floaters) == full_graph(
                players, pairing.bye
            )
        ev.play(pairing)
    assert all(count <= 1 for count in ev.byes.values())


def test_windows_on_big_events_keep_every_rule():
    """000 Part VI §3 beyond the full-graph size (forced here on 300-player events): still
    no rematch, everybody once, bye rules; blocked rounds are solved on the conflicted
    groups only and, when bound.py's certificate proves them, equal the full-graph optimum
    (RULES.md §3 Reading)."""
    methods = set()
    for seed in range(2):
        ev = SimulatedEvent(300, seed)
        for r in range(1, 10):
            players = ev.players()
            pairing = pair_swiss(players, r, seed * 1000 + r, full_exact_limit=0)
            check_round(players, pairing)
            methods.add(pairing.method)
            assert pairing.proven_optimal == (pairing.method != "window")
            if pairing.method == "conflicted":
                got = (pairing.squared_difference, pairing.floaters)
                assert got == full_graph(players, pairing.bye)
            ev.play(pairing)
    assert "conflicted" in methods and "exact" not in methods


@settings(max_examples=200, deadline=None)
@given(
    scores=st.lists(st.integers(0, 8), min_size=2, max_size=12).filter(lambda s: len(s) % 2 == 0),
    bound=st.integers(0, 40),
)
def test_pruned_tables_are_exactly_those_that_can_fit_the_bound(scores, bound):
    """RULES.md §3 Reading (least squared difference): a table is left out of the exact
    matching only if its own cost plus the least cost of pairing everybody else (the
    neighbours' pairing) exceeds a pairing already found — checked against that definition."""
    s = sorted(scores, reverse=True)
    n = len(s)
    expected = {
        (i, j)
        for i in range(n)
        for j in range(i + 1, n)
        if (s[i] - s[j]) ** 2 + lower_bound([s[k] for k in range(n) if k not in (i, j)])[0] <= bound
    }
    assert set(possible_tables(s, bound)) == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-5, 12), min_size=2, max_size=10).filter(lambda s: len(s) % 2 == 0))
def test_neighbours_pairing_is_the_lower_bound(scores):
    """RULES.md §3 Reading: without rematches, pairing neighbours in score order is the
    optimum (squared difference, then floaters) — brute force over every pairing."""
    players = [PairingPlayer(f"p{i}", "", s, frozenset()) for i, s in enumerate(scores)]
    assert lower_bound(sorted(scores, reverse=True)) == brute(players, None)
