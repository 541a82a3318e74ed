"""A whole Decipher 2003 Worlds through the API (RULES.md §8: "Two parallel Swiss heats (8
rounds each, best of one ...), the top 8 of each advancing to a top 16 single
elimination, best of three"; Decipher 2004: at most one bye per player), checked against
an independent reading: no game crosses two heats, each heat's standings are its own
players by points, the top 8 of each heat go on, seeded winners first, and the bracket
places the seeds as the standard bracket does."""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest
from django.test import Client
from rest_framework.test import APIClient

from audit.models import AuditEntry
from tests.tournaments.helpers import make_user

pytestmark = pytest.mark.django_db

PLAYERS = 35  # heats of 18 and 17: one of them has a bye every round


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _ok(response, status=200):
    assert response.status_code == status, response.content
    return response.json()


def _standard_first_round(size):
    """The standard bracket, built independently: seeds s and size+1-s meet, and the
    bracket halves keep seeds 1 and 2 apart until the final."""
    order = [1, 2]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return [(order[i], order[i + 1]) for i in range(0, size, 2)]


def _setup(api, rng):
    body = {"name": "Worlds 2003", "game": "lotr-tcg", "preset": "decipher-2003"}
    slug = _ok(api.post("/api/v1/events/", body, format="json"), 201)["slug"]
    _ok(api.post(f"/api/v1/events/{slug}/open/"))
    for i in range(PLAYERS):
        _ok(client_for(make_user(f"dec{i}")).post(f"/api/v1/events/{slug}/register/"), 201)
    return slug


def _play_swiss(api, slug, rng, heat_of):
    wins, losses, byes = Counter(), Counter(), Counter()
    met = defaultdict(set)
    for number in range(1, 9):
        # A seed per round: the event is reproduced exactly (pairing from the seed).
        body = {"seed": 2003 + number}
        rnd = _ok(api.post(f"/api/v1/events/{slug}/rounds/pair/", body, format="json"), 201)
        assert rnd["number"] == number
        if number == 1:
            heat_of.update(_heat_map(api, slug))
        round_byes = []
        for table in rnd["tables"]:
            ids = [s["registration"] for s in table["seats"]]
            if table["is_bye"]:
                round_byes.append(ids[0])
                byes[ids[0]] += 1
                wins[ids[0]] += 1  # a LOTR TCG bye scores as a win (RULES.md §2)
                continue
            a, b = ids
            assert heat_of[a] == heat_of[b], "a game across two heats"
            assert b not in met[a]
            met[a].add(b)
            met[b].add(a)
            winner = rng.choice(ids)
            body = {"seats": [{"registration": r} for r in ids], "winner": winner}
            _ok(api.post(f"/api/v1/events/{slug}/tables/{table['id']}/set/", body, format="json"))
            wins[winner] += 1
            losses[b if winner == a else a] += 1
        # Each odd heat has its own bye; the even one none.
        sizes = Counter(heat_of.values())
        odd = [h for h in sorted(sizes) if sizes[h] % 2]
        assert sorted(heat_of[p] for p in round_byes) == odd
    assert max(byes.values()) == 1  # at most one bye per player in the event
    response = api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "all_rounds_played"
    return wins, losses, met


def _heat_map(api, slug):
    heats = _ok(api.get(f"/api/v1/events/{slug}/heats/"))
    assert heats["count"] == 2 and heats["drawn"]
    sizes = sorted(len(h["players"]) for h in heats["heats"])
    assert sizes == [17, 18]  # balanced: sizes differ by at most one
    return {p: h["number"] for h in heats["heats"] for p in h["players"]}


def _opponents_points(player, met, wins):
    return sum(wins[o] for o in met[player])


def _check_heats(api, slug, heat_of, wins, losses, met):
    heats = _ok(api.get(f"/api/v1/events/{slug}/heats/"))["heats"]
    expected = []
    for heat in heats:
        rows = heat["standings"]
        assert {r["registration"] for r in rows} == set(heat["players"])
        assert [r["points"] for r in rows] == [wins[r["registration"]] for r in rows]
        assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)
        expected.append([r["registration"] for r in rows[:8]])
    return expected


