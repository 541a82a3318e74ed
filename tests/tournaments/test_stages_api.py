"""Whole events of each finished preset, driven through the API with random results
(RULES.md §8), compared with an independent reading of the rules."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from rest_framework.test import APIClient

from audit.models import AuditEntry
from tests.tournaments.helpers import make_user

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _ok(response, status=200):
    assert response.status_code == status, response.content
    return response.json()


def _play_round(api, slug, round_body, rng):
    """Enter a random result at every table; returns (a, b, a_points, b_points) per game."""
    games = []
    for table in round_body["tables"]:
        if table["is_bye"]:
            continue
        a, b = (s["registration"] for s in table["seats"])
        mps = {a: rng.randint(0, 30), b: rng.randint(0, 30)}
        body = {"seats": [{"registration": r, "mps": m} for r, m in mps.items()]}
        done = _ok(
            api.post(f"/api/v1/events/{slug}/tables/{table['id']}/set/", body, format="json")
        )
        points = {s["registration"]: s["points"] for s in done["seats"]}
        games.append((a, b, points[a], points[b]))
    return games


def _event(api, preset, game, players):
    body = {"name": f"{preset} event", "game": game, "preset": preset}
    event = _ok(api.post("/api/v1/events/", body, format="json"), 201)
    slug = event["slug"]
    assert event["preset"] == preset
    _ok(api.post(f"/api/v1/events/{slug}/open/"))
    for i in range(players):
        _ok(client_for(make_user(f"{preset[:6]}{i}")).post(f"/api/v1/events/{slug}/register/"), 201)
    return slug


def _swiss(api, slug, rng):
    while True:
        response = api.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json")
        if response.status_code == 409:
            assert response.json()["code"] == "all_rounds_played"
            return
        _play_round(api, slug, _ok(response, 201), rng)


def _independent_robin(seeds, games):
    """RULES.md §8 (CoE): points from zero, then head-to-head among the tied, then the
    semi-final rank."""
    points = dict.fromkeys(seeds, 0)
    for a, b, pa, pb in games:
        points[a] += pa
        points[b] += pb
    tied = defaultdict(list)
    for s in seeds:
        tied[points[s]].append(s)
    h2h = dict.fromkeys(seeds, 0)
    for group in tied.values():
        for a, b, pa, pb in games:
            if a in group and b in group:
                h2h[a] += pa
                h2h[b] += pb
    return sorted(seeds, key=lambda s: (-points[s], -h2h[s], seeds.index(s)))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_coe_general_opponent_event_runs_swiss_then_a_top_four_round_robin(seed):
    """RULES.md §8: the CoE Worlds is a Swiss semi-final, then the top 4 play a round
    robin (3 rounds) in which tournament points start again from zero; ties by
    head-to-head, then the semi-final rank (Reading)."""
    rng = random.Random(seed)
    director = make_user(f"coe-td{seed}")
    api = client_for(director)
    slug = _event(api, "coe-general-opponent", "metw", 8)
    plan = _ok(api.get(f"/api/v1/events/{slug}/stages/"))
    assert [(s["kind"], s["advance"], s["carry_points"]) for s in plan["stages"]] == [
        ("swiss", None, True),
        ("round_robin", 4, False),
    ]
    _swiss(api, slug, rng)
    swiss_order = [
        r["registration"] for r in _ok(api.get(f"/api/v1/events/{slug}/standings/"))["results"]
    ]
    step = _ok(api.get(f"/api/v1/events/{slug}/stages/"))["next_step"]
    assert step["code"] == "start_stage"
    assert step["message"] == "Swiss done: start the round robin of the top 4."
    refused = api.post(f"/api/v1/events/{slug}/finish/", {}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "stage_not_played"
    _ok(api.post(f"/api/v1/events/{slug}/stages/start/"))
    seeds = swiss_order[:4]
    robin_games = []
    met = set()
    for _ in range(3):
        rounds = _ok(api.get(f"/api/v1/events/{slug}/rounds/"))
        number = (
            rounds[-1]["number"] if isinstance(rounds, list) else rounds["results"][-1]["number"]
        )
        body = _ok(api.get(f"/api/v1/events/{slug}/rounds/{number}/"))
        seated = [s["registration"] for t in body["tables"] for s in t["seats"]]
        assert sorted(seated) == sorted(seeds)
        games = _play_round(api, slug, body, rng)
        for a, b, _pa, _pb in games:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
        robin_games += games
        if len(met) < 6:
            _ok(api.post(f"/api/v1/events/{slug}/stages/pair/"), 201)
    assert len(met) == 6
    table = _ok(api.get(f"/api/v1/events/{slug}/stages/2/crosstable/"))
    assert [r["registration"] for r in table["standings"]] == _independent_robin(seeds, robin_games)
    assert sum(r["points"] for r in table["standings"]) == sum(
        pa + pb for _a, _b, pa, pb in robin_games
    )
    assert _ok(api.get(f"/api/v1/events/{slug}/stages/"))["next_step"]["code"] == "finish"
    finished = _ok(api.post(f"/api/v1/events/{slug}/finish/", {}, format="json"))
    assert finished["status"] == "finished"


def test_presets_are_listed_with_their_sources():
    """RULES.md §8: each preset is documented with its source."""
    listed = _ok(client_for().get("/api/v1/event-presets/"))
    keys = [p["key"] for p in listed]
    assert keys == [
        "rulebook", "coe-general-opponent", "coe-online", "pc-worlds", "gemp-league",
        "decipher-2003", "dice-organizer",
    ]  # fmt: skip
    for preset in listed:
        assert preset["name"] and preset["summary"] and preset["source"]
    assert "RULES.md §8" in listed[1]["source"]


def test_a_preset_for_another_game_is_refused_and_an_unknown_one_is_a_field_error():
    api = client_for(make_user("td-wrong"))
    body = {"name": "X", "game": "lore", "preset": "pc-worlds"}
    response = api.post("/api/v1/events/", body, format="json")
    assert response.status_code == 400 and response.json()["code"] == "preset_game"
    response = api.post("/api/v1/events/", {**body, "preset": "nope"}, format="json")
    assert response.status_code == 400 and "preset" in response.content.decode()


def test_a_stage_left_unplayed_can_be_skipped_on_purpose_and_it_is_audited():
    """The service refuses to finish while a configured stage has not been played, unless
    the director skips it (audited)."""
    rng = random.Random(5)
    director = make_user("skip-td")
    api = client_for(director)
    slug = _event(api, "coe-general-opponent", "metw", 6)
    _swiss(api, slug, rng)
    assert client_for(make_user("outsider")).post(
        f"/api/v1/events/{slug}/stages/2/skip/"
    ).status_code in (403, 404)
    plan = _ok(api.post(f"/api/v1/events/{slug}/stages/2/skip/"))
    assert plan["stages"][1]["skipped_at"] is not None
    assert plan["next_step"]["code"] == "finish"
    assert AuditEntry.objects.filter(action="stage_skip").exists()
    assert _ok(api.post(f"/api/v1/events/{slug}/finish/", {}, format="json"))["status"] == (
        "finished"
    )


def test_events_without_a_preset_have_no_stages_and_finish_as_before():
    rng = random.Random(3)
    api = client_for(make_user("plain-td"))
    event = _ok(api.post("/api/v1/events/", {"name": "Plain", "game": "lore"}, format="json"), 201)
    slug = event["slug"]
    assert event["preset"] == "rulebook"
    _ok(api.post(f"/api/v1/events/{slug}/open/"))
    for i in range(6):
        _ok(client_for(make_user(f"plain{i}")).post(f"/api/v1/events/{slug}/register/"), 201)
    _swiss(api, slug, rng)
    plan = _ok(api.get(f"/api/v1/events/{slug}/stages/"))
    assert plan["stages"] == [] and plan["next_step"] is None
    assert _ok(api.post(f"/api/v1/events/{slug}/finish/", {}, format="json"))["status"] == (
        "finished"
    )
