"""Matches of best of N at Swiss tables through the API (RULES.md §8): the typed games in
and out, refusals as 4xx with their reason, and a whole best-of-three Swiss played to
its end, its standings compared with an independent reading of the rules."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_user
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def _client(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def _ok(response, status=200):
    assert response.status_code == status, response.content
    return response.json()


def _event(api, game, players, best_of=3, options=None, prefix="bo"):
    event = _ok(api.post("/api/v1/events/", {"name": "Best of three", "game": game},
                         format="json"), 201)  # fmt: skip
    slug = event["slug"]
    plan = {"stages": [{"kind": "swiss", "best_of": best_of, "options": options or {}}]}
    _ok(api.put(f"/api/v1/events/{slug}/stages/", plan, format="json"))
    _ok(api.post(f"/api/v1/events/{slug}/open/"))
    users = {}
    for i in range(players):
        user = make_user(f"{prefix}{i}")
        reg = _ok(_client(user).post(f"/api/v1/events/{slug}/register/"), 201)
        users[reg["id"]] = user
    return slug, users


def _random_match(rng, ids, best_of, game):
    """Games until one player has won more than half; METW games may tie (replayed)."""
    need = best_of // 2 + 1
    wins = dict.fromkeys(ids, 0)
    games = []
    while max(wins.values()) < need:
        if game == "lotr-tcg":
            winner = rng.choice(ids)
            games.append({"seats": [{"registration": r} for r in ids], "winner": winner})
        else:
            a, b = rng.randint(0, 30), rng.randint(0, 30)
            games.append({"seats": [{"registration": ids[0], "mps": a},
                                    {"registration": ids[1], "mps": b}]})  # fmt: skip
            if a == b:
                continue  # a tie is replayed (RULES.md §8; the stage's default)
            winner = ids[0] if a > b else ids[1]
        wins[winner] += 1
    return games, max(wins, key=wins.get), wins


def _independent_points(game, wins, winner, loser):
    """The match in the standings (tournaments.rules.table_match Reading): LOTR TCG win 1 /
    loss 0; a points-based game by RULES.md §2's ratio table on the games won."""
    if game == "lotr-tcg":
        return 1, 0
    w, lo = wins[winner], wins[loser]
    if lo <= 0 or w >= 2 * lo:
        return 6, 0
    if 2 * w >= 3 * lo:
        return 5, 1
    return 4, 2


@pytest.mark.parametrize("game", ["metw", "lotr-tcg"])
def test_a_whole_best_of_three_swiss_through_the_api(game):
    rng = random.Random(game)
    director = make_user(f"dir-{game}")
    api = _client(director)
    slug, users = _event(api, game, 6, prefix=game[:4])
    points = defaultdict(int)
    rounds = 0
    while True:
        response = api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json")
        if response.status_code == 409:
            assert response.json()["code"] == "all_rounds_played"
            break
        body = _ok(response, 201)
        rounds += 1
        for table in body["tables"]:
            ids = [s["registration"] for s in table["seats"]]
            if table["is_bye"]:
                points[ids[0]] += table["seats"][0]["points"]
                continue
            assert table["best_of"] == 3
            games, winner, wins = _random_match(rng, ids, 3, game)
            loser = ids[1] if winner == ids[0] else ids[0]
            url = f"/api/v1/events/{slug}/tables/{table['id']}/"
            # The winner reports, the loser reports the same: confirmed.
            _ok(_client(users[winner]).post(url + "report/", {"games": games}, format="json"))
            done = _ok(_client(users[loser]).post(url + "report/", {"games": games}, format="json"))
            assert done["status"] == "confirmed"
            assert len(done["games"]) == len(games)
            seat = {s["registration"]: s for s in done["seats"]}
            expected = _independent_points(game, wins, winner, loser)
            assert (seat[winner]["points"], seat[loser]["points"]) == expected
            points[winner] += expected[0]
            points[loser] += expected[1]
    assert rounds == 3  # 6 players: 3 rounds (000 Part VI §3)
    standings = _ok(api.get(f"/api/v1/events/{slug}/standings/"))
    rows = standings["results"] if isinstance(standings, dict) else standings
    assert {r["registration"]: r["points"] for r in rows} == dict(points)


def test_a_game_after_the_match_is_decided_is_a_400_with_its_reason():
    director = make_user("dir-after")
    api = _client(director)
    slug, _users = _event(api, "metw", 2, prefix="after")
    table = _ok(api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json"), 201)["tables"][
        0
    ]
    a, b = (s["registration"] for s in table["seats"])

    def game(x, y):
        return {"seats": [{"registration": a, "mps": x}, {"registration": b, "mps": y}]}

    url = f"/api/v1/events/{slug}/tables/{table['id']}/set/"
    refused = api.post(url, {"games": [game(20, 5), game(20, 5), game(5, 20)]}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "after_decided"
    assert Table.objects.get(pk=table["id"]).status == "pending"
    single = api.post(url, {"seats": game(20, 5)["seats"]}, format="json")
    assert single.status_code == 400 and single.json()["code"] == "no_games"
    # The stage replays ties: nobody, the director included, counts one for a player.
    tie = {**game(10, 10), "counts_for": b}
    counted = api.post(url, {"games": [tie, game(20, 5), game(5, 20)]}, format="json")
    assert counted.status_code == 400 and counted.json()["code"] == "tie_replayed"
    ok = _ok(api.post(url, {"games": [game(10, 10), game(20, 5), game(5, 20), game(9, 3)]},
                      format="json"))  # fmt: skip
    assert [g["won_by"] for g in ok["games"]] == [None, a, b, a]
    assert [s["mps"] for s in ok["seats"]] == [2, 1] and ok["best_of"] == 3


def test_a_match_not_decided_yet_is_kept_as_its_games_so_far():
    director = make_user("dir-so-far")
    api = _client(director)
    slug, _users = _event(api, "metw", 2, prefix="sofar")
    table = _ok(api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json"), 201)["tables"][
        0
    ]
    a, b = (s["registration"] for s in table["seats"])
    one = {"seats": [{"registration": a, "mps": 20}, {"registration": b, "mps": 5}]}
    url = f"/api/v1/events/{slug}/tables/{table['id']}/set/"
    so_far = _ok(api.post(url, {"games": [one]}, format="json"))
    assert so_far["status"] == "pending" and len(so_far["games"]) == 1
    done = _ok(api.post(url, {"games": [one, one]}, format="json"))
    assert done["status"] == "confirmed" and len(done["games"]) == 2


def test_a_refused_match_is_explained_in_spanish(settings):
    director = make_user("dir-es")
    api = _client(director)
    slug, _users = _event(api, "metw", 2, prefix="es")
    table = _ok(api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json"), 201)["tables"][
        0
    ]
    a, b = (s["registration"] for s in table["seats"])
    one = {"seats": [{"registration": a, "mps": 20}, {"registration": b, "mps": 5}]}
    url = f"/api/v1/events/{slug}/tables/{table['id']}/set/"
    games = {"games": [one, one, one]}
    refused = api.post(url, games, format="json", HTTP_ACCEPT_LANGUAGE="es")
    assert refused.status_code == 400
    assert "llega después de que el enfrentamiento se decidiera" in refused.content.decode()
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
