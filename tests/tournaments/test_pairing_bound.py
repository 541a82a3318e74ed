"""The score bound and the certificate that prove a Swiss round optimal (pairing/bound.py;
000 Part VI §3 "as close as possible", RULES.md §3 Reading), checked against the
independent full-graph matcher of test_pairing_reference and against brute force."""

from __future__ import annotations

import random

import pytest
from django.utils import translation
from django.utils.html import escape
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event, make_user, play_round, play_table
from tournaments import services
from tournaments.pairing import PairingImpossible, PairingPlayer, pair_swiss
from tournaments.pairing.bound import (
    MAX_PRICED,
    certified_bound,
    lexicographic_cost,
    score_bound,
    unit_for,
)
from tournaments.pairing.fastpath import Players
from tournaments.pairing.objective import lower_bound
from tournaments.pairing.swiss import PROOF, PROOF_METHODS
from tournaments.services.rounds import compute_pairing
from tournaments.words.explanations import proof_line, round_explanation

from .test_pairing_reference import brute, check_round, full_graph


def _players(field: list[tuple[int, set[int]]], byes: set[int]) -> list[PairingPlayer]:
    n = len(field)
    met: dict[int, set[int]] = {i: set() for i in range(n)}
    for i, (_, opp) in enumerate(field):
        for j in opp:
            if j < n and j != i:
                met[i].add(j)
                met[j].add(i)
    return [
        PairingPlayer(f"p{i}", f"P{i}", s, frozenset(f"p{j}" for j in met[i]), i in byes)
        for i, (s, _) in enumerate(field)
    ]


def _proof(pairing) -> dict:
    [item] = [i for i in pairing.explanation_items if i["code"] == PROOF]
    return item


@settings(deadline=None)
@given(st.lists(st.integers(0, 40), min_size=2, max_size=60).filter(lambda s: len(s) % 2 == 0))
def test_score_bound_is_the_neighbours_pairing(scores):
    """RULES.md §3 Reading: the odd-boundary bound equals the cost of pairing neighbours in
    score order (bound.py's proof, step 4), which objective.py computes independently."""
    ordered = sorted(scores, reverse=True)
    assert score_bound(scores).bound == lower_bound(ordered)[0]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    field=st.lists(
        st.tuples(st.integers(0, 9), st.sets(st.integers(0, 11), max_size=4)),
        min_size=2,
        max_size=12,
    ).filter(lambda f: len(f) % 2 == 0),
    priced=st.sets(st.integers(0, 11)),
)
def test_no_pairing_beats_either_bound(field, priced):
    """000 Part VI §3 "as close as possible": the score bound and the certificate (any
    players priced) are below or at the brute-force optimum of every history."""
    players = _players(field, set())
    best = brute(players, None)
    if best is None:
        return
    assert score_bound(p.score for p in players).bound <= best[0]
    order = sorted(range(len(players)), key=lambda i: -players[i].score)
    pl = Players(
        [p.id for p in players], [p.score for p in players], [p.opponents for p in players]
    )
    unit = unit_for(len(order))
    chosen = [i for i in order if i in priced]
    assert certified_bound(pl, order, chosen) <= best[0] * unit + best[1]