def _strength(player, wins, losses, met):
    # Points, then the tiebreaks that compare players who never met (fewer losses,
    # opponents' points); head-to-head cannot compare two heats.
    return (wins[player], -losses[player], _opponents_points(player, met, wins))


def _bracket_pages(director, slug):
    """The page and the wall name each stage of a top 16 and lay its matches in a grid
    (a round of 16 wraps into rows instead of widening a phone's page)."""
    browser = Client()
    browser.force_login(director)
    for url in (f"/events/{slug}/bracket/", f"/events/{slug}/projector/bracket/"):
        page = browser.get(url).content.decode()
        names = ["Round of 16", "Quarter-finals", "Semi-finals", "Final"]
        assert [page.index(f">{n}<") for n in names] == sorted(page.index(f">{n}<") for n in names)
        assert page.count('class="bracket-stage"') == 4


def _reg(player):
    return player["registration"] if player else None


def _play_bracket(api, slug, rng, seeds):
    bracket = _ok(api.get(f"/api/v1/events/{slug}/bracket/"))
    assert bracket["top_cut"] == 16 and bracket["playoff_best_of"] == 3
    first = sorted((m for m in bracket["matches"] if m["stage"] == 1), key=lambda m: m["slot"])
    assert [(m["high_seed"], m["low_seed"]) for m in first] == _standard_first_round(16)
    assert [_reg(m["high"]) for m in first] == [seeds[m["high_seed"] - 1] for m in first]
    assert [_reg(m["low"]) for m in first] == [seeds[m["low_seed"] - 1] for m in first]
    losses = Counter()
    while True:
        bracket = _ok(api.get(f"/api/v1/events/{slug}/bracket/"))
        pending = [m for m in bracket["matches"] if m["status"] == "pending"]
        if not pending:
            break
        for match in pending:
            games = 0
            while True:
                winner = rng.choice([_reg(match["high"]), _reg(match["low"])])
                body = {"match": match["id"], "winner": winner}
                match = _ok(api.post(f"/api/v1/events/{slug}/playoff/result/", body, format="json"))
                games += 1
                if match["status"] == "done":
                    break
            assert 2 <= games <= 3  # best of three: the first to two wins
            high, low = _reg(match["high"]), _reg(match["low"])
            loser = low if _reg(match["winner"]) == high else high
            losses[loser] += 1
    return bracket, losses


def test_a_decipher_2003_worlds_runs_through_the_api_to_a_champion():
    rng = random.Random(2003)
    director = make_user("dec-worlds-td")
    api = client_for(director)
    slug = _setup(api, rng)
    heat_of: dict[int, int] = {}
    wins, losses, met = _play_swiss(api, slug, rng, heat_of)
    top = _check_heats(api, slug, heat_of, wins, losses, met)
    step = _ok(api.get(f"/api/v1/events/{slug}/stages/"))["next_step"]
    assert step["code"] == "start_stage" and step["heats"] == 2
    assert step["advance"] == 8 and step["per_group"]
    assert step["message"].startswith("Heats done: start the top 16")
    _ok(api.post(f"/api/v1/events/{slug}/stages/start/"))
    _bracket_pages(director, slug)
    # Seeds: the heats' k-th places as seeds 2k-1 and 2k, the stronger first.
    seeds = []
    for place in range(8):
        tier = [top[0][place], top[1][place]]
        tier.sort(key=lambda p: _strength(p, wins, losses, met), reverse=True)
        seeds += tier
    bracket, lost = _play_bracket(api, slug, rng, seeds)
    # Single elimination: every player but the champion loses exactly one match.
    assert sorted(lost.values()) == [1] * 15
    champion = _reg(next(m for m in bracket["matches"] if m["stage"] == 4)["winner"])
    assert champion not in lost
    assert bracket["final_standings"][0]["registration"] == str(champion)
    step = _ok(api.get(f"/api/v1/events/{slug}/stages/"))["next_step"]
    assert step["code"] == "finish"
    assert _ok(api.post(f"/api/v1/events/{slug}/finish/", {}, format="json"))["status"] == (
        "finished"
    )
    assert AuditEntry.objects.filter(action="groups_draw").exists()