def _event_field(n: int, seed: int, rounds: int) -> list[PairingPlayer]:
    """A late-round history: scores spread like a Swiss event, rematch constraints dense
    at the top and bottom (where earlier games block the score structure)."""
    rng = random.Random(seed)
    scores = sorted(sum(rng.choice((0, 1, 3)) for _ in range(rounds)) for _ in range(n))
    met: dict[int, set[int]] = {i: set() for i in range(n)}
    for _ in range(n * rounds // 2):
        i = rng.randrange(n)
        j = min(n - 1, max(0, i + rng.randint(-4, 4)))
        if i != j:
            met[i].add(j)
            met[j].add(i)
    return [
        PairingPlayer(f"p{i:03d}", f"P{i}", scores[i], frozenset(f"p{j:03d}" for j in met[i]))
        for i in range(n)
    ]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(10, 80),
    seed=st.integers(0, 10**6),
    rounds=st.integers(3, 8),
    limit=st.sampled_from([0, 1000]),
    byes=st.sets(st.integers(0, 79), max_size=10),
)
def test_rounds_equal_the_oracle_with_their_proof(n, seed, rounds, limit, byes):
    """000 Part VI §3 and RULES.md §3 Reading on random histories with rematch constraints,
    byes and floats: every round proven optimal costs what the full exact matcher (the
    oracle) finds, whether it was solved by the bound, by exact matching of the conflicted
    groups only, or by the full graph; its proof item agrees with the bound and the cost."""
    players = [
        PairingPlayer(p.id, p.name, p.score, p.opponents, i in byes)
        for i, p in enumerate(_event_field(n, seed, rounds))
    ]
    try:
        pairing = pair_swiss(players, rounds + 1, seed, full_exact_limit=limit)
    except PairingImpossible:
        return
    check_round(players, pairing)
    proof = _proof(pairing)
    scores = [p.score for p in players if p.id != pairing.bye]
    assert proof["bound"] == score_bound(scores).bound <= pairing.squared_difference
    assert proof["cost"] == pairing.squared_difference
    if pairing.proven_optimal:
        expected = full_graph(players, pairing.bye)
        assert (pairing.squared_difference, pairing.floaters) == expected, pairing.method
    if proof["method"] == "bound":
        assert pairing.squared_difference == proof["bound"]


def test_a_blocked_top_is_solved_on_the_conflicted_groups_and_proven():
    """RULES.md §3 Reading: the leader has met the only player one point below, so he must
    go two points down; the certificate proves that round optimal without the full graph
    (full_exact_limit=0 switches the full graph off)."""
    players = [
        PairingPlayer("a", "A", 9, frozenset({"b"})),
        PairingPlayer("b", "B", 8, frozenset({"a"})),
    ]
    players += [PairingPlayer(f"c{i}", f"C{i}", 7, frozenset()) for i in range(3)]
    players += [PairingPlayer(f"d{i}", f"D{i}", 3, frozenset()) for i in range(40)]
    players += [PairingPlayer("e", "E", 0, frozenset())]
    pairing = pair_swiss(players, 4, seed=3, full_exact_limit=0)
    assert pairing.method == "conflicted" and pairing.proven_optimal
    assert (pairing.squared_difference, pairing.floaters) == full_graph(players, None)
    proof = _proof(pairing)
    # Odd boundaries 9|8, 7|3 and 3|0: the bound 1 + 16 + 9; the round 4 + 1 + 16 + 9.
    assert proof["bound"] == 26 and proof["cost"] == 30 and proof["method"] == "conflicted"
    assert proof["conflicted_groups"] >= 1


def test_the_proof_in_words_in_english_and_spanish():
    """The proof is shown in words on the round page and in the API, in both languages."""
    players = [PairingPlayer(p, p.upper(), s, frozenset()) for p, s in
               [("a", 3), ("b", 3), ("c", 3), ("d", 0), ("e", 0), ("f", 0)]]  # fmt: skip
    item = _proof(pair_swiss(players, 2, seed=1))
    assert item == {
        "code": PROOF, "method": "bound", "odd_groups": 1, "bound": 9, "cost": 9,
        "conflicted_groups": 0, "conflicted_players": 0,
    }  # fmt: skip
    with translation.override("en"):
        line = proof_line(item)
    assert line.startswith("Optimal: 1 score group had an odd number of players above it")
    assert "costs at least 9" in line
    with translation.override("es"):
        spanish = proof_line(item)
    assert spanish.startswith("Óptimo") and "9" in spanish
    with translation.override("es"):
        conflicted = proof_line({**item, "method": "conflicted", "conflicted_groups": 2})
    assert conflicted.startswith("Óptimo") and "emparejamiento exacto" in conflicted


def test_the_certificate_counts_the_floaters_too():
    """RULES.md §3 Reading's second criterion (fewest players outside their score group)
    is inside the certificate's unit: a pairing at the bound reaches it exactly."""
    scores = [5, 5, 4, 4]
    pl = Players(["a", "b", "c", "d"], scores, [frozenset()] * 4)
    unit = unit_for(4)
    assert certified_bound(pl, [0, 1, 2, 3], []) == 0
    assert lexicographic_cost([(0, 2), (1, 3)], scores, unit) == 2 * unit + 4


@pytest.mark.django_db
def test_the_round_page_and_the_api_show_the_proof(client):
    """The proof is stored with the round's explanation (code and numbers) and shown in
    words on the director's round page and in the API."""
    director = make_user()
    event = make_event(director, planned_rounds=3)
    for name in ["Frodo", "Sam", "Merry", "Pippin", "Rosie", "Lobelia"]:
        services.add_walkin(director, event, display_name=name)
    play_round(director, services.pair_next_round(director, event, seed=2))
    second = services.pair_next_round(director, event, seed=2)
    [item] = [i for i in second.explanation if i["code"] == PROOF]
    line = proof_line(item)
    assert line.startswith("Optimal") and line in round_explanation(second)
    client.force_login(director)
    page = client.get(f"/events/{event.slug}/manage/?round=2").content.decode()
    assert escape(line) in page
    api = APIClient()
    api.force_authenticate(director)
    assert line in api.get(f"/api/v1/events/{event.slug}/rounds/2/").json()["explanation"]
    # The public pairings say it too, for the players who ask why they meet whom.
    client.logout()
    public = client.get(f"/events/{event.slug}/pairings/?round=2").content.decode()
    assert escape(line) in public
    with translation.override("es"):
        spanish = proof_line(item)
    assert spanish != line
    public_es = client.get(
        f"/events/{event.slug}/pairings/?round=2", HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert escape(spanish) in public_es


def test_too_many_priced_players_fall_back_to_the_score_bound():
    """A certificate over more players than MAX_PRICED is not built (its matching would
    cost more than it saves); the score bound (RULES.md §3 Reading) is still a bound."""
    n = MAX_PRICED + 2
    pl = Players([f"p{i}" for i in range(n)], [1] * (n - 1) + [0], [frozenset()] * n)
    order = list(range(n))
    unit = unit_for(n)
    assert (
        certified_bound(pl, order, order) == 1 * unit + 2 == score_bound(pl.score).bound * unit + 2
    )


# Master points of a game's two seats: 6-0, 5-1 and 4-2 by the ratio table, then a tie.
_RESULTS = ([20, 5], [15, 10], [12, 10], [10, 10])


def _seed_solved_by(event, number: int, wanted: str) -> int:
    """A seed whose pairing of the round is proven by ``wanted``, else seed 1."""
    for seed in range(1, 16):
        pairing = compute_pairing(event, number, seed)
        if PROOF_METHODS.get(getattr(pairing, "method", "")) == wanted:
            return seed
    return 1


@pytest.mark.django_db
def test_every_round_shows_its_proof_and_its_bound_is_the_score_bound(client):
    """RULES.md §3 Reading: every paired round's proof, of either kind (the score bound
    reached, or the exact matching of the conflicted groups checked by the certificate),
    is in words on the director's page of that round and in the round API, and the bound
    it states is bound.py's score bound of the players paired that round."""
    director = make_user()
    event = make_event(director, planned_rounds=8)
    for i in range(40):
        services.add_walkin(director, event, display_name=f"Player {i}")
    client.force_login(director)
    api = APIClient()
    api.force_authenticate(director)
    rng = random.Random(5)
    methods: list[str] = []
    for number in range(1, 9):
        records = services.player_records(event)
        seed = _seed_solved_by(event, number, "conflicted") if number > 1 else 1
        rnd = services.pair_next_round(director, event, seed=seed)
        proofs = [i for i in rnd.explanation if i["code"] == PROOF]
        if number > 1:
            [item] = proofs
            paired = [s.registration_id for t in rnd.tables.filter(is_bye=False)
                      for s in t.seats.all()]  # fmt: skip
            assert item["bound"] == score_bound(records[r].score for r in paired).bound
            line = proof_line(item)
            page = client.get(f"/events/{event.slug}/manage/?round={number}").content.decode()
            assert escape(line) in page
            api_round = api.get(f"/api/v1/events/{event.slug}/rounds/{number}/").json()
            assert line in api_round["explanation"]
            methods.append(item["method"])
            if "conflicted" in methods:
                break
        for table in rnd.tables.filter(is_bye=False):
            play_table(director, table, rng.choice(_RESULTS))
    assert {"bound", "conflicted"} <= set(methods), methods
